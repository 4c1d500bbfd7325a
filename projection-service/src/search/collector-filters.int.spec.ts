import { actions, type SearchFilter } from '@wine/contracts';
import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { lotQueries } from '../lots/queries.ts';

/** Issue 31: the filters a collector expects, through the search API on the lots read model. */
const record = eventRecorder();
let served: Awaited<ReturnType<typeof queryApp>>;
beforeAll(async () => {
  const docs = await applyEvents(
    [lotsProjection],
    [
      record(
        'lot-r1',
        'LotListed',
        listedLot({ lotId: 'r1', reserve: 50_000, closesAt: '2026-11-23T20:00:00.000Z' }),
      ),
      record(
        'lot-n1',
        'LotListed',
        listedLot({ lotId: 'n1', reserve: null, closesAt: '2026-11-24T03:00:00.000Z' }),
      ),
      record(
        'lot-n2',
        'LotListed',
        listedLot({ lotId: 'n2', reserve: 0, closesAt: '2026-11-25T18:00:00.000Z' }),
      ),
      record(
        'lot-b1',
        'LotListed',
        listedLot({
          lotId: 'b1',
          auction: false,
          buyNow: true,
          buyNowPrice: 8_000,
          producer: 'Domaine Leflaive',
          closesAt: '2026-12-20T18:00:00.000Z',
        }),
      ),
      // A reserve added later is a reserve; one taken away is none.
      record('lot-n1', 'LotUpdated', { reserve: 20_000 }),
      record('lot-r1', 'LotUpdated', { reserve: null }),
    ],
    createEmbeddedDocumentStore(),
  );
  served = await queryApp(lotQueries, docs, manualClock('2026-11-23T13:00:00.000Z'));
});
afterAll(() => served.app.close());

const ids = async (filters: SearchFilter['filters']) => {
  const response = await served.post(actions.productSearch.path, { filters, orderby: 'p.id' });
  expect(response.statusCode).toBe(200);
  return (response.json().data.responseData.records as { id: string }[]).map((r) => r.id);
};

describe('collector filters of the search (/api/product/search)', () => {
  it('no reserve: only lots without one, as their latest listing says', async () => {
    expect(await ids({ noreserve: { value: [1], type: 'in', field: 'p.no_reserve' } })).toEqual([
      'b1',
      'n2',
      'r1',
    ]);
  });

  it('auction or buy now', async () => {
    expect(await ids({ buynow: { value: [1], type: 'in', field: 'p.buynow' } })).toEqual(['b1']);
    expect(await ids({ auction: { value: [1], type: 'in', field: 'p.auction' } })).toEqual([
      'n1',
      'n2',
      'r1',
    ]);
  });

  it('producer', async () => {
    expect(
      await ids({
        producer: { value: ['Domaine Leflaive'], type: 'array', field: 'p.custitem_gvo_producer' },
      }),
    ).toEqual(['b1']);
  });

  it('closing today: the lots whose close falls in the span, its end excluded', async () => {
    const today = '2026-11-23T06:00:00.000Z/2026-11-24T06:00:00.000Z';
    expect(await ids({ closing: { value: [today], type: 'date:range', field: 'p.date_closed' } })).toEqual([
      'n1',
      'r1',
    ]);
    const upTo = '2026-11-23T06:00:00.000Z/2026-11-24T03:00:00.000Z';
    expect(await ids({ closing: { value: [upTo], type: 'date:range', field: 'p.date_closed' } })).toEqual([
      'r1',
    ]);
  });

  it('refuses a span that is not two times, naming the value', async () => {
    for (const value of ['yesterday', '2026-11-23T06:00:00.000Z', '2026-11-23/2026-11-24', 'a/b/c']) {
      const response = await served.post(actions.productSearch.path, {
        filters: { closing: { value: [value], type: 'date:range', field: 'p.date_closed' } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.responseData.field).toMatch(/filters/);
    }
  });
});
