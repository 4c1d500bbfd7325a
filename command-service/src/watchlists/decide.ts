import type { UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { UserHandlers, UserSlice } from '../users/handlers.ts';
import type { User } from '../users/user.ts';

/**
 * seeds 000 §4.7: the watchlist is kept on the user's stream (`user-<id>`), so this is the watchlist
 * part of the user decider. `lotListed`: the lot exists (read from its stream by the route).
 */
export type WatchlistCommand =
  | { type: 'WatchLot'; lotId: string; lotListed: boolean }
  | { type: 'UnwatchLot'; lotId: string };

/** A watchlist is for following lots closely, not for copying the catalogue. */
export const MAX_WATCHLIST = 500;

export function decideWatchlist(command: WatchlistCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'WatchLot':
      if (!command.lotListed) throw new AppError('LOT_NOT_FOUND');
      if (state.watchlist.includes(command.lotId)) return [];
      if (state.watchlist.length >= MAX_WATCHLIST) throw new AppError('WATCHLIST_FULL');
      return [{ type: 'LotWatched', data: { lotId: command.lotId } }];
    case 'UnwatchLot':
      return state.watchlist.includes(command.lotId)
        ? [{ type: 'LotUnwatched', data: { lotId: command.lotId } }]
        : [];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const watchlistHandlers: UserHandlers<WatchlistCommand> = {
  WatchLot: decideWatchlist,
  UnwatchLot: decideWatchlist,
};

export interface WatchlistState {
  /** Lot ids on the watchlist, oldest first (seeds 000 §4.7). */
  watchlist: string[];
}

export const watchlistSlice: UserSlice<WatchlistState, 'LotWatched' | 'LotUnwatched'> = {
  initial: { watchlist: [] },
  evolve: {
    LotWatched: (state, event) => ({ ...state, watchlist: [...state.watchlist, event.data.lotId] }),
    LotUnwatched: (state, event) => ({
      ...state,
      watchlist: state.watchlist.filter((id) => id !== event.data.lotId),
    }),
  },
};
