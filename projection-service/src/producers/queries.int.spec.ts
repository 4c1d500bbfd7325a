import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { watchlistsProjection } from '../watchlists/project.ts';
import { FOLLOWERS, followersProjection } from './project.ts';
import { producerQueries } from './queries.ts';

/** Ann follows Opus One (re-rated to 3), then Latour; Bob follows Latour; Ann unfollows nobody. */
async function followed() {
  const record = eventRecorder();
  const docs = await applyEvents(
    [lotsProjection, watchlistsProjection, followersProjection],
    [
      record(
        'lot-o1',
        'LotListed',
        listedLot({ lotId: 'o1', producer: 'Opus One', closesAt: '2026-11-28T18:00:00.000Z' }),
      ),
      record(
        'lot-o2',
        'LotListed',
        listedLot({ lotId: 'o2', producer: 'Opus One', closesAt: '2026-11-27T18:00:00.000Z' }),
      ),
      record(
        'lot-o3',
        'LotListed',
        listedLot({ lotId: 'o3', producer: 'Opus One', closesAt: '2026-11-29T18:00:00.000Z' }),
      ),
      record('lot-l1', 'LotListed', listedLot({ lotId: 'l1', producer: 'Château Latour' })),
      record('user-ann', 'ProducerFollowed', { producer: 'Opus One', rating: 5 }),
      record('user-ann', 'ProducerFollowed', { producer: 'Château Latour', rating: 4 }),
      record('user-ann', 'ProducerFollowed', { producer: 'Opus One', rating: 3 }),
      record('user-bob', 'ProducerFollowed', { producer: 'Château Latour', rating: 5 }),
      record('user-bob', 'ProducerFollowed', { producer: 'Krug', rating: 5 }),
      record('user-bob', 'ProducerUnfollowed', { producer: 'Krug' }),
      record('user-ann', 'LotWatched', { lotId: 'o2' }),
    ],
    createEmbeddedDocumentStore(),
  );
  return { docs, ...(await queryApp(producerQueries, docs, manualClock('2026-11-22T13:00:00.000Z'))) };
}

describe('followers projection', () => {
  it('keeps when a producer was first followed through a re-rating, and drops an unfollowed one', async () => {
    const { docs, app } = await followed();
    const rows = await docs.collection(FOLLOWERS).find({}, { sort: { _id: 1 } });
    expect(rows.map((r) => [r._id, r.rating])).toEqual([
      ['ann:Château Latour', 4],
      ['ann:Opus One', 3],
      ['bob:Château Latour', 5],
    ]);
    const opus = rows.find((r) => r._id === 'ann:Opus One');
    expect(opus?.followed_at).toBe('2026-11-22T12:05:00.000Z');
    await app.close();
  });
});

describe('producer queries', () => {
  it('refuses a visitor', async () => {
    const { app, post } = await followed();
    expect((await post('/api/user/getFollowers', {})).statusCode).toBe(403);
    expect((await post('/api/user/myProducers', {})).statusCode).toBe(403);
    await app.close();
  });

  it("lists the caller's followed producers with their ratings, oldest first", async () => {
    const { app, post, signIn } = await followed();
    const answer = await post('/api/user/getFollowers', {}, await signIn('ann'));
    expect(answer.json().data.responseData).toEqual({
      records: [
        { follows: 'Opus One', rating: 3, followed_at: '2026-11-22T12:05:00.000Z' },
        { follows: 'Château Latour', rating: 4, followed_at: '2026-11-22T12:06:00.000Z' },
      ],
      totalRecords: 2,
      setDisp: 'Showing 1-2 of 2',
    });
    await app.close();
  });

  it('gives each followed producer its first open lots, closing soonest first, as the caller sees them', async () => {
    const { app, post, signIn } = await followed();
    const answer = await post('/api/user/myProducers', { lots: 2 }, await signIn('ann'));
    const { records } = answer.json().data.responseData;
    expect(records[0].follows).toBe('Opus One');
    expect(records[0].open_lots).toBe(3);
    expect(records[0].lots.map((l: { id: string; watchlistid: number }) => [l.id, l.watchlistid])).toEqual([
      ['o2', 1],
      ['o1', 0],
    ]);
    expect(records[1].lots.map((l: { id: string }) => l.id)).toEqual(['l1']);
    const tooMany = await post('/api/user/myProducers', { lots: 1000 }, await signIn('ann'));
    expect(tooMany.statusCode).toBe(400);
    await app.close();
  });
});
