import { z } from 'zod';
import { t } from '../i18n/index.ts';
import type { PickupLocation } from '../money/settings.ts';
import { type AppointmentCalendar, hhmm, localTime } from './calendar.ts';
import { icsText } from './icalendar.ts';

/** A pickup slot and its places left (seeds 001 §7 appointment/checkAppointments). */
export const SlotView = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  /** The pickup location's local date (YYYY-MM-DD) and start time (HH:mm). */
  date: z.string(),
  time: z.string(),
  capacity: z.number(),
  remaining: z.number(),
});
export type SlotView = z.infer<typeof SlotView>;

export const SlotList = z.object({
  records: z.array(SlotView),
  totalRecords: z.number(),
  /** The zone the dates and times are in (the pickup location's). */
  time_zone: z.string(),
});
export type SlotList = z.infer<typeof SlotList>;

/** A pickup appointment of an invoice (seeds 001 §3 "Appointments"). */
export const AppointmentView = z.object({
  id: z.string(),
  invoice_id: z.string(),
  status: z.enum(['booked', 'cancelled']),
  starts_at: z.string(),
  ends_at: z.string(),
  date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  updated_at: z.string(),
});
export type AppointmentView = z.infer<typeof AppointmentView>;

/** seeds 001 §3, §7 getAppointments: records, and totalRecords, a list whose length is used (every id). */
export const AppointmentList = z.object({
  records: z.array(AppointmentView),
  totalRecords: z.array(z.string()),
});
export type AppointmentList = z.infer<typeof AppointmentList>;

/** seeds 001 §7 getAppointmentForInvoice: the invoice's appointment, and its iCalendar text. */
export const InvoiceAppointment = z.object({
  records: z.array(AppointmentView),
  /** The .ics text of the booked appointment; null when none is booked. */
  calendars: z.string().nullable(),
});
export type InvoiceAppointment = z.infer<typeof InvoiceAppointment>;

/** The staff's view of one day at the pickup location: each slot, who comes. */
export const DayAppointments = z.object({
  date: z.string(),
  time_zone: z.string(),
  records: z.array(
    SlotView.extend({
      appointments: z.array(
        z.object({
          id: z.string(),
          invoice_id: z.string(),
          /** The invoice's readable number, when it has one. */
          invoice_number: z.string().nullable(),
          buyer_id: z.string(),
          buyer_name: z.string(),
          /** Issue 34: when the buyer was checked in; null until then. */
          checked_in_at: z.string().nullable(),
        }),
      ),
    }),
  ),
  totalRecords: z.number(),
  /** Issue 34: orders to collect here (pickup, not void) with no pickup booked, newest first. */
  awaiting: z.array(
    z.object({
      invoice_id: z.string(),
      invoice_number: z.string().nullable(),
      buyer_id: z.string(),
      buyer_name: z.string(),
      paid: z.boolean(),
    }),
  ),
});
export type DayAppointments = z.infer<typeof DayAppointments>;

/** What both sides know of an appointment: the command side from its stream, the read side from its document. */
export interface AppointmentRecord {
  appointmentId: string;
  invoiceId: string;
  status: 'booked' | 'cancelled';
  startsAt: string;
  endsAt: string;
  /** Changes made to it (0 when booked): the calendar's SEQUENCE. */
  sequence: number;
  updatedAt: string;
}

export function appointmentView(record: AppointmentRecord, calendar: AppointmentCalendar): AppointmentView {
  const local = localTime(new Date(record.startsAt), calendar.timeZone);
  return {
    id: record.appointmentId,
    invoice_id: record.invoiceId,
    status: record.status,
    starts_at: record.startsAt,
    ends_at: record.endsAt,
    date: local.date,
    time: hhmm(local.minutes),
    time_zone: calendar.timeZone,
    updated_at: record.updatedAt,
  };
}

/**
 * The appointment as an iCalendar event, in the current language: the one text the confirmation
 * mail attaches and getAppointmentForInvoice answers, so both put the same event in a calendar.
 */
export function appointmentIcs(record: AppointmentRecord, location: PickupLocation): string {
  const place = `${location.name}, ${location.address1}, ${location.city}, ${location.state} ${location.zip}`;
  return icsText({
    uid: `${record.appointmentId}@pickup.fine-wine-auction`,
    sequence: record.sequence,
    stamp: record.updatedAt,
    start: record.startsAt,
    end: record.endsAt,
    summary: t('appointment.calendarSummary', { invoice: record.invoiceId }),
    location: place,
    description: t('appointment.calendarDescription', { invoice: record.invoiceId, phone: location.phone }),
    status: record.status === 'booked' ? 'CONFIRMED' : 'CANCELLED',
  });
}
