import { describe, expect, it } from 'vitest';
import { findByIds, IDS_PER_QUERY } from './by-ids.ts';
import { createEmbeddedDocumentStore } from './embedded.ts';
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
});
