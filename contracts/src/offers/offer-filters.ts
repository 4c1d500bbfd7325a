/**
 * Issue 36: the offers lists' filters and the staff's reasons to decline, as plain data apart from the
 * schemas (offers.ts), so the routes that read a filter from the URL do not load zod with them (issue 11).
 */

/** The lists' filter: open (waiting for the seller), countered (waiting for the buyer), and the ended. */
export const offerFilters = [
  'all',
  'open',
  'countered',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const;
export type OfferFilter = (typeof offerFilters)[number];

/** The reasons staff decline with (the fixed list; the house's own reasons are not chosen). */
export const offerDeclineReasons = [
  'price_too_low',
  'quantity_unavailable',
  'no_longer_for_sale',
  'other',
] as const;
export type OfferDeclineReason = (typeof offerDeclineReasons)[number];
