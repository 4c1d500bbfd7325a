import {
  type AppointmentCalendar,
  actions,
  addDays,
  appointmentCalendar,
  appointmentIcs,
  appointmentView,
  inBookingWindow,
  localTime,
  type SlotTime,
  slotsBetween,
  slotsOfDay,
  USERS,
  type UserDocument,
} from '@wine/contracts';
import { AppError, type DocumentStore, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { APPOINTMENT_SLOTS, APPOINTMENTS, type AppointmentDocument, type SlotDocument } from './project.ts';
import { recordOf } from './view.ts';

/** Two weeks of slots when checkAppointments names no end. */
/** The orders awaiting a pickup booking the dashboard lists (the newest). */
const AWAITING_SHOWN = 100;
const DEFAULT_DAYS = 14;

/** Places taken in each of these slots, from the slots read model. */
async function bookedIn(docs: DocumentStore, slots: readonly SlotTime[]): Promise<Map<string, SlotDocument>> {
  if (slots.length === 0) return new Map();
  const found = await docs
    .collection<SlotDocument>(APPOINTMENT_SLOTS)
    .find({ _id: { $gte: slots[0]?.startsAt, $lte: slots[slots.length - 1]?.startsAt } });
  return new Map(found.map((doc) => [doc._id, doc]));
}

/** The pickup read model's queries (seeds 001 §7 "Appointments"), in the pickup location's time. */
export const appointmentQueries: QueryPlugin = async (app, { docs, auth, settings, clock }) => {
  const { authorize, viewerOf } = auth;
  // The calendar as the settings read now (issue 34: the slots' capacity is a setting).
  const calendarNow = async () => appointmentCalendar((await settings()).money);
  const appointments = () => docs.collection<AppointmentDocument>(APPOINTMENTS);
  const slotView = (calendar: AppointmentCalendar, slot: SlotTime, booked: number) => ({
    starts_at: slot.startsAt,
    ends_at: slot.endsAt,
    date: slot.date,
    time: slot.time,
    capacity: calendar.capacity,
    remaining: Math.max(0, calendar.capacity - booked),
  });

  // seeds 001 §7 checkAppointments: the slots still bookable in the range, each with its places left
  // (a full one says 0, so a picker can show it taken).
  registerAction(app, actions.checkAppointments, authorize, async (input) => {
    const calendar = await calendarNow();
    const now = clock.now();
    const today = localTime(now, calendar.timeZone).date;
    const from = input.from && input.from > today ? input.from : today;
    const to = input.to ?? addDays(input.from ?? today, DEFAULT_DAYS - 1);
    const slots = slotsBetween(from, to, calendar).filter((s) => inBookingWindow(s, calendar, now));
    const booked = await bookedIn(docs, slots);
    const records = slots.map((slot) => slotView(calendar, slot, booked.get(slot.startsAt)?.booked ?? 0));
    return { records, totalRecords: records.length, time_zone: calendar.timeZone };
  });

  // seeds 001 §7 getAppointments: the caller's booked appointments; totalRecords is a list (its length is used).
  registerAction(app, actions.getAppointments, authorize, async ({ page, limit, when }, { request }) => {
    const calendar = await calendarNow();
    const now = clock.now().toISOString();
    const filter = {
      buyer_id: viewerOf(request) as string,
      status: 'booked',
      ...(when === 'upcoming' && { ends_at: { $gt: now } }),
      ...(when === 'past' && { ends_at: { $lte: now } }),
    };
    const sort = { starts_at: when === 'past' ? -1 : 1 } as const;
    const [rows, all] = await Promise.all([
      appointments().find(filter, { sort, skip: (page - 1) * limit, limit }),
      appointments().find(filter, { sort, projection: { appointment_id: 1 } }),
    ]);
    return {
      records: rows.map((doc) => appointmentView(recordOf(doc), calendar)),
      totalRecords: all.map((doc) => doc.appointment_id),
    };
  });

  // seeds 001 §7 getAppointmentForInvoice: the invoice's booked appointment and its calendar file.
  // Someone else's invoice is unknown, as in the invoice detail.
  registerAction(app, actions.getAppointmentForInvoice, authorize, async ({ invoice_id }, { request }) => {
    const calendar = await calendarNow();
    const buyerId = viewerOf(request) as string;
    const invoice = await docs.collection(INVOICES).findOne({ _id: invoice_id, buyer_id: buyerId });
    if (!invoice) throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
    const doc = await appointments().findOne({ _id: invoice_id, buyer_id: buyerId, status: 'booked' });
    if (!doc) return { records: [], calendars: null };
    return {
      records: [appointmentView(recordOf(doc), calendar)],
      calendars: appointmentIcs(recordOf(doc), (await settings()).money.pickup),
    };
  });

  // The staff's day (or week) at the pickup location: every slot, its places, who comes and whether
  // they were checked in; and the orders to collect here that have no pickup booked yet (issue 34).
  registerAction(app, actions.appointmentDashboard, authorize, async ({ date, days }) => {
    const calendar = await calendarNow();
    const slots = Array.from({ length: days }, (_, i) => slotsOfDay(addDays(date, i), calendar)).flat();
    const first = slots[0]?.startsAt ?? '';
    const last = slots[slots.length - 1]?.startsAt ?? '';
    const [booked, rows, booking] = await Promise.all([
      bookedIn(docs, slots),
      appointments().find(
        { status: 'booked', starts_at: { $gte: first, $lte: last } },
        { sort: { booked_at: 1 } },
      ),
      appointments().find({ status: 'booked' }, { projection: { _id: 1 } }),
    ]);
    const awaiting = await docs
      .collection<InvoiceDocument>(INVOICES)
      .find(
        { 'delivery.method': 'pickup', voided: false, _id: { $nin: booking.map((b) => b._id) } },
        { sort: { created_position: -1 }, limit: AWAITING_SHOWN },
      );
    const invoiceIds = [...new Set(rows.map((r) => r.invoice_id))];
    const [users, numbered] = await Promise.all([
      docs
        .collection<UserDocument>(USERS)
        .find({ _id: { $in: [...new Set([...rows, ...awaiting].map((r) => r.buyer_id))] } }),
      docs
        .collection<InvoiceDocument>(INVOICES)
        .find({ _id: { $in: invoiceIds } }, { projection: { _id: 1, number: 1 } }),
    ]);
    const nameOf = new Map(users.map((u) => [u._id, `${u.first_name} ${u.last_name}`.trim()]));
    const numberOf = new Map(numbered.map((i) => [i._id, i.number ?? null]));
    const records = slots.map((slot) => ({
      ...slotView(calendar, slot, booked.get(slot.startsAt)?.booked ?? 0),
      appointments: rows
        .filter((r) => r.starts_at === slot.startsAt)
        .map((r) => ({
          id: r.appointment_id,
          invoice_id: r.invoice_id,
          invoice_number: numberOf.get(r.invoice_id) ?? null,
          buyer_id: r.buyer_id,
          buyer_name: nameOf.get(r.buyer_id) ?? '',
          checked_in_at: r.checked_in_at ?? null,
        })),
    }));
    return {
      date,
      time_zone: calendar.timeZone,
      records,
      totalRecords: rows.length,
      awaiting: awaiting.map((invoice) => ({
        invoice_id: invoice._id,
        invoice_number: invoice.number ?? null,
        buyer_id: invoice.buyer_id,
        buyer_name: nameOf.get(invoice.buyer_id) ?? '',
        paid: invoice.status === 'paid',
      })),
    };
  });
};
