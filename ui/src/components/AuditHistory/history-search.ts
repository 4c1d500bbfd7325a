import { z } from 'zod';

/** The history pages' search: ?asOf= an ISO instant (anything else is dropped), ?page= from 1. */
export const historySearch = z.object({
  asOf: z.iso.datetime({ offset: true }).optional().catch(undefined),
  page: z.number().int().min(1).max(100_000).default(1).catch(1),
});
