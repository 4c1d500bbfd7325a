import { actions } from '@wine/contracts';
import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import type { QueryPlugin } from '../core/queries.ts';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { suggestIndexFor, suggestQueries } from './suggest-queries.ts';

const PATH = actions.suggestProducts.path;

async function suggestApp() {
  const record = eventRecorder();
  const docs = await applyEvents(
    [lotsProjection],
    [
      record(
        'lot-m1',
        'LotListed',
        listedLot({
          lotId: 'm1',
          title: '2015 Château Margaux',
          producer: 'Château Margaux',
          images: [{ type: 1, fileName: 'margaux 1.jpg' }],
        }),
      ),
      record('lot-l1', 'LotListed', listedLot({ lotId: 'l1', title: '2010 Château Latour' })),
    ],
    createEmbeddedDocumentStore(),
  );
  const plugin: QueryPlugin = (app, deps) =>
    suggestQueries(app, { ...deps, suggestIndex: suggestIndexFor(docs, 'memory') });
  return queryApp(plugin, docs, manualClock('2026-11-22T13:00:00.000Z'));
}

describe(`suggestions (${PATH})`, () => {
  it('answers a visitor with suggestions that open /productview/{objectID}', async () => {
    const { app, post } = await suggestApp();
    const response = await post(PATH, { searchQuery: 'margoux' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.responseData).toEqual({
      records: [
        {
          objectID: 'm1',
          title: '2015 Château Margaux',
          producer: 'Château Margaux',
          vintage: 2010,
          image: '/uploads/product/margaux%201.jpg',
          market_status: 'open',
        },
      ],
      // seeds 000 §3.2: every list carries its count and caption (issue 38 §6).
      totalRecords: 1,
      setDisp: 'Showing 1-1 of 1',
    });
    const two = (await post(PATH, { searchQuery: 'chat', limit: 1 })).json().data.responseData;
    expect(two.records).toHaveLength(1);
    await app.close();
  });

  it('refuses bad, long and hostile input with the validation envelope, never a 500', async () => {
    const { app, post } = await suggestApp();
    const bodies = [
      {},
      { searchQuery: '' },
      { searchQuery: '   ' },
      { searchQuery: 'x'.repeat(101) },
      { searchQuery: 'marg\u202Eaux' },
      { searchQuery: 'marg\u0000' },
      { searchQuery: { $regex: '.*' } },
      { searchQuery: ['margaux'] },
      { searchQuery: 'margaux', limit: 0 },
      { searchQuery: 'margaux', limit: 11 },
      { searchQuery: 'margaux', limit: 2.5 },
      { searchQuery: 'margaux', extra: 1 },
    ];
    for (const body of bodies) {
      const response = await post(PATH, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json()).toMatchObject({
        status: 'error',
        data: { code: 'VALIDATION' },
      });
    }
    const huge = await post(PATH, { searchQuery: 'a'.repeat(2_000_000) });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    await app.close();
  });

  it('answers regular-expression characters as plain text', async () => {
    const { app, post } = await suggestApp();
    for (const searchQuery of ['.*', '(((', '\\', '$where', '{"$ne":null}']) {
      const response = await post(PATH, { searchQuery });
      expect(response.statusCode, searchQuery).toBe(200);
      expect(response.json().data.responseData.records).toEqual([]);
    }
    // Punctuation is not part of a word: 'marg[' is the prefix 'marg'.
    const prefix = await post(PATH, { searchQuery: 'marg[' });
    expect(prefix.json().data.responseData.records.map((r: { objectID: string }) => r.objectID)).toEqual([
      'm1',
    ]);
    await app.close();
  });
});
