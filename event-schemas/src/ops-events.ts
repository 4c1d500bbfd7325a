import { z } from 'zod';
import { defineEvent } from './registry.ts';

/**
 * The one stream that records what support did to the read side (issue 12 "Support"): a skipped
 * event stays in the log beside the event it skipped, with who (the event's actor) and why.
 */
export const OPS_PROJECTIONS_STREAM = 'ops-projections';

/**
 * Support skipped one event for one projection after it failed on it: the projection goes on after
 * it, and every replay or rebuild of that projection skips it too. The event itself is untouched.
 */
export const ProjectionEventSkipped = defineEvent({
  type: 'ProjectionEventSkipped',
  version: 1,
  schema: z.object({
    projection: z.string().min(1).max(80),
    /** The skipped event's log position (padded, as every position). */
    position: z.string().min(1).max(40),
    eventId: z.string().min(1).max(100),
    eventType: z.string().min(1).max(100),
    streamName: z.string().min(1).max(300),
    /** The error the projection stopped with, as support saw it. */
    error: z.string().max(2000),
    reason: z.string().min(1).max(500),
  }),
});
export type ProjectionEventSkippedData = z.infer<typeof ProjectionEventSkipped.schema>;

export type OpsEvent = { type: 'ProjectionEventSkipped'; data: ProjectionEventSkippedData };
export const opsEventDefinitions = [ProjectionEventSkipped] as const;
