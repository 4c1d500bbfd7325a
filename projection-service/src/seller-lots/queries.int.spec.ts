import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { sellerLotQueries } from './queries.ts';

const SELLING = '/api/seller/mySellingLots';
const SOLD = '/api/seller/mySoldLots';

const closed = (outcome: 'sold' | 'unsold', hammerPrice: number | null, closesAt: string) => ({
  outcome,
  winnerId: outcome === 'sold' ? 'bob' : null,
  hammerPrice,
  losers: [],
  bidCount: outcome === 'sold' ? 3 : 0,
  reserveMet: outcome === 'sold',
  closesAt,
});

/**
 * ann sells s1 (closes 27th), s2 (not started yet, closes 25th), s3 (sold on the 21st for $420),
 * s4 (sold on the 22nd for $99), s5 (unsold); cat sells c1 (open) and c2 (sold).
 */
async function sellers(now = '2026-11-22T13:00:00.000Z') {
  const record = eventRecorder();
  const lot = (lotId: string, sellerId: string, over: Parameters<typeof listedLot>[0] = {}) =>
    record(`lot-${lotId}`, 'LotListed', listedLot({ lotId, sellerId, sku: `SKU-${lotId}`, ...over }));
  const docs = await applyEvents(
    [lotsProjection],
    [
      lot('s1', 'ann', { closesAt: '2026-11-27T18:00:00.000Z' }),
      lot('s2', 'ann', { startsAt: '2026-11-24T12:00:00.000Z', closesAt: '2026-11-25T18:00:00.000Z' }),
      lot('s3', 'ann', { closesAt: '2026-11-21T18:00:00.000Z' }),
      lot('s4', 'ann', { closesAt: '2026-11-22T10:00:00.000Z' }),
      lot('s5', 'ann', { closesAt: '2026-11-22T11:00:00.000Z' }),
      lot('c1', 'cat'),
      lot('c2', 'cat', { closesAt: '2026-11-22T09:00:00.000Z' }),
      record('lot-s3', 'LotClosed', closed('sold', 42_000, '2026-11-21T18:00:00.000Z')),
      record('lot-s4', 'LotClosed', closed('sold', 9_900, '2026-11-22T10:00:00.000Z')),
      record('lot-s5', 'LotClosed', closed('unsold', null, '2026-11-22T11:00:00.000Z')),
      record('lot-c2', 'LotClosed', closed('sold', 15_000, '2026-11-22T09:00:00.000Z')),
    ],
    createEmbeddedDocumentStore(),
  );
  return queryApp(sellerLotQueries, docs, manualClock(now));
}

const ids = (response: { json: () => { data: { responseData: { records: { id: string }[] } } } }) =>
  response.json().data.responseData.records.map((r) => r.id);

describe('seller lists (/api/seller/mySellingLots, /api/seller/mySoldLots)', () => {
  it('refuses a visitor with 403 on both lists, before reading the body', async () => {
    const { app, post } = await sellers();
    for (const path of [SELLING, SOLD]) {
      const response = await post(path, { page: 'not a number' });
      expect(response.statusCode).toBe(403);
      expect(response.json().status).toBe('error');
    }
    await app.close();
  });

  it("lists the caller's open lots only, the not yet started one included, closing soonest first", async () => {
    const { app, post, signIn } = await sellers();
    const response = await post(SELLING, {}, await signIn('ann'));
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(['s2', 's1']);
    const [notStarted, started] = response.json().data.responseData.records;
    expect(notStarted.future_active).toBe(true);
    expect(started.future_active).toBe(false);
    expect(notStarted.own_lot).toBe(1);
    expect(response.json().data.responseData.totalRecords).toBe(2);
    await app.close();
  });

  it('lists the caller’s sold lots with the sold price and close date, latest first, never the buyer', async () => {
    const { app, post, signIn } = await sellers();
    const response = await post(SOLD, {}, await signIn('ann'));
    expect(ids(response)).toEqual(['s4', 's3']);
    const [latest] = response.json().data.responseData.records;
    expect(latest).toMatchObject({
      market_status: 'sold',
      buynowamount: 9_900,
      cbidtext: 'Sold Price',
      date_closed: '2026-11-22T10:00:00.000Z',
    });
    expect(JSON.stringify(response.json())).not.toMatch(/bob|seller_id|winner/i);
    await app.close();
  });

  it("never shows another seller's lots, whatever the body asks", async () => {
    const { app, post, signIn } = await sellers();
    const cat = await signIn('cat');
    expect(ids(await post(SELLING, {}, cat))).toEqual(['c1']);
    expect(ids(await post(SOLD, {}, cat))).toEqual(['c2']);
    for (const body of [{ seller_id: 'ann' }, { sellerId: 'ann' }, { user_id: 'ann' }]) {
      const response = await post(SELLING, body, cat);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.responseType).toBe(400);
    }
    await app.close();
  });

  it('gives a user who sells nothing empty lists', async () => {
    const { app, post, signIn } = await sellers();
    const dan = await signIn('dan');
    for (const path of [SELLING, SOLD]) {
      expect((await post(path, {}, dan)).json().data.responseData).toEqual({
        records: [],
        totalRecords: 0,
        setDisp: '',
      });
    }
    await app.close();
  });

  it('pages by 25, 50 or 100 and refuses any other page size or page', async () => {
    const record = eventRecorder();
    const events = Array.from({ length: 27 }, (_, i) => {
      const lotId = `p${String(i).padStart(2, '0')}`;
      return record(
        `lot-${lotId}`,
        'LotListed',
        listedLot({
          lotId,
          sellerId: 'eve',
          closesAt: `2026-12-${String(i + 1).padStart(2, '0')}T12:00:00.000Z`,
        }),
      );
    });
    const docs = await applyEvents([lotsProjection], events, createEmbeddedDocumentStore(), 50);
    const { app, post, signIn } = await queryApp(
      sellerLotQueries,
      docs,
      manualClock('2026-11-22T13:00:00.000Z'),
    );
    const eve = await signIn('eve');
    const first = await post(SELLING, { page: 1, limit: 25 }, eve);
    expect(first.json().data.responseData.totalRecords).toBe(27);
    expect(ids(first)).toHaveLength(25);
    expect(ids(first)[0]).toBe('p00');
    expect(ids(await post(SELLING, { page: 2, limit: 25 }, eve))).toEqual(['p25', 'p26']);
    expect(ids(await post(SELLING, { page: 1, limit: 50 }, eve))).toHaveLength(27);
    for (const body of [{ limit: 30 }, { limit: 1_000_000 }, { page: 0 }, { page: -1 }, { page: 1.5 }]) {
      const response = await post(SELLING, body, eve);
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe('error');
    }
    await app.close();
  });
});
