import {
  actions,
  addDays,
  appointmentCalendar,
  inBookingWindow,
  type LotDocument,
  localTime,
  slotsBetween,
} from '@wine/contracts';
import { AppError, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { LOTS } from '../lots/project.ts';
import { APPOINTMENT_SLOTS, APPOINTMENTS, type AppointmentDocument, type SlotDocument } from './project.ts';

/** Two weeks of slots when no end is named (as checkAppointments). */
const DEFAULT_DAYS = 14;

/**
 * seeds 001 §7 appointment/checkAppointmentsForAuction (issue 38 §2): the pickup slots for an
 * auction's lots, from the day after its last lot closes (the lots are made up together once the sale
 * is over) or today if later; each with its places left; and the caller's invoices of those lots to
 * collect that have no pickup booked yet.
 */
export const auctionAppointmentQueries: QueryPlugin = async (app, { docs, auth, settings, clock }) => {
  const { authorize, viewerOf } = auth;

  registerAction(app, actions.checkAppointmentsForAuction, authorize, async (input, { request }) => {
    const buyerId = viewerOf(request) as string;
    const lots = await docs
      .collection<LotDocument>(LOTS)
      .find({ auctionid: input.auction_id }, { projection: { _id: 1, date_closed: 1 } });
    if (lots.length === 0) throw new AppError('AUCTION_NOT_FOUND', { field: 'auction_id' });
    const lastClose = lots.reduce((last, lot) => (lot.date_closed > last ? lot.date_closed : last), '');
    const calendar = appointmentCalendar((await settings()).money);
    const now = clock.now();
    const today = localTime(now, calendar.timeZone).date;
    const closedDay = localTime(new Date(lastClose), calendar.timeZone).date;
    const firstDay = [today, addDays(closedDay, 1), input.from ?? today].sort().at(-1) as string;
    const to = input.to ?? addDays(firstDay, DEFAULT_DAYS - 1);
    const slots =
      to < firstDay
        ? []
        : slotsBetween(firstDay, to, calendar).filter((s) => inBookingWindow(s, calendar, now));
    const [booked, invoices] = await Promise.all([
      slots.length === 0
        ? Promise.resolve([])
        : docs
            .collection<SlotDocument>(APPOINTMENT_SLOTS)
            .find({ _id: { $gte: slots[0]?.startsAt, $lte: slots[slots.length - 1]?.startsAt } }),
      docs.collection<InvoiceDocument>(INVOICES).find(
        {
          buyer_id: buyerId,
          voided: false,
          'delivery.method': 'pickup',
          'items.product_id': { $in: lots.map((l) => l._id) },
        },
        { sort: { created_position: 1 }, projection: { _id: 1 } },
      ),
    ]);
    const withPickup = await docs
      .collection<AppointmentDocument>(APPOINTMENTS)
      .find({ _id: { $in: invoices.map((i) => i._id) }, status: 'booked' }, { projection: { _id: 1 } });
    const bookedIds = new Set(withPickup.map((a) => a._id));
    const placesTaken = new Map(booked.map((doc) => [doc._id, doc.booked]));
    const records = slots.map((slot) => ({
      starts_at: slot.startsAt,
      ends_at: slot.endsAt,
      date: slot.date,
      time: slot.time,
      capacity: calendar.capacity,
      remaining: Math.max(0, calendar.capacity - (placesTaken.get(slot.startsAt) ?? 0)),
    }));
    return {
      records,
      totalRecords: records.length,
      time_zone: calendar.timeZone,
      auction_id: input.auction_id,
      last_close: lastClose,
      first_day: firstDay,
      invoice_ids: invoices.map((i) => i._id).filter((id) => !bookedIds.has(id)),
    };
  });
};
