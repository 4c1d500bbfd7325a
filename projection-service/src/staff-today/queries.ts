import { actions, addDays, instantAt, localTime, type StaffToday, USERS } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import { APPOINTMENTS } from '../appointments/project.ts';
import type { QueryPlugin } from '../core/queries.ts';
import { INVOICES } from '../invoices/project.ts';
import { LOTS } from '../lots/project.ts';
import { RETURNS } from '../returns/project.ts';
import { STAFF_LOTS } from '../staff-lots/project.ts';

/**
 * Issue 34 "The day's work": what waits today, counted from the read models at the shop's date (the
 * pickup location's time zone): lots closing before midnight, invoices past due, returns to decide,
 * listings to review, bid-limit requests and the day's pickups.
 */
export const staffTodayQueries: QueryPlugin = async (app, { docs, auth, clock, settings }) => {
  registerAction(app, actions.staffToday, auth.authorize, async (): Promise<StaffToday> => {
    const now = clock.now();
    const zone = (await settings()).money.appointmentTimeZone;
    const date = localTime(now, zone).date;
    const midnight = instantAt(addDays(date, 1), 0, zone).toISOString();
    const dayStart = instantAt(date, 0, zone).toISOString();
    const at = now.toISOString();
    const [closingToday, pastDue, returnsToDecide, listingsToReview, bidLimitRequests, pickupsToday] =
      await Promise.all([
        docs
          .collection(LOTS)
          .countDocuments({ market_status: 'open', date_closed: { $gt: at, $lt: midnight } }),
        docs
          .collection(INVOICES)
          .countDocuments({ status: { $in: ['unpaid', 'partial'] }, voided: false, due_at: { $lt: at } }),
        docs.collection(RETURNS).countDocuments({ status: 'requested' }),
        docs.collection(STAFF_LOTS).countDocuments({ status: 'submitted' }),
        docs.collection(USERS).countDocuments({ bid_limit_requested: { $ne: null } }),
        docs
          .collection(APPOINTMENTS)
          .countDocuments({ status: 'booked', starts_at: { $gte: dayStart, $lt: midnight } }),
      ]);
    return { date, closingToday, pastDue, returnsToDecide, listingsToReview, bidLimitRequests, pickupsToday };
  });
};
