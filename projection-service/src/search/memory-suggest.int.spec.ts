import type { RecordedEvent } from '@wine/event-schemas';
import { createEmbeddedDocumentStore, type DocumentStore } from '@wine/platform';
import { closedUnsold, listedLot } from '@wine/platform/testing';
import MiniSearch from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import { CHECKPOINTS, checkpointOperation } from '../core/checkpoints.ts';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { memorySuggestIndex } from './memory-suggest.ts';

/** Projects the events and moves the lots checkpoint with them, as the runner commits a batch. */
async function commit(docs: DocumentStore, events: readonly RecordedEvent[]) {
  await applyEvents([lotsProjection], events, docs);
  const last = events[events.length - 1];
  if (last) {
    await docs
      .collection(CHECKPOINTS)
      .bulkWrite([checkpointOperation(lotsProjection.name, last.position, new Date())]);
  }
}

const list = (record: ReturnType<typeof eventRecorder>, lotId: string, fields: object = {}) =>
  record(`lot-${lotId}`, 'LotListed', listedLot({ lotId, sku: `SKU-${lotId}`, ...fields }));

async function catalogue() {
  const record = eventRecorder();
  const docs = createEmbeddedDocumentStore();
  await commit(docs, [
    list(record, 'margaux', {
      title: '2015 Château Margaux',
      producer: 'Château Margaux',
      region: 'Bordeaux',
      subregion: 'Margaux',
    }),
    list(record, 'palmer', {
      title: '2016 Château Palmer',
      producer: 'Château Palmer',
      subregion: 'Margaux',
    }),
    list(record, 'latour', { title: '2010 Château Latour', producer: 'Château Latour' }),
    list(record, 'barolo', {
      title: 'Barolo Monfortino',
      producer: 'Giacomo Conterno',
      country: 'Italy',
      region: 'Piedmont',
      subregion: 'Barolo',
    }),
  ]);
  return { docs, record, index: memorySuggestIndex(docs) };
}

const ids = (records: { objectID: string }[]) => records.map((r) => r.objectID);

describe('the in-memory suggestion index', () => {
  it('puts a whole word of the title before the same word elsewhere', async () => {
    const { index } = await catalogue();
    // Both are in the subregion Margaux; only one has it in its title and producer.
    expect(ids(await index.suggest('margaux', 6))).toEqual(['margaux', 'palmer']);
  });

  it('finds Margaux from a prefix and from a typo', async () => {
    const { index } = await catalogue();
    expect(ids(await index.suggest('marg', 6))[0]).toBe('margaux');
    expect(ids(await index.suggest('margau', 6))[0]).toBe('margaux');
    expect(ids(await index.suggest('margoux', 6))[0]).toBe('margaux');
    expect(ids(await index.suggest('chateau margoux', 6))[0]).toBe('margaux');
  });

  it('matches the producer, without accents, and answers what a suggestion shows', async () => {
    const { index } = await catalogue();
    const [first] = await index.suggest('conterno', 6);
    expect(first).toEqual({
      objectID: 'barolo',
      title: 'Barolo Monfortino',
      producer: 'Giacomo Conterno',
      vintage: 2010,
      market_status: 'open',
    });
    expect(ids(await index.suggest('CHATEAU latour', 6))).toEqual(['latour']);
  });

  it('finds nothing for words no lot has, and keeps to the limit with the same order every time', async () => {
    const { index } = await catalogue();
    expect(await index.suggest('riesling', 6)).toEqual([]);
    const first = ids(await index.suggest('chateau', 2));
    expect(first).toHaveLength(2);
    expect(ids(await index.suggest('chateau', 2))).toEqual(first);
    // Equal scores: by title.
    expect(ids(await index.suggest('chateau', 6))).toEqual(['latour', 'margaux', 'palmer']);
  });

  it('follows the lots: listed, changed and closed after it was loaded', async () => {
    const { docs, record, index } = await catalogue();
    expect(ids(await index.suggest('margaux', 6))).toEqual(['margaux', 'palmer']);

    await commit(docs, [
      list(record, 'giscours', { title: 'Château Giscours Margaux', producer: 'Château Giscours' }),
    ]);
    expect(ids(await index.suggest('giscours', 6))).toEqual(['giscours']);

    await commit(docs, [record('lot-latour', 'LotUpdated', { title: '2010 Les Forts de Latour' })]);
    expect(await index.suggest('forts', 6)).toMatchObject([
      { objectID: 'latour', title: '2010 Les Forts de Latour' },
    ]);
    expect(ids(await index.suggest('chateau palmer', 6))).toEqual(['palmer']);

    // A closed lot still answers, after the open ones.
    await commit(docs, [record('lot-margaux', 'LotClosed', closedUnsold())]);
    const after = await index.suggest('margaux', 6);
    expect(ids(after)).toEqual(['giscours', 'palmer', 'margaux']);
    expect(after[2]?.market_status).toBe('unsold');
  });

  it('keeps its hits while no searched word changes: a lot closing reorders the answers without a search', async () => {
    const { docs, record, index } = await catalogue();
    expect(ids(await index.suggest('margaux', 6))).toEqual(['margaux', 'palmer']);
    expect(ids(await index.suggest('chateau', 6))).toEqual(['latour', 'margaux', 'palmer']);
    expect(ids(await index.suggest('latour', 6))).toEqual(['latour']);
    const searches = vi.spyOn(MiniSearch.prototype, 'search');
    try {
      await commit(docs, [record('lot-margaux', 'LotClosed', closedUnsold())]);
      expect(ids(await index.suggest('margaux', 6))).toEqual(['palmer', 'margaux']);
      expect(ids(await index.suggest('chateau', 6))).toEqual(['latour', 'palmer', 'margaux']);
      expect(ids(await index.suggest('latour', 6))).toEqual(['latour']);
      expect(searches).not.toHaveBeenCalled();
      // A changed title is searched again.
      await commit(docs, [record('lot-latour', 'LotUpdated', { title: '2010 Les Forts de Latour' })]);
      expect(ids(await index.suggest('forts', 6))).toEqual(['latour']);
      // Château now only in its producer: after Palmer's title and producer.
      expect(ids(await index.suggest('chateau', 6))).toEqual(['palmer', 'latour', 'margaux']);
      expect(searches).toHaveBeenCalledTimes(2);
    } finally {
      searches.mockRestore();
    }
  });

  it('reads only the checkpoint when nothing changed', async () => {
    const { docs, index } = await catalogue();
    await index.suggest('margaux', 6);
    const lots = docs.collection('lots');
    const find = lots.find.bind(lots);
    let scans = 0;
    lots.find = (...args) => {
      scans += 1;
      return find(...args);
    };
    const original = docs.collection.bind(docs);
    docs.collection = ((name: string) => (name === 'lots' ? lots : original(name))) as typeof docs.collection;
    await index.suggest('palmer', 6);
    await index.suggest('latour', 6);
    expect(scans).toBe(0);
  });
});
