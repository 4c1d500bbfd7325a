/**
 * seeds 000 §2.3 /auctions/:type (My Bids), /watchlist/:type: the tabs. Apart from the schemas
 * (bids.ts), so the route that reads its tab from the URL does not load zod with it (issue 11).
 */
export const myBidTypes = ['all', 'winning', 'outbid', 'won', 'lost'] as const;
