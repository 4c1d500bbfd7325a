import type { RebuildProgressView } from '@wine/contracts';
import type { Position, ProjectionEventSkippedData } from '@wine/event-schemas';
import type { Bus, Clock, DocumentStore, EventStore, Logger } from '@wine/platform';
import type { LaneStatus } from './lanes.ts';
import type { Projection } from './projection.ts';
import type { Notifier } from './publisher.ts';
import type { Skips } from './skips.ts';

export interface RunnerStatus {
  name: string;
  position: Position;
  caughtUp: boolean;
  eventsApplied: number;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Each projection: its position, state (live, catching-up, stopped-on-error, rebuilding), rate, error. */
  projections: LaneStatus[];
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Position of the last event the subscription has committed (a stopped projection may be behind). */
  position(): Position;
  /** Resolves once everything up to `position` is projected and committed ("caught up to" helper). */
  waitFor(position: Position, timeoutMs?: number): Promise<void>;
  /** Holds the next batch until the returned release is called (used by a blue/green swap). */
  pause(): Promise<() => void>;
  status(): RunnerStatus;
  /** True once the subscription has reached the head of the log (readiness). */
  caughtUpOnce(): boolean;
  /** Resumes a projection stopped on an error (after a fix); resolves when it has caught up or stopped again. */
  retry(projection: string): Promise<void>;
  /** Honours a recorded skip: a projection stopped at that event resumes after it. */
  noteSkip(skip: Pick<ProjectionEventSkippedData, 'projection' | 'eventId'>): Promise<void>;
  /** The skips known to this runner, per projection (a rebuild honours them too). */
  skips(): Skips;
  /** A rebuild's progress, shown in the projection's status. */
  setRebuild(projection: string, progress: RebuildProgressView | null): void;
  /** After a rebuild's swap (inside `pause`): the projection is at `position`, healthy, in the subscription. */
  adopt(projection: string, position: Position): void;
}

export interface RunnerDeps {
  name: string;
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
  clock: Clock;
  logger: Logger;
  /** Where "read model changed" notices go after each commit; none in batch tools. */
  bus?: Bus;
  /** The read models' notices told to the bus, in this order (none when left out). */
  notifiers?: readonly Notifier[];
  /** First wait before resubscribing after a failure; doubles up to 30 s, back to it after a batch. */
  retryDelayMs?: number;
  /**
   * While catching up, the bus is told of changes once this many entries are waiting (default
   * 100,000: a lot, a user's carts, an invoice or a watchlist event each), and at the end: one notice
   * per lot for the whole window instead of one per batch, as a batch already does for its own
   * events. Intermediate states of a lot the read model has already passed help no one, and a
   * window's notices cost about the same whatever its length (one per lot changed, with the bidders
   * its events touched), so fewer windows cost less. A lot's entry is its last event and its event
   * types, whatever the number of its bids (the bidders are read from their standings), so the
   * million-event bench log (10,000 lots) is one window of about 2 MB. Live, the committed batches are
   * published at most once per `publishSpacingMs`.
   */
  catchUpPublishWindow?: number;
  /** Live, the least time between two publishes in ms (runner-state.ts `PUBLISH_SPACING_MS`, 10). */
  publishSpacingMs?: number;
  /**
   * A projection none of whose event types a batch holds writes its checkpoint once it has passed
   * this many events since its last (default 10,000), and when the runner stops: a checkpoint per
   * projection per batch was a sixth of a catch-up's writes, for projections that had nothing to
   * apply. A restart re-reads at most that many events for them, which they pass again.
   */
  checkpointEvery?: number;
  /** Events per page when a resumed projection catches up on its own. */
  pageSize?: number;
}
