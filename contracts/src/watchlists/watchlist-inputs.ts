import { z } from 'zod';

/** seeds 000 §7 addWatchlist / removeWatchlist: project_id. */
export const WatchlistInput = z.strictObject({ project_id: z.string().min(1).max(64) });
export const WatchlistListInput = z.strictObject({
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(25),
});
