import { z } from 'zod';

/** Where a read model stands (issue 12 "Support"): following the log, behind it, stopped, or rebuilt beside it. */
export const ProjectionState = z.enum(['catching-up', 'live', 'stopped-on-error', 'rebuilding']);
export type ProjectionState = z.infer<typeof ProjectionState>;

/** The event a projection stopped at, and why: nothing after it is applied until support retries or skips. */
export const ProjectionFailureView = z.object({
  position: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  streamName: z.string(),
  error: z.string(),
  /** Server clock, ISO 8601. */
  at: z.string(),
});
export type ProjectionFailureView = z.infer<typeof ProjectionFailureView>;

/** A blue/green rebuild's progress: the live model serves until the swap. */
export const RebuildProgressView = z.object({
  startedAt: z.string(),
  /** Events replayed into the shadow copy so far. */
  events: z.number().int().nonnegative(),
  /** Share of the log replayed, 0 to 1. */
  fraction: z.number().min(0).max(1),
  done: z.boolean(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type RebuildProgressView = z.infer<typeof RebuildProgressView>;

export const ProjectionStatusView = z.object({
  name: z.string(),
  /** The last log position applied (or skipped) by this projection. */
  position: z.string(),
  /** Events in the log after `position`. */
  lagEvents: z.number().int().nonnegative(),
  /** How long the oldest event it has not applied has waited (0 at the head). */
  lagSeconds: z.number().nonnegative(),
  /** Events applied per second over the last ten seconds. */
  eventsPerSecond: z.number().nonnegative(),
  state: ProjectionState,
  eventsApplied: z.number().int().nonnegative(),
  failure: ProjectionFailureView.nullable(),
  /** The last rebuild in this process, while it runs and after. */
  rebuild: RebuildProgressView.nullable(),
});
export type ProjectionStatusView = z.infer<typeof ProjectionStatusView>;

/** What the realtime service reports: sockets connected and messages sent per second. */
export const RealtimeStatusView = z.object({
  socketsConnected: z.number().int().nonnegative(),
  messagesPerSecond: z.number().nonnegative(),
});
export type RealtimeStatusView = z.infer<typeof RealtimeStatusView>;

export const OpsStatus = z.object({
  /** The log's head: its last position and when that event was written. */
  head: z.object({ position: z.string(), at: z.string().nullable() }),
  projections: z.array(ProjectionStatusView),
  /** Null where the realtime service runs in another process (its /metrics reports it there). */
  realtime: RealtimeStatusView.nullable(),
  checkedAt: z.string(),
});
export type OpsStatus = z.infer<typeof OpsStatus>;

export const ReplayStreamResult = z.object({ stream: z.string(), events: z.number().int().nonnegative() });
export type ReplayStreamResult = z.infer<typeof ReplayStreamResult>;
