import type { UserEvent } from '@wine/event-schemas';
import { guardedDelete } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const WATCHLISTS = 'watchlists';

/** A lot on a user's watchlist (seeds 000 §3.1 watchlistid, §4.7). */
export interface WatchlistDocument {
  _id: string;
  [key: string]: unknown;
  user_id: string;
  lot_id: string;
  added_at: string;
  _position: string;
}

export const watchlistId = (userId: string, lotId: string) => `${userId}:${lotId}`;

export const watchlistsProjection = defineProjection<
  Extract<UserEvent, { type: 'LotWatched' | 'LotUnwatched' }>
>({
  name: 'watchlists',
  collections: [WATCHLISTS],
  handles: ['LotWatched', 'LotUnwatched'],
  indexes: {
    [WATCHLISTS]: [
      { key: { user_id: 1, added_at: -1 }, name: 'user_added' },
      // A lot's watchers, counted for its seller (issue 33).
      { key: { lot_id: 1 }, name: 'lot' },
    ],
  },
  project(event): ProjectedOperation[] {
    const userId = event.streamName.slice('user-'.length);
    const { lotId } = event.data;
    const _id = watchlistId(userId, lotId);
    if (event.type === 'LotWatched') {
      const doc: WatchlistDocument = {
        _id,
        user_id: userId,
        lot_id: lotId,
        added_at: event.metadata.occurredAt,
        _position: event.position,
      };
      // Redelivery replays in log order from the checkpoint, so watch / unwatch pairs end as the log ends.
      return [
        {
          collection: WATCHLISTS,
          operation: { replaceOne: { filter: { _id }, replacement: doc, upsert: true } },
        },
      ];
    }
    return [guardedDelete(WATCHLISTS, _id, event)];
  },
});
