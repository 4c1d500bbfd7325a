import type { LotDocument, LotView, ViewerFields } from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import { LOT_BIDDERS, type LotBidderDocument, lotBidderId } from '../bids/project.ts';
import { WATCHLISTS, type WatchlistDocument, watchlistId } from '../watchlists/project.ts';

/** What a visitor sees, and a user on a lot they never bid on or watched. */
export const noViewer: ViewerFields = { bidtopstatus: null, bid_or_not: 0, watchlistid: 0, my_max_bid: null };

/** The answer's shape: no internal fields, and `future_active` against the server clock (DOMAIN.md). */
export function lotView(doc: LotDocument, now: Date): LotView {
  const { _id, _position, ...rest } = doc;
  return {
    ...rest,
    future_active: rest.market_status === 'open' && Date.parse(rest.date_added) > now.getTime(),
    ...noViewer,
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
