import { createEmbeddedDocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import type { Projection } from './projection.ts';
import { changedIndex, createProjectionIndexes } from './rebuild.ts';

const projection = (indexes: Projection['indexes']): Projection => ({
  name: 'wines',
  collections: ['wines'],
  handles: new Set(),
  indexes,
  project: () => [],
});

describe('a projection’s indexes at start (issue 13: an index that keeps its name but changes its keys)', () => {
  it('are created, kept when unchanged, and replaced when their keys or uniqueness changed', async () => {
    const docs = createEmbeddedDocumentStore();
    await docs.collection('wines').insertOne({ _id: 'w1', region: 'Napa', price: 12, sku: 'a' });
    await createProjectionIndexes(
      docs,
      projection({ wines: [{ key: { region: 1 }, name: 'by_region' }, { key: { sku: 1 } }] }),
    );
    await createProjectionIndexes(
      docs,
      projection({
        wines: [
          { key: { region: 1, price: -1 }, name: 'by_region' },
          { key: { sku: 1 }, unique: true },
        ],
      }),
    );
    const listed = await docs.collection('wines').listIndexes();
    expect(listed.find((i) => i.name === 'by_region')?.key).toEqual({ region: 1, price: -1 });
    expect(listed.find((i) => i.name === 'sku_1')?.unique).toBe(true);
    expect(listed).toHaveLength(3);
  });

  it('leave text indexes as they are: MongoDB lists them under other keys', () => {
    const declared = { key: { title: 'text' as const }, name: 'search' };
    expect(changedIndex({ key: { _fts: 'text', _ftsx: 1 } as never, name: 'search' }, declared)).toBe(false);
    expect(changedIndex({ key: { a: 1 }, name: 'x' }, { key: { a: 1 }, name: 'x' })).toBe(false);
    expect(changedIndex({ key: { a: 1, b: 1 }, name: 'x' }, { key: { b: 1, a: 1 }, name: 'x' })).toBe(true);
  });
});
