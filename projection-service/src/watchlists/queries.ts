import { actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { lotViewsOf } from '../lots/view.ts';
import { hiddenAmong } from '../lots/visibility.ts';
import { WATCHLISTS, type WatchlistDocument } from './project.ts';

/** The watchlists read model's query: the caller's own watchlist. */
export const watchlistQueries: QueryPlugin = async (app, { docs, clock, auth }) => {
  const { authorize, viewerOf } = auth;

  // seeds 000 §2.3 /watchlist/:type (My Watchlist): latest added first.
  registerAction(app, actions.myWatchlist, authorize, async ({ page, limit }, { request }) => {
    const userId = viewerOf(request) as string;
    const watched = docs.collection<WatchlistDocument>(WATCHLISTS);
    // Issue 36 §5: a private sale the user is no guest of is neither listed nor counted.
    const all = await watched.find({ user_id: userId }, { projection: { lot_id: 1 } });
    const hidden = await hiddenAmong(
      docs,
      all.map((r) => r.lot_id),
      userId,
    );
    const filter = hidden.length ? { user_id: userId, lot_id: { $nin: hidden } } : { user_id: userId };
    const [rows, totalRecords] = await Promise.all([
      watched.find(filter, { sort: { added_at: -1 }, skip: (page - 1) * limit, limit }),
      watched.countDocuments(filter),
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
