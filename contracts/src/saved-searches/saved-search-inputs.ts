import { z } from 'zod';
import { FilterItem, SearchFilter } from '../search-filter.ts';
import { plainText } from '../text.ts';

/** How many searches one user keeps, and how long a name may be. */
export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_NAME_MAX = 60;

/** Refused when it holds control, bidi or invisible characters (text.ts), as every name a person reads. */
export const SavedSearchName = plainText('Name').min(1).max(SAVED_SEARCH_NAME_MAX);
const SavedSearchId = z.string().min(1).max(64);

/**
 * seeds 000 §2.1 /saved_search: a name, the browse page's search (the seeds' search filter object,
 * validated by its one whitelist) and whether to mail the user when a new lot matches it. Only its
 * filters are kept: page, size and order belong to one visit.
 */
export const SaveSearchInput = z.strictObject({
  name: SavedSearchName,
  search: SearchFilter.refine((s) => Object.keys(s.filters).some((name) => name !== 'market_status'), {
    message: 'choose at least one filter to save',
    path: ['filters'],
  }),
  notify: z.boolean().default(false),
});
export const SavedSearchIdInput = z.strictObject({ id: SavedSearchId });
export const SavedSearchNotifyInput = z.strictObject({ id: SavedSearchId, notify: z.boolean() });

export const SavedSearchRecord = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.record(z.string(), FilterItem),
  notify: z.boolean(),
  created_at: z.string(),
});
export type SavedSearchRecord = z.infer<typeof SavedSearchRecord>;
