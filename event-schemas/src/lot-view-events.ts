import { z } from 'zod';
import { defineEvent } from './registry.ts';

/**
 * seeds 000 §4.7 / §7 increaseProductViewCount: a lot page was viewed. Kept on its own streams
 * (`lotviews-<lotId>`), not the lot's, whose stream auditors replay for bids and sales. It names no
 * viewer (no user id, no address): the command side counts at most one view per viewer, lot and hour.
 */
export const LotViewed = defineEvent({
  type: 'LotViewed',
  version: 1,
  schema: z.object({ lotId: z.string().min(1).max(64), by: z.enum(['user', 'visitor']) }),
});

export type LotViewEvent = { type: 'LotViewed'; data: z.infer<typeof LotViewed.schema> };
export const lotViewEventDefinitions = [LotViewed] as const;
