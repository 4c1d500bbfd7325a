import { actions, type RealisedPricePage } from '@wine/contracts';
import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { pricesRealisedProjection } from './project.ts';
import { pricesRealisedQueries } from './queries.ts';

const record = eventRecorder();
const close = (lotId: string, hammerPrice: number | null, closesAt: string, extra = {}) =>
  record(`lot-${lotId}`, 'LotClosed', {
    outcome: hammerPrice === null ? 'unsold' : 'sold',
    winnerId: hammerPrice === null ? null : 'user-w',
    hammerPrice,
    losers: [],
    bidCount: hammerPrice === null ? 0 : 4,
    reserveMet: hammerPrice !== null,
    closesAt,
    ...extra,
  });
const list = (lotId: string, overrides = {}) =>
  record(`lot-${lotId}`, 'LotListed', listedLot({ lotId, ...overrides }));

let served: Awaited<ReturnType<typeof queryApp>>;
beforeAll(async () => {
  const docs = await applyEvents(
    [pricesRealisedProjection],
    [
      list('latour10', { title: '2010 Château Latour', producer: 'Château Latour', vintage: 2010 }),
      list('latour05', { title: '2005 Château Latour', producer: 'Château Latour', vintage: 2005 }),
      list('barolo', {
        title: '2016 Giacomo Conterno Barolo',
        producer: 'Giacomo Conterno',
        vintage: 2016,
        country: 'Italy',
        region: 'Piedmont',
      }),
      list('unsold', { title: '2010 Château Latour magnum', producer: 'Château Latour', vintage: 2010 }),
      list('open', { title: '2010 Château Latour (open)', producer: 'Château Latour', vintage: 2010 }),
      list('soldout', { title: '2010 Château Latour buy now', buyNow: true, buyNowPrice: 50_000 }),
      close('latour10', 150_000, '2026-11-20T18:00:00.000Z', { quantity: 1 }),
      close('latour05', 90_000, '2026-11-21T18:00:00.000Z', { quantity: 1 }),
      close('barolo', 30_000, '2026-11-19T18:00:00.000Z', { quantity: 1 }),
      close('unsold', null, '2026-11-22T18:00:00.000Z'),
      close('soldout', 50_000, '2026-11-18T10:00:00.000Z', { endedBy: 'sold_out', quantity: 0 }),
    ],
    createEmbeddedDocumentStore(),
  );
  served = await queryApp(pricesRealisedQueries, docs, manualClock('2026-11-23T13:00:00.000Z'));
});
afterAll(() => served.app.close());

const search = async (body: unknown) => {
  const response = await served.post(actions.pricesRealised.path, body);
  return { status: response.statusCode, body: response.json() };
};
const realised = async (body: unknown) => (await search(body)).body.data.responseData as RealisedPricePage;

describe('prices realised (/api/product/pricesRealised)', () => {
  it('answers a visitor only the lots sold at auction, with their hammer, closed most recently first', async () => {
    const page = await realised({});
    expect(page.totalRecords).toBe(3);
    expect(page.records.map((r) => [r.id, r.hammer_price, r.closed_at])).toEqual([
      ['latour05', 90_000, '2026-11-21T18:00:00.000Z'],
      ['latour10', 150_000, '2026-11-20T18:00:00.000Z'],
      ['barolo', 30_000, '2026-11-19T18:00:00.000Z'],
    ]);
    expect(page.records[0]).toMatchObject({
      producer: 'Château Latour',
      vintage: 2005,
      qty: 1,
      bid_count: 4,
    });
  });

  it('searches by words (every word, any of title, producer, region, country), producer and vintage', async () => {
    expect((await realised({ q: 'latour' })).records.map((r) => r.id)).toEqual(['latour05', 'latour10']);
    expect((await realised({ q: 'piedmont barolo' })).records.map((r) => r.id)).toEqual(['barolo']);
    expect((await realised({ q: 'latour italy' })).totalRecords).toBe(0);
    expect((await realised({ producer: 'château latour', vintage: 2010 })).records.map((r) => r.id)).toEqual([
      'latour10',
    ]);
    // Words are text, never a pattern.
    expect((await realised({ q: '.*' })).totalRecords).toBe(0);
  });

  it('pages the results, counting them all', async () => {
    const first = await realised({ limit: 25, page: 1 });
    const second = await realised({ limit: 25, page: 2 });
    expect([first.records.length, second.records.length, second.totalRecords]).toEqual([3, 0, 3]);
  });

  it('refuses a bad page size or vintage, naming the field', async () => {
    for (const [body, field] of [
      [{ limit: 7 }, 'limit'],
      [{ vintage: 'old' }, 'vintage'],
      [{ q: { $ne: null } }, 'q'],
      [{ sort: 'hammer' }, 'sort'],
    ] as const) {
      const { status, body: answer } = await search(body);
      expect(status).toBe(400);
      expect(answer.data.responseData.field).toBe(field);
    }
  });
});
