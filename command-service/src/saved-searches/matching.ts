import { type FilterItem, lotMatchesFilters, type MatchableLot } from '@wine/contracts';

/** A saved search as the alert process keeps it (from SearchSaved, SavedSearchNotifyChanged, SavedSearchDeleted). */
export interface KeptSearch {
  searchId: string;
  name: string;
  filters: Record<string, FilterItem>;
  notify: boolean;
}

export interface SearchMatch {
  userId: string;
  searchId: string;
  name: string;
}

/**
 * Whom to mail about a new lot: each user with a saved search that asks for mail and matches it, once
 * per user (their oldest such search names the mail); never the lot's own seller.
 */
export function searchesMatching(
  searches: ReadonlyMap<string, ReadonlyMap<string, KeptSearch>>,
  lot: MatchableLot,
  sellerId: string,
): SearchMatch[] {
  const matches: SearchMatch[] = [];
  for (const [userId, own] of searches) {
    if (userId === sellerId) continue;
    for (const search of own.values()) {
      if (!search.notify || !lotMatchesFilters(lot, search.filters)) continue;
      matches.push({ userId, searchId: search.searchId, name: search.name });
      break;
    }
  }
  return matches;
}
