import type { Suggestion } from '@wine/contracts';
import { type Position, START } from '@wine/event-schemas';
import type { DocumentStore } from '@wine/platform';
import MiniSearch from 'minisearch';
import { loadCheckpoint } from '../core/checkpoints.ts';
import { LOTS, lotsProjection } from '../lots/project.ts';
import {
  fieldWeights,
  normalise,
  orderSuggestions,
  type SuggestField,
  type SuggestIndex,
  type SuggestSource,
  searchedFields,
  suggestProjection,
  toSuggestion,
} from './suggest-index.ts';

/** How many answers are kept for a repeated query (the oldest goes first). */
const ANSWERS_KEPT = 1000;
/** How many queries' hits are kept (a two-letter prefix matches half of a large catalogue). */
const HITS_KEPT = 64;

type Hit = { id: string; score: number };

type Indexed = { id: string } & Record<SuggestField, string>;

const fields = Object.keys(fieldWeights) as SuggestField[];

/** One typo in words of 4 to 9 letters, two from 10 (MiniSearch: a fraction of the word's length). */
const fuzziness = (term: string) => (term.length < 4 ? false : term.length < 10 ? 1 : 2);

/** A fresh MiniSearch over the searched fields: prefixes for as-you-type, typo tolerant, weighted. */
export function createMiniSearch(): MiniSearch<Indexed> {
  return new MiniSearch<Indexed>({
    idField: 'id',
    fields,
    processTerm: (term) => normalise(term) || null,
    searchOptions: {
      boost: { ...fieldWeights },
      // A single letter matches too much of the catalogue to be worth a prefix search.
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => {
        const edits = fuzziness(term);
        return edits === false ? false : edits / term.length;
      },
      combineWith: 'AND',
    },
  });
}

export interface MemorySuggestIndex extends SuggestIndex {
  refresh(): Promise<void>;
  /** The ids of every lot (of any status) whose searched fields match `query`, as `suggest` matches. */
  matchingIds(query: string): Promise<readonly string[]>;
}

/** The index made for each store, for the search bar's filter (text-search.ts). */
const madeFor = new WeakMap<DocumentStore, MemorySuggestIndex>();
export const memoryIndexOf = (docs: DocumentStore): MemorySuggestIndex | undefined => madeFor.get(docs);

/**
 * The in-memory index of the embedded store (one process holds the store, the projector and the
 * queries). It is loaded from the lots read model once, then kept current by lot: before answering,
 * it reads the lots projection's checkpoint (one document by id) and, only when that moved, the lots
 * whose `_position` is past the last one it saw. No rebuild per request, and nothing missed: the
 * runner commits a batch's documents with its checkpoint.
 */
export function memorySuggestIndex(docs: DocumentStore): MemorySuggestIndex {
  const search = createMiniSearch();
  const shown = new Map<string, Suggestion>();
  /**
   * Per lot, what the index holds of it (the searched text) and what its suggestion shows: a bid
   * changes neither, and then nothing is redone.
   */
  const held = new Map<string, { text: string; shows: string }>();
  /** Answers by query and limit (the same prefixes are typed again and again). */
  const answers = new Map<string, Suggestion[]>();
  /** Hits by query, until the searched text of a lot changes (a lot closing changes no hit). */
  const hits = new Map<string, Hit[]>();
  /** Matching ids by query, until the searched text of a lot changes. */
  const matches = new Map<string, readonly string[]>();

  const hitsFor = (query: string): Hit[] => {
    const asked = normalise(query);
    let found = hits.get(asked);
    if (found) {
      hits.delete(asked); // kept as the most recent
    } else {
      found = search.search(query).map((hit) => ({ id: hit.id as string, score: hit.score }));
      if (hits.size >= HITS_KEPT) hits.delete(hits.keys().next().value as string);
    }
    hits.set(asked, found);
    return found;
  };
  let seen: Position = START;
  let loaded = false;
  let queue: Promise<void> = Promise.resolve();

  const put = (lot: SuggestSource) => {
    const doc: Indexed = { id: lot._id, ...searchedFields(lot) };
    const suggestion = toSuggestion(lot);
    const now = { text: JSON.stringify(doc), shows: JSON.stringify(suggestion) };
    const before = held.get(lot._id);
    if (before?.text === now.text && before.shows === now.shows) return;
    held.set(lot._id, now);
    // Issue 36 §5: a private sale is searched (the search bar's ids are then narrowed to the viewer's
    // lots) but never suggested; it is private from its listing on, so it never was.
    const hidden = lot.private_sale === 1;
    const reopened =
      !hidden && suggestion.market_status === 'open' && shown.get(lot._id)?.market_status !== 'open';
    if (hidden) shown.delete(lot._id);
    else shown.set(lot._id, suggestion);
    if (before?.text === now.text) {
      // Found by the same words, shown otherwise (a lot closing): the hits stand; an answer changes
      // only if it shows this lot, or if the lot (now open) may come before what it shows.
      if (reopened) answers.clear();
      else {
        for (const [asked, answer] of answers) {
          if (answer.some((s) => s.objectID === lot._id)) answers.delete(asked);
        }
      }
      return;
    }
    if (search.has(lot._id)) search.replace(doc);
    else search.add(doc);
    answers.clear();
    hits.clear();
    matches.clear();
  };

  async function catchUp(): Promise<void> {
    const checkpoint = await loadCheckpoint(docs, lotsProjection.name);
    if (loaded && checkpoint <= seen) return;
    const lots = docs.collection<SuggestSource>(LOTS);
    const changed = await lots.find(loaded ? { _position: { $gt: seen } } : {}, {
      projection: suggestProjection,
    });
    for (const lot of changed) put(lot);
    // Lots written after the checkpoint was read are seen again next time: putting one twice is harmless.
    if (checkpoint > seen) seen = checkpoint;
    loaded = true;
  }

  /** One catch-up at a time; each caller waits for one that started after it asked. */
  const refresh = () => {
    const next = queue.then(catchUp);
    queue = next.catch(() => undefined);
    return next;
  };

  const index: MemorySuggestIndex = {
    refresh,
    async matchingIds(query) {
      await refresh();
      const asked = normalise(query);
      let ids = matches.get(asked);
      if (!ids) {
        // Frozen: the store may then remember what it derives from the list (fast-filter.ts).
        ids = Object.freeze(hitsFor(query).map((hit) => hit.id));
        if (matches.size >= ANSWERS_KEPT) matches.delete(matches.keys().next().value as string);
        matches.set(asked, ids);
      }
      return ids;
    },
    async suggest(query, limit) {
      await refresh();
      const asked = `${limit}:${normalise(query)}`;
      const known = answers.get(asked);
      if (known) return known;
      const found = hitsFor(query);
      function* scored() {
        for (const hit of found) {
          const suggestion = shown.get(hit.id);
          if (suggestion) yield { suggestion, score: hit.score };
        }
      }
      const answer = orderSuggestions(scored(), limit);
      if (answers.size >= ANSWERS_KEPT) answers.delete(answers.keys().next().value as string);
      answers.set(asked, answer);
      return answer;
    },
  };
  madeFor.set(docs, index);
  return index;
}
