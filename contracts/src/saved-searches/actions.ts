import { z } from 'zod';
import { action, NoInput } from '../action.ts';
import {
  SavedSearchIdInput,
  SavedSearchNotifyInput,
  SavedSearchRecord,
  SaveSearchInput,
} from './saved-search-inputs.ts';

/** Saved searches (seeds 000 §1, §2.1 /saved_search; seeds 001 "Other state: saved searches"). */
export const savedSearchActions = {
  saveSearch: action({
    path: '/api/user/saveSearch',
    side: 'command',
    auth: 'user',
    input: SaveSearchInput,
    output: z.object({ id: z.string() }),
  }),
  savedSearches: action({
    path: '/api/user/savedSearches',
    side: 'query',
    auth: 'user',
    input: NoInput,
    output: z.object({ records: z.array(SavedSearchRecord), totalRecords: z.number() }),
  }),
  deleteSavedSearch: action({
    path: '/api/user/deleteSavedSearch',
    side: 'command',
    auth: 'user',
    input: SavedSearchIdInput,
    output: z.object({ id: z.string() }),
  }),
  savedSearchNotify: action({
    path: '/api/user/savedSearchNotify',
    side: 'command',
    auth: 'user',
    input: SavedSearchNotifyInput,
    output: z.object({ id: z.string(), notify: z.boolean() }),
  }),
} as const;
