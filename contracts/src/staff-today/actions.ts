import { z } from 'zod';
import { action, NoInput } from '../action.ts';

/**
 * Issue 34 "The day's work": the staff home's list of what waits today, each a count the screen links
 * to the list it counts (at the shop's date, in the pickup location's time zone).
 */
export const StaffToday = z.object({
  /** The shop's date, YYYY-MM-DD. */
  date: z.string(),
  /** Lots open now that close before the shop's midnight. */
  closingToday: z.number(),
  /** Invoices not paid in full whose due date has passed (voided ones aside). */
  pastDue: z.number(),
  /** Return requests no one has decided yet. */
  returnsToDecide: z.number(),
  /** Sellers' listings submitted for the house's review. */
  listingsToReview: z.number(),
  /** Bidders waiting for an answer to a bid-limit request. */
  bidLimitRequests: z.number(),
  /** Pickups booked at the shop today. */
  pickupsToday: z.number(),
});
export type StaffToday = z.infer<typeof StaffToday>;

export const staffTodayActions = {
  staffToday: action({
    path: '/api/admin/today',
    side: 'query',
    auth: ['admin', 'finance'],
    input: NoInput,
    output: StaffToday,
  }),
} as const;
