import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { auctionsProjection } from './project.ts';
import { auctionQueries } from './queries.ts';

const DETAIL = '/api/auction/detail';

const a7 = {
  title: 'Fine & Rare Wines',
  kind: 'timed',
  description: 'Mature Bordeaux',
  startsAt: '2026-11-15T12:00:00.000Z',
  firstCloseAt: '2026-11-21T18:00:00.000Z',
  lotsPerMinute: 10,
  locationId: 1,
  premiumText: '20% on the hammer',
};

/**
 * Auction a-7 (created as an auction): one lot sold (closed the 21st), two open (25th, 27th); auction
 * a-8: one lot, unsold, listed under an id no auction was created for; auction a-9: created, no lots yet.
 */
async function auctions() {
  const record = eventRecorder();
  const lot = (lotId: string, auctionId: string, closesAt: string, country = 'France') =>
    record(`lot-${lotId}`, 'LotListed', listedLot({ lotId, auctionId, closesAt, country, sku: lotId }));
  const close = (lotId: string, outcome: 'sold' | 'unsold', closesAt: string) =>
    record(`lot-${lotId}`, 'LotClosed', {
      outcome,
      winnerId: outcome === 'sold' ? 'bob' : null,
      hammerPrice: outcome === 'sold' ? 20_000 : null,
      losers: [],
      bidCount: outcome === 'sold' ? 1 : 0,
      reserveMet: outcome === 'sold',
      closesAt,
    });
  const docs = await applyEvents(
    [lotsProjection, auctionsProjection],
    [
      record('auction-a-7', 'AuctionCreated', { auctionId: 'a-7', ...a7 }),
      record('auction-a-9', 'AuctionCreated', {
        ...a7,
        auctionId: 'a-9',
        title: 'Winter Sale',
        firstCloseAt: '2026-12-21T18:00:00.000Z',
      }),
      lot('a7-1', 'a-7', '2026-11-21T18:00:00.000Z'),
      lot('a7-2', 'a-7', '2026-11-27T18:00:00.000Z', 'Italy'),
      lot('a7-3', 'a-7', '2026-11-25T18:00:00.000Z'),
      lot('a8-1', 'a-8', '2026-11-21T19:00:00.000Z'),
      close('a7-1', 'sold', '2026-11-21T18:00:00.000Z'),
      close('a8-1', 'unsold', '2026-11-21T19:00:00.000Z'),
    ],
    createEmbeddedDocumentStore(),
  );
  return queryApp(auctionQueries, docs, manualClock('2026-11-22T13:00:00.000Z'));
}

describe('one auction (/api/auction/detail)', () => {
  it('sums up an auction for a visitor: counts, the span of its closes and its next open close', async () => {
    const { app, post } = await auctions();
    const response = await post(DETAIL, { auctionid: 'a-7' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.responseData).toEqual({
      auctionid: 'a-7',
      title: 'Fine & Rare Wines',
      kind: 'timed',
      starts_at: '2026-11-15T12:00:00.000Z',
      description: 'Mature Bordeaux',
      premium_text: '20% on the hammer',
      location_id: 1,
      lot_count: 3,
      open_count: 2,
      first_close: '2026-11-21T18:00:00.000Z',
      last_close: '2026-11-27T18:00:00.000Z',
      next_close: '2026-11-25T18:00:00.000Z',
      countries: ['France', 'Italy'],
    });
    await app.close();
  });

  it('finds an auction whose lots have all closed, with no next close', async () => {
    const { app, post } = await auctions();
    const found = (await post(DETAIL, { auctionid: 'a-8' })).json().data.responseData;
    expect(found).toMatchObject({ auctionid: 'a-8', lot_count: 1, open_count: 0, next_close: null });
    // Listed under an id no auction was created for: the lots alone say what it is.
    expect(found).toMatchObject({ title: null, kind: null, premium_text: '' });
    await app.close();
  });

  it('finds an auction created without lots yet, closing at its first close', async () => {
    const { app, post } = await auctions();
    const found = (await post(DETAIL, { auctionid: 'a-9' })).json().data.responseData;
    expect(found).toMatchObject({
      auctionid: 'a-9',
      title: 'Winter Sale',
      lot_count: 0,
      first_close: '2026-12-21T18:00:00.000Z',
      last_close: '2026-12-21T18:00:00.000Z',
      next_close: null,
    });
    await app.close();
  });

  it('answers NOT_FOUND for an id neither an auction nor a lot carries', async () => {
    const { app, post } = await auctions();
    const response = await post(DETAIL, { auctionid: 'a-404' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      status: 'error',
      data: { responseType: 404, code: 'NOT_FOUND' },
    });
    await app.close();
  });

  it('refuses a missing, empty, oversized or hostile id with a validation error, never a 500', async () => {
    const { app, post } = await auctions();
    const bodies = [
      {},
      { auctionid: '' },
      { auctionid: 'x'.repeat(65) },
      { auctionid: { $ne: null } },
      { auctionid: 'a-7', x: 1 },
    ];
    for (const body of bodies) {
      const response = await post(DETAIL, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe('error');
    }
    await app.close();
  });

  it('still lists only the auctions with open lots on /auction', async () => {
    const { app, post } = await auctions();
    const { records } = (await post('/api/auction/search', {})).json().data.responseData;
    expect(records.map((r: { auctionid: string; title: string }) => [r.auctionid, r.title])).toEqual([
      ['a-7', 'Fine & Rare Wines'],
    ]);
    expect(records[0]).not.toHaveProperty('next_close');
    await app.close();
  });
});
