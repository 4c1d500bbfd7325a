import type { LotDocument, LotView, ViewerFields } from '@wine/contracts';
import type { Clock, DocumentStore } from '@wine/platform';
import { LOT_BIDDERS, type LotBidderDocument, lotBidderId } from '../bids/project.ts';
import { WATCHLISTS, type WatchlistDocument, watchlistId } from '../watchlists/project.ts';
import { LOTS } from './project.ts';
import type { LotStock } from './stock.ts';

/**
 * A lot's picture for a cart or an invoice: its first attachment, an uploaded file (type 1) under
 * `/uploads/product/`, a URL (type 2) as it is; null with none.
 */
export function lotImage(lot: Pick<LotDocument, 'allattachmentlist'> | undefined): string | null {
  const first = lot?.allattachmentlist[0];
  if (!first) return null;
  return first.type === 2 ? first.file_name : `/uploads/product/${first.file_name}`;
}

/** What a visitor sees, and a user on a lot they never bid on, watched or listed. */
export const noViewer: ViewerFields = {
  bidtopstatus: null,
  bid_or_not: 0,
  watchlistid: 0,
  my_max_bid: null,
  own_lot: 0,
};

/**
 * The answer's shape as `viewer` sees it (null: a visitor, or everyone, as on the bus): no internal
 * fields, the seller's user id and the checkouts' holds among them; `future_active` against the server
 * clock (DOMAIN.md); and whether the lot is the viewer's own. `personalise` adds the viewer's standing.
 */
export function lotView(doc: LotDocument & LotStock, now: Date, viewer: string | null): LotView {
  const { _id, _position, seller_id, reserved, reservations, ...rest } = doc;
  return {
    ...rest,
    future_active: rest.market_status === 'open' && Date.parse(rest.date_added) > now.getTime(),
    ...noViewer,
    own_lot: viewer !== null && seller_id === viewer ? 1 : 0,
  };
}

/** The caller's own standing on each lot: their bid status and count, maximum, and watchlist flag. */
export async function personalise(
  docs: DocumentStore,
  views: LotView[],
  userId: string | null,
): Promise<LotView[]> {
  if (!userId || views.length === 0) return views;
  const [standings, watched] = await Promise.all([
    docs
      .collection<LotBidderDocument>(LOT_BIDDERS)
      .find({ _id: { $in: views.map((v) => lotBidderId(v.id, userId)) } }),
    docs
      .collection<WatchlistDocument>(WATCHLISTS)
      .find({ _id: { $in: views.map((v) => watchlistId(userId, v.id)) } }),
  ]);
  const byLot = new Map(standings.map((s) => [s.lot_id, s]));
  const watching = new Set(watched.map((w) => w.lot_id));
  return views.map((view) => {
    const standing = byLot.get(view.id);
    return {
      ...view,
      bidtopstatus: standing?.bidtopstatus ?? null,
      bid_or_not: standing?.bid_or_not ?? 0,
      my_max_bid: standing ? standing.max_bid : null,
      watchlistid: watching.has(view.id) ? 1 : 0,
    };
  });
}

/** Lots by id in the order given (a lot no longer there is left out), as `userId` sees them. */
export async function lotViewsOf(
  docs: DocumentStore,
  clock: Clock,
  ids: string[],
  userId: string | null,
): Promise<LotView[]> {
  const found = await docs.collection<LotDocument>(LOTS).find({ _id: { $in: ids } });
  const byId = new Map(found.map((d) => [d._id, d]));
  const now = clock.now();
  const views = ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [lotView(doc, now, userId)] : [];
  });
  return personalise(docs, views, userId);
}
