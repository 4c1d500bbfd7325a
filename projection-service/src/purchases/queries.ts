import { actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { lotViewsOf } from '../lots/view.ts';

/** The most invoices one buyer's purchases are read from (the newest): a collector's years of buying. */
const MAX_INVOICES = 2_000;

/**
 * seeds 000 §2.3 /purchases/:type: the buyer's purchased lots, on the listing /auctions/:type and
 * /watchlist/:type share (a LotPage, the caller's own standing on each). Read from their invoices that
 * stand (unpaid, partly paid or paid; never a voided order's), newest invoice first, each lot once (a
 * lot bought twice, by the bottle, is listed at its latest purchase), by how it was bought when asked.
 */
export const purchaseQueries: QueryPlugin = async (app, { docs, clock, auth }) => {
  const { authorize, viewerOf } = auth;

  registerAction(app, actions.myPurchases, authorize, async ({ type, page, limit }, { request }) => {
    const userId = viewerOf(request) as string;
    const invoices = await docs
      .collection<InvoiceDocument>(INVOICES)
      .find(
        { buyer_id: userId, voided: { $ne: true }, ...(type !== 'all' && { kind: type }) },
        { sort: { created_position: -1 }, limit: MAX_INVOICES, projection: { items: 1 } },
      );
    const lotIds = [...new Set(invoices.flatMap((invoice) => invoice.items.map((item) => item.product_id)))];
    const shown = lotIds.slice((page - 1) * limit, page * limit);
    return { records: await lotViewsOf(docs, clock, shown, userId), totalRecords: lotIds.length };
  });
};
