import { actions, type LotDocument, type PendingCounts, pickupTaxRate } from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { unpaidStatuses } from '../invoices/status.ts';
import { LOTS } from '../lots/project.ts';
import type { LotStock } from '../lots/stock.ts';
import { CART_LINES, CART_SET_ASIDE, type CartLineDocument, type SetAsideDocument } from './project.ts';
import { auctionCartView, buynowCartView, lapsedHolds } from './views.ts';

/** The caller's auction invoices still to pay (DOMAIN.md "Money": lots won wait unpaid in the auction cart). */
const unpaidAuctions = (userId: string) => ({
  buyer_id: userId,
  kind: 'auction',
  status: { $in: [...unpaidStatuses] },
});

async function lotsById(docs: DocumentStore, ids: readonly string[]) {
  const found = await docs.collection<LotDocument & LotStock>(LOTS).find({ _id: { $in: [...new Set(ids)] } });
  return new Map(found.map((lot) => [lot._id, lot]));
}

/** What the caller has still to pay for: the buy-now cart, the auction cart, and their counts. */
export const cartQueries: QueryPlugin = async (app, { docs, clock, auth, settings }) => {
  const { authorize, viewerOf } = auth;
  const lines = () => docs.collection<CartLineDocument>(CART_LINES);
  const invoices = () => docs.collection<InvoiceDocument>(INVOICES);

  // seeds 000 §7 loadPendingCount: auction invoices not paid yet; buy-now lines in the cart.
  registerAction(
    app,
    actions.pendingCount,
    authorize,
    async (_input, { request }): Promise<PendingCounts> => {
      const userId = viewerOf(request) as string;
      const [unpaid, inCart] = await Promise.all([
        invoices().countDocuments(unpaidAuctions(userId)),
        // Issue 38 §2: a line saved for later is not in the cart.
        lines().countDocuments({ user_id: userId, saved: { $ne: true } }),
      ]);
      return { auctionCount: { totalRecords: unpaid }, buynowCount: { totalRecords: inCart } };
    },
  );

  // seeds 001 §7 buynow/search: the buy-now cart, in the order the lots went in.
  registerAction(app, actions.buynowCart, authorize, async (_input, { request }) => {
    const userId = viewerOf(request) as string;
    const rows = await lines().find({ user_id: userId }, { sort: { added_at: 1, _id: 1 } });
    const [lots, orders] = await Promise.all([
      lotsById(
        docs,
        rows.map((r) => r.lot_id),
      ),
      // The buyer's latest buy-now orders of these lots: a lapsed hold is told on its line.
      rows.length
        ? invoices().find(
            { buyer_id: userId, kind: 'buynow', 'items.product_id': { $in: rows.map((r) => r.lot_id) } },
            { sort: { created_position: -1 }, limit: 50, projection: { items: 1, void_reason: 1 } },
          )
        : Promise.resolve([]),
    ]);
    const { money } = await settings();
    return buynowCartView(rows, lots, clock.now(), money.pickup, pickupTaxRate(money), lapsedHolds(orders));
  });

  // seeds 001 §7 cart/search: the auction cart, oldest invoice first.
  registerAction(app, actions.auctionCart, authorize, async (_input, { request }) => {
    const userId = viewerOf(request) as string;
    const [unpaid, aside] = await Promise.all([
      invoices().find(unpaidAuctions(userId), { sort: { created_position: 1 } }),
      docs
        .collection<SetAsideDocument>(CART_SET_ASIDE)
        .find({ user_id: userId, saved: true }, { projection: { invoice_id: 1 } }),
    ]);
    const lots = await lotsById(
      docs,
      unpaid.flatMap((i) => i.items.map((l) => l.product_id)),
    );
    const setAside = new Set(aside.map((a) => a.invoice_id));
    return auctionCartView(unpaid, lots, (await settings()).money.pickup, setAside);
  });
};
