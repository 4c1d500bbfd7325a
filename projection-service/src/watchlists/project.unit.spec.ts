import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { WATCHLISTS, type WatchlistDocument, watchlistsProjection } from './project.ts';

const watchedOf = async (docs: Awaited<ReturnType<typeof applyEvents>>) =>
  (await docs.collection<WatchlistDocument>(WATCHLISTS).find({}, { sort: { _id: 1 } })).map(
    ({ _id, user_id, lot_id, added_at }) => ({ _id, user_id, lot_id, added_at }),
  );

describe('the watchlists read model', () => {
  it('keeps the lots each user watches, since when; an unwatch drops the lot from that user only', async () => {
    const record = eventRecorder();
    const events = [
      record('user-ann', 'LotWatched', { lotId: 'l-1' }),
      record('user-bob', 'LotWatched', { lotId: 'l-1' }),
      record('user-ann', 'LotWatched', { lotId: 'l-2' }),
      record('user-ann', 'LotUnwatched', { lotId: 'l-1' }),
    ];
    const docs = await applyEvents([watchlistsProjection], events);
    expect(await watchedOf(docs)).toEqual([
      { _id: 'ann:l-2', user_id: 'ann', lot_id: 'l-2', added_at: events[2]?.metadata.occurredAt },
      { _id: 'bob:l-1', user_id: 'bob', lot_id: 'l-1', added_at: events[1]?.metadata.occurredAt },
    ]);
  });

  it('ends as the log ends when it is replayed: watch, unwatch, watch again', async () => {
    const record = eventRecorder();
    const events = [
      record('user-cat', 'LotWatched', { lotId: 'l-3' }),
      record('user-cat', 'LotUnwatched', { lotId: 'l-3' }),
      record('user-cat', 'LotWatched', { lotId: 'l-3' }),
      record('user-dan', 'LotWatched', { lotId: 'l-3' }),
      record('user-dan', 'LotUnwatched', { lotId: 'l-3' }),
    ];
    const docs = await applyEvents([watchlistsProjection], events);
    await applyEvents([watchlistsProjection], events, docs);
    expect(await watchedOf(docs)).toEqual([
      { _id: 'cat:l-3', user_id: 'cat', lot_id: 'l-3', added_at: events[2]?.metadata.occurredAt },
    ]);
  });
});
