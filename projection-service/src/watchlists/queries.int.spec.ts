import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { watchlistsProjection } from './project.ts';
import { watchlistQueries } from './queries.ts';

const record = eventRecorder();

/** Three lots: ann watches w1 then w3, bob watches w2. */
async function watched() {
  const docs = await applyEvents(
    [lotsProjection, watchlistsProjection],
    [
      record('lot-w1', 'LotListed', listedLot({ lotId: 'w1', title: 'First' })),
      record('lot-w2', 'LotListed', listedLot({ lotId: 'w2', title: 'Second' })),
      record('lot-w3', 'LotListed', listedLot({ lotId: 'w3', title: 'Third' })),
      record('user-ann', 'LotWatched', { lotId: 'w1' }),
      record('user-bob', 'LotWatched', { lotId: 'w2' }),
      record('user-ann', 'LotWatched', { lotId: 'w3' }),
    ],
    createEmbeddedDocumentStore(),
  );
  return queryApp(watchlistQueries, docs, manualClock('2026-11-22T13:00:00.000Z'));
}

describe('watchlist query (/api/user/watchlist)', () => {
  it('refuses a caller without a token with 403', async () => {
    const { app, post } = await watched();
    const response = await post('/api/user/watchlist', {});
    expect(response.statusCode).toBe(403);
    expect(response.json().status).toBe('error');
    await app.close();
  });

  it("lists the caller's watched lots only, latest added first, marked as watched", async () => {
    const { app, post, signIn } = await watched();
    const response = await post('/api/user/watchlist', {}, await signIn('ann'));
    expect(response.statusCode).toBe(200);
    const { records, totalRecords } = response.json().data.responseData;
    expect(totalRecords).toBe(2);
    expect(records.map((r: { id: string }) => r.id)).toEqual(['w3', 'w1']);
    expect(records.every((r: { watchlistid: number }) => r.watchlistid === 1)).toBe(true);
    await app.close();
  });

  it('gives a user who watches nothing an empty list', async () => {
    const { app, post, signIn } = await watched();
    const response = await post('/api/user/watchlist', {}, await signIn('cat'));
    expect(response.json().data.responseData).toEqual({ records: [], totalRecords: 0, setDisp: '' });
    await app.close();
  });
});
