import { MAX_SAVED_SEARCHES } from '@wine/contracts';
import type { UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { type UserHandlers, type UserSlice, unchanged } from '../users/handlers.ts';
import type { User } from '../users/user.ts';

/**
 * seeds 000 §2.1 /saved_search: the searches a user keeps, on the user's stream (`user-<id>`), so
 * this is the saved-search part of the user decider. A search's id is derived from the request that
 * saved it, so a retried save finds its search. `RecordSearchAlert` is the new-lot mail's process
 * writing down that it mailed this user about this lot.
 */
export type SavedSearchCommand =
  | { type: 'SaveSearch'; search: SavedSearch }
  | { type: 'SetSavedSearchNotify'; searchId: string; notify: boolean }
  | { type: 'DeleteSavedSearch'; searchId: string }
  | { type: 'RecordSearchAlert'; searchId: string; lotId: string };

const notFound = () => new AppError('SAVED_SEARCH_NOT_FOUND');

export function decideSavedSearch(command: SavedSearchCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'SaveSearch': {
      const { search } = command;
      if (state.savedSearches.some((s) => s.searchId === search.searchId)) return [];
      if (state.savedSearches.length >= MAX_SAVED_SEARCHES) throw new AppError('SAVED_SEARCHES_FULL');
      return [{ type: 'SearchSaved', data: search }];
    }
    case 'SetSavedSearchNotify': {
      const search = state.savedSearches.find((s) => s.searchId === command.searchId);
      if (!search) throw notFound();
      if (search.notify === command.notify) return [];
      return [
        { type: 'SavedSearchNotifyChanged', data: { searchId: command.searchId, notify: command.notify } },
      ];
    }
    case 'DeleteSavedSearch':
      // Another user's search is not on this stream: it is not found, whoever holds it.
      if (!state.savedSearches.some((s) => s.searchId === command.searchId)) throw notFound();
      return [{ type: 'SavedSearchDeleted', data: { searchId: command.searchId } }];
    case 'RecordSearchAlert': {
      // Deleted or switched off since the lot was listed: no mail.
      const search = state.savedSearches.find((s) => s.searchId === command.searchId);
      if (!search?.notify) return [];
      return [{ type: 'SavedSearchAlertSent', data: { searchId: command.searchId, lotId: command.lotId } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const savedSearchHandlers: UserHandlers<SavedSearchCommand> = {
  SaveSearch: decideSavedSearch,
  SetSavedSearchNotify: decideSavedSearch,
  DeleteSavedSearch: decideSavedSearch,
  RecordSearchAlert: decideSavedSearch,
};

export type SavedSearch = Extract<UserEvent, { type: 'SearchSaved' }>['data'];

export interface SavedSearchesState {
  /** Saved searches, oldest first (seeds 000 §2.1 /saved_search). */
  savedSearches: SavedSearch[];
}

export const savedSearchesSlice: UserSlice<
  SavedSearchesState,
  'SearchSaved' | 'SavedSearchNotifyChanged' | 'SavedSearchDeleted' | 'SavedSearchAlertSent'
> = {
  initial: { savedSearches: [] },
  evolve: {
    SearchSaved: (state, event) => ({ ...state, savedSearches: [...state.savedSearches, event.data] }),
    SavedSearchNotifyChanged: (state, event) => ({
      ...state,
      savedSearches: state.savedSearches.map((s) =>
        s.searchId === event.data.searchId ? { ...s, notify: event.data.notify } : s,
      ),
    }),
    SavedSearchDeleted: (state, event) => ({
      ...state,
      savedSearches: state.savedSearches.filter((s) => s.searchId !== event.data.searchId),
    }),
    SavedSearchAlertSent: unchanged,
  },
};
