import { describe, expect, it } from 'vitest';
import { findByIds, findIn, IDS_PER_QUERY } from './by-ids.ts';
import { createEmbeddedDocumentStore } from './embedded/index.ts';
import type { Collection, Doc } from './port.ts';

describe('documents found by their ids', () => {
  it('asks in queries of at most IDS_PER_QUERY ids, each id once, and finds them all', async () => {
    const docs = createEmbeddedDocumentStore();
    const lots = docs.collection('lots');
    await lots.bulkWrite(
      Array.from({ length: 2 * IDS_PER_QUERY + 5 }, (_, i) => ({
        insertOne: { document: { _id: `l${i}`, n: i } },
      })),
    );
    const asked: number[] = [];
    const counting: Collection<Doc> = {
      ...lots,
      find: (filter, options) => {
        asked.push((filter?._id as { $in: string[] } | undefined)?.$in.length ?? 0);
        return lots.find(filter, options);
      },
    };
    const ids = Array.from({ length: 2 * IDS_PER_QUERY + 10 }, (_, i) => `l${i % (2 * IDS_PER_QUERY + 7)}`);
    const found = await findByIds(counting, ids, { projection: { n: 1 } });
    expect(Math.max(...asked)).toBeLessThanOrEqual(IDS_PER_QUERY);
    expect(asked.reduce((a, b) => a + b, 0)).toBe(2 * IDS_PER_QUERY + 7);
    expect(new Set(found.map((d) => d._id)).size).toBe(2 * IDS_PER_QUERY + 5);
    expect(await findByIds(counting, [])).toEqual([]);
    expect(asked).toHaveLength(3);
  });

  it('finds by any field in queries of at most perQuery values, with the rest of the filter in each', async () => {
    const docs = createEmbeddedDocumentStore();
    const bids = docs.collection('bids');
    await bids.bulkWrite(
      Array.from({ length: 60 }, (_, i) => ({
        insertOne: { document: { _id: `b${i}`, lot: `l${i % 6}`, amount: i } },
      })),
    );
    const asked: unknown[] = [];
    const counting: Collection<Doc> = {
      ...bids,
      find: (filter, options) => {
        asked.push(filter);
        return bids.find(filter, options);
      },
    };
    const found = await findIn(
      counting,
      'lot',
      ['l1', 'l2', 'l1', 'l5', 'none'],
      { amount: { $gte: 30 } },
      {},
      2,
    );
    expect(found.map((d) => d._id).sort()).toEqual(
      [
        'b31',
        'b32',
        'b35',
        'b37',
        'b38',
        'b41',
        'b43',
        'b44',
        'b47',
        'b49',
        'b50',
        'b53',
        'b55',
        'b56',
        'b59',
      ].sort(),
    );
    expect(asked).toEqual([
      { lot: { $in: ['l1', 'l2'] }, amount: { $gte: 30 } },
      { lot: { $in: ['l5', 'none'] }, amount: { $gte: 30 } },
    ]);
  });
});
