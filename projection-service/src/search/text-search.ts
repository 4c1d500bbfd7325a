import type { ParsedSearchFilter } from '@wine/contracts';
import type { DocumentStore, Filter } from '@wine/platform';
import { memoryIndexOf } from './memory-suggest.ts';
import { words } from './suggest-index.ts';

/** The search bar's filter answered by a search index: the ids it matches and the rest of the search. */
export interface IndexedText {
  /** The search without the search-bar filter. */
  rest: ParsedSearchFilter;
  ids: readonly string[];
}

/**
 * The search bar (seeds 000 §3.2 `searchbar`, type `like`) on the embedded default: answered by the
 * suggestions' in-memory MiniSearch index (memory-suggest.ts) instead of a case-insensitive regex over
 * five fields of every open lot. The ids it matches are then one more condition of the query
 * (`_id: {$in: ids}`), intersected with the other filters, sorted and counted by the store.
 *
 * This is not the regex's substring match (MongoDB keeps that: no memory index there): a word typed
 * matches words that START with it (two letters and more; 'marg' finds Margaux, 'aux' does not), with
 * one typo forgiven from four letters and two from ten, accents and case ignored ('chateau' finds
 * Château), every word typed must match (AND), over the same fields plus the subregion. "Fast and
 * forgiving" (issue 11). Text without a word of two letters or digits (a single letter, punctuation),
 * or a list of values (`array:like`), keeps the regex.
 *
 * Null when the search has no such filter, or the store has no memory index (MongoDB).
 */
export async function searchbarByIndex(
  docs: DocumentStore,
  search: ParsedSearchFilter,
): Promise<IndexedText | null> {
  const item = search.filters.searchbar;
  if (item?.type !== 'like') return null;
  const value = Array.isArray(item.value) ? (item.value.length === 1 ? item.value[0] : null) : item.value;
  if (typeof value !== 'string' || !words(value).some((word) => word.length >= 2)) return null;
  const index = memoryIndexOf(docs);
  if (!index) return null;
  const { searchbar: _, ...filters } = search.filters;
  return { rest: { ...search, filters }, ids: await index.matchingIds(value.trim()) };
}

/** `filter` narrowed to `ids` (a top-level `_id` list: the store looks each one up). */
export const withinIds = (filter: Filter, ids: readonly string[]): Filter =>
  Object.keys(filter).length === 0 ? { _id: { $in: ids } } : { _id: { $in: ids }, $and: [filter] };
