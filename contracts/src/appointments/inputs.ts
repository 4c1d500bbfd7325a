import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { PageInput } from '../money/inputs.ts';
import { daysBetween, MAX_SLOT_RANGE_DAYS } from './calendar.ts';

const Id = z.string().trim().min(1).max(64);
/** A date at the pickup location, YYYY-MM-DD. */
const LocalDate = z.iso.date(lazy(() => t('appointment.dateFormat')));

/**
 * seeds 001 §7 appointment/checkAppointments: the slots from one date to another at the pickup
 * location (from today and two weeks on when left out), at most 31 days at once.
 */
export const CheckAppointmentsInput = z
  .strictObject({ from: LocalDate.optional(), to: LocalDate.optional() })
  .refine((r) => !r.from || !r.to || (r.to >= r.from && daysBetween(r.from, r.to) < MAX_SLOT_RANGE_DAYS), {
    path: ['to'],
    ...lazy(() => t('appointment.rangeTooLong', { days: MAX_SLOT_RANGE_DAYS })),
  });
export type CheckAppointmentsInput = z.input<typeof CheckAppointmentsInput>;

/** seeds 001 §7 getAppointments: the caller's appointments still to come, past ones, or all. */
export const GetAppointmentsInput = PageInput.extend({
  when: z.enum(['upcoming', 'past', 'all']).default('upcoming'),
});

export const AppointmentForInvoiceInput = z.strictObject({ invoice_id: Id });

/**
 * seeds 001 §7 appointment/update: book the invoice's pickup at a slot's start, move it to another
 * slot, or cancel it (`starts_at: null`).
 */
export const UpdateAppointmentInput = z.strictObject({
  invoice_id: Id,
  starts_at: z.iso.datetime({ offset: true, ...lazy(() => t('appointment.startsAtFormat')) }).nullable(),
});
export type UpdateAppointmentInput = z.input<typeof UpdateAppointmentInput>;

/** The staff's day (or week: `days` 7) at the pickup location, from `date`. */
export const DayAppointmentsInput = z.strictObject({
  date: LocalDate,
  days: z.union([z.literal(1), z.literal(7)]).default(1),
});
export type DayAppointmentsInput = z.input<typeof DayAppointmentsInput>;

/** Issue 34: the staff check in the buyer of an invoice's pickup. */
export const CheckInAppointmentInput = z.strictObject({ invoice_id: Id });
