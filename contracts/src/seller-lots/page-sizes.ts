/**
 * seeds 000 §9: the page sizes a list offers (25, 50, 100). Apart from the schemas (actions.ts), so
 * the route that reads its size from the URL does not load zod with it (issue 11).
 */
export const sellerLotsPageSizes = [25, 50, 100] as const;
