import { actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { lotViewsOf } from '../lots/view.ts';
import { WATCHLISTS, type WatchlistDocument } from './project.ts';

/** The watchlists read model's query: the caller's own watchlist. */
export const watchlistQueries: QueryPlugin = async (app, { docs, clock, auth }) => {
  const { authorize, viewerOf } = auth;

  // seeds 000 §2.3 /watchlist/:type (My Watchlist): latest added first.
  registerAction(app, actions.myWatchlist, authorize, async ({ page, limit }, { request }) => {
    const userId = viewerOf(request) as string;
    const watched = docs.collection<WatchlistDocument>(WATCHLISTS);
    const [rows, totalRecords] = await Promise.all([
      watched.find({ user_id: userId }, { sort: { added_at: -1 }, skip: (page - 1) * limit, limit }),
      watched.countDocuments({ user_id: userId }),
    ]);
    return {
      records: await lotViewsOf(
        docs,
        clock,
        rows.map((r) => r.lot_id),
        userId,
      ),
      totalRecords,
    };
  });
};
