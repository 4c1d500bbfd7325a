/**
 * seeds 000 §2.3 /purchases/:type, "these three share one listing screen" with /auctions/:type and
 * /watchlist/:type: the lots the buyer bought, all of them or by how they were bought (issue 31: won at
 * auction, bought now; issue 36: by offer). Apart from the action (actions.ts) and free of zod: the
 * route's definition, in the first load, reads the types.
 */
export const purchaseTypes = ['all', 'auction', 'buynow', 'offer'] as const;
export type PurchaseType = (typeof purchaseTypes)[number];
