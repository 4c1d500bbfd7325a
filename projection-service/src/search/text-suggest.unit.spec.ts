import type { LotDocument } from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import type { SuggestSource } from './suggest-index.ts';
import { candidateQueries, oneEditApart, relevance, textSuggestIndex } from './text-suggest.ts';

const lot = (id: string, fields: Partial<SuggestSource> = {}): SuggestSource => ({
  _id: id,
  title: '',
  custitem_gvo_producer: '',
  custitemctregion: 'Bordeaux',
  custitemctsubregion: '',
  custitem_gvo_country: 'France',
  itemId: `SKU-${id}`,
  vintage: null,
  market_status: 'open',
  allattachmentlist: [],
  _position: '1',
  ...fields,
});

const margaux = lot('m', { title: '2015 Château Margaux', custitem_gvo_producer: 'Château Margaux' });
const palmer = lot('p', { title: 'Château Palmer', custitemctsubregion: 'Margaux' });

/** A MongoDB stand-in: the text query answers `text`, the prefix query `prefix`; indexes are counted. */
function fakeDocs(text: SuggestSource[], prefix: SuggestSource[], failFirst = false) {
  const calls = { aggregate: 0, createIndex: 0, pipelines: [] as unknown[] };
  const collection = {
    aggregate: async (pipeline: unknown[]) => {
      calls.aggregate += 1;
      calls.pipelines.push(pipeline);
      if (failFirst && calls.aggregate === 1) throw new Error('text index required for $text query');
      return text;
    },
    find: async () => prefix,
    createIndex: async () => {
      calls.createIndex += 1;
      return 'suggest_text';
    },
  };
  return { docs: { collection: () => collection } as unknown as DocumentStore, calls };
}

describe('typos', () => {
  it('counts one letter wrong, missing, extra or swapped as one edit', () => {
    expect(oneEditApart('margaux', 'margoux')).toBe(true);
    expect(oneEditApart('margaux', 'margau')).toBe(true);
    expect(oneEditApart('margaux', 'marggaux')).toBe(true);
    expect(oneEditApart('margaux', 'magraux')).toBe(true);
    expect(oneEditApart('margaux', 'morgoux')).toBe(false);
    expect(oneEditApart('latour', 'margaux')).toBe(false);
  });
});

describe('relevance on MongoDB candidates', () => {
  it('weighs a whole title word over a subregion, a prefix and a typo below the word', () => {
    expect(relevance(['margaux'], margaux)).toBeGreaterThan(relevance(['margaux'], palmer));
    expect(relevance(['margaux'], margaux)).toBeGreaterThan(relevance(['marg'], margaux));
    expect(relevance(['marg'], margaux)).toBeGreaterThan(relevance(['margoux'], margaux));
    expect(relevance(['margoux'], margaux)).toBeGreaterThan(0);
    expect(relevance(['margaux', 'riesling'], margaux)).toBe(0);
  });

  it('asks the text index for the words and a word-start pattern for the last one, escaped', () => {
    const { terms, text, prefix } = candidateQueries('Château MARG.*');
    expect(terms).toEqual(['chateau', 'marg']);
    // Issue 36 §5: never a private sale (suggestions are public).
    expect(text[0]).toEqual({ $match: { $text: { $search: 'chateau marg' }, private_sale: { $ne: 1 } } });
    expect(JSON.stringify(prefix?.filter)).toContain('marg');
    expect(prefix?.filter).toMatchObject({ private_sale: { $ne: 1 } });
    expect(candidateQueries('a(').prefix).toBeNull();
  });
});

describe('the MongoDB suggestion index', () => {
  it('merges the text and prefix candidates, open lots first, by relevance', async () => {
    const closed = lot('c', {
      title: 'Margaux Reserve',
      market_status: 'sold' as LotDocument['market_status'],
    });
    const { docs } = fakeDocs([palmer, closed], [margaux, palmer]);
    const found = await textSuggestIndex(docs).suggest('margaux', 6);
    expect(found.map((s) => s.objectID)).toEqual(['m', 'p', 'c']);
  });

  it('creates the text index again when a rebuild swapped in a collection without it', async () => {
    const { docs, calls } = fakeDocs([margaux], []);
    const failing = fakeDocs([margaux], [], true);
    expect(await textSuggestIndex(failing.docs).suggest('margaux', 6)).toHaveLength(1);
    expect(failing.calls.createIndex).toBe(1);
    await textSuggestIndex(docs).suggest('margaux', 6);
    expect(calls.createIndex).toBe(0);
  });
});
