import type { RecordedEvent } from '@wine/event-schemas';
import { createEmbeddedDocumentStore, type DocumentStore, manualClock } from '@wine/platform';
import { closedUnsold, listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { CHECKPOINTS, checkpointOperation } from '../core/checkpoints.ts';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { lotQueries } from '../lots/queries.ts';
import { memorySuggestIndex } from './memory-suggest.ts';

async function commit(docs: DocumentStore, events: readonly RecordedEvent[]) {
  await applyEvents([lotsProjection], events, docs);
  const last = events[events.length - 1] as RecordedEvent;
  await docs
    .collection(CHECKPOINTS)
    .bulkWrite([checkpointOperation(lotsProjection.name, last.position, new Date())]);
}

/** A catalogue on the embedded store; `indexed`: with the suggestions' memory index, as the embedded default. */
async function catalogue(indexed: boolean) {
  const record = eventRecorder();
  const list = (lotId: string, fields: object) =>
    record(`lot-${lotId}`, 'LotListed', listedLot({ lotId, sku: `SKU-${lotId}`, ...fields }));
  const docs = createEmbeddedDocumentStore();
  const lots = [
    list('margaux', {
      title: '2015 Château Margaux',
      producer: 'Château Margaux',
      region: 'Bordeaux',
      colour: 'Red',
    }),
    list('pavillon', {
      title: '2018 Pavillon Blanc',
      producer: 'Château Margaux',
      region: 'Bordeaux',
      colour: 'White',
    }),
    list('palmer', {
      title: '2016 Château Palmer',
      producer: 'Château Palmer',
      region: 'Bordeaux',
      colour: 'Red',
    }),
    list('gone', {
      title: '2010 Château Margaux',
      producer: 'Château Margaux',
      region: 'Bordeaux',
      colour: 'Red',
    }),
    list('barolo', { title: '2016 Barolo Cannubi', producer: 'Borgogno', region: 'Piedmont', colour: 'Red' }),
  ];
  await commit(docs, [...lots, record('lot-gone', 'LotClosed', closedUnsold())]);
  if (indexed) memorySuggestIndex(docs);
  const { app, post } = await queryApp(lotQueries, docs, manualClock('2026-11-22T13:00:00.000Z'));
  const search = async (word: string, more: object = {}) => {
    const response = await post('/api/product/search', {
      limit: 25,
      orderby: 'p.title',
      filters: {
        market_status: { value: ['open'], type: 'array', field: 'p.market_status' },
        searchbar: { value: word, type: 'like', field: 'p.title' },
        ...more,
      },
    });
    expect(response.statusCode).toBe(200);
    const { records, totalRecords } = response.json().data.responseData;
    return { ids: records.map((r: { id: string }) => r.id), totalRecords };
  };
  return { app, search };
}

const red = { color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' } };

describe('the search bar on the embedded default (the memory search index)', () => {
  it('finds open lots whose words start with the word typed, in any searched field, with the other filters', async () => {
    const { app, search } = await catalogue(true);
    expect(await search('marg')).toEqual({ ids: ['margaux', 'pavillon'], totalRecords: 2 });
    expect(await search('marg', red)).toEqual({ ids: ['margaux'], totalRecords: 1 });
    expect(await search('bordeaux château')).toEqual({
      ids: ['margaux', 'palmer', 'pavillon'],
      totalRecords: 3,
    });
    await app.close();
  });

  it('forgives accents, case and a typo, where the regex would find nothing', async () => {
    const { app, search } = await catalogue(true);
    expect((await search('CHATEAU palmer')).ids).toEqual(['palmer']);
    expect((await search('barollo')).ids).toEqual(['barolo']);
    await app.close();
  });

  it('matches word starts, not any substring: the regex (MongoDB, or no index) does', async () => {
    const indexed = await catalogue(true);
    expect((await indexed.search('aux')).ids).toEqual([]);
    const plain = await catalogue(false);
    // Margaux, and Bordeaux.
    expect(await plain.search('aux')).toEqual({ ids: ['margaux', 'palmer', 'pavillon'], totalRecords: 3 });
    expect((await plain.search('chateau')).ids).toEqual([]);
    await Promise.all([indexed.app.close(), plain.app.close()]);
  });

  it('keeps the regex for a single letter', async () => {
    const { app, search } = await catalogue(true);
    expect((await search('x')).ids).toEqual(['margaux', 'palmer', 'pavillon']);
    await app.close();
  });
});
