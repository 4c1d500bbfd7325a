import { z } from 'zod';
import { action } from '../action.ts';
import { LotPage } from '../lots/lot-document.ts';
import { WatchlistInput, WatchlistListInput } from './watchlist-inputs.ts';

/** The watchlist (seeds 000 §4.7, §7 addWatchlist / removeWatchlist, /watchlist/:type). */
export const watchlistActions = {
  addWatchlist: action({
    path: '/api/user/addWatchlist',
    side: 'command',
    auth: 'user',
    input: WatchlistInput,
    output: z.object({ watchlistid: z.literal(1) }),
  }),
  removeWatchlist: action({
    path: '/api/user/removeWatchlist',
    side: 'command',
    auth: 'user',
    input: WatchlistInput,
    output: z.object({ watchlistid: z.literal(0) }),
  }),
  myWatchlist: action({
    path: '/api/user/watchlist',
    side: 'query',
    auth: 'user',
    input: WatchlistListInput,
    output: LotPage,
  }),
} as const;
