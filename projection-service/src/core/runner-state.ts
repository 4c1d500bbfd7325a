import { type Position, START } from '@wine/event-schemas';
import { type Backoff, backoff, type Subscription } from '@wine/platform';
import { type Lane, newLane } from './lanes.ts';
import { type Changes, type Notifier, noChanges } from './publisher.ts';
import type { RunnerDeps } from './runner-types.ts';
import type { Skips } from './skips.ts';

/**
 * While live, the bus is told of the committed changes at most once in this many ms: under a stream of
 * appends (bids in a live room) one publish then carries several batches' changes, so the notices'
 * cost (reading the rooms and lots changed, each room serialized once, the relay) is paid once for
 * them. The read models themselves are written at once; a publish after a quiet spell is immediate.
 */
export const PUBLISH_SPACING_MS = 10;

/** What the runner's parts share: its lanes, how far it got, its subscription and its queue of batches. */
export interface RunnerState {
  deps: RunnerDeps;
  notifiers: readonly Notifier[];
  publishWindow: number;
  pageSize: number;
  checkpointEvery: number;
  lanes: Map<string, Lane>;
  skips: Skips;
  /** Position of the last event the subscription has committed. */
  position: Position;
  caughtUp: boolean;
  eventsApplied: number;
  lastError: string | null;
  lastErrorAt: string | null;
  subscription: Subscription | null;
  stopped: boolean;
  retryTimer: NodeJS.Timeout | null;
  /** Held by `pause`: the next batch waits for it. */
  gate: Promise<void>;
  /** The batch (or catch-up publish) being applied: the next one waits for it. */
  inFlight: Promise<void>;
  /** Lanes catching up on their own, by projection name. */
  resuming: Map<string, Promise<void>>;
  waiters: Set<{ position: Position; resolve: () => void }>;
  /** Changes of committed events the bus has not been told of yet. */
  unpublished: Changes;
  /** Live: the bus is told at most once per `publishSpacingMs`; a publish waiting for its turn. */
  publishSpacingMs: number;
  lastPublishAt: number;
  publishTimer: NodeJS.Timeout | null;
  /** Builds the indexes deferred for a catch-up from the start of the log (once caught up). */
  buildDeferredIndexes: (() => void) | null;
  /** The wait before resubscribing after a failure. */
  wait: Backoff;
}

export function newRunnerState(deps: RunnerDeps): RunnerState {
  const notifiers = deps.notifiers ?? [];
  return {
    deps,
    notifiers,
    publishWindow: deps.catchUpPublishWindow ?? 100_000,
    pageSize: deps.pageSize ?? 1000,
    checkpointEvery: deps.checkpointEvery ?? 10_000,
    lanes: new Map(deps.projections.map((p) => [p.name, newLane(p, START)])),
    skips: new Map(),
    position: START,
    caughtUp: false,
    eventsApplied: 0,
    lastError: null,
    lastErrorAt: null,
    subscription: null,
    stopped: false,
    retryTimer: null,
    gate: Promise.resolve(),
    inFlight: Promise.resolve(),
    resuming: new Map(),
    waiters: new Set(),
    unpublished: noChanges(notifiers),
    publishSpacingMs: deps.publishSpacingMs ?? PUBLISH_SPACING_MS,
    lastPublishAt: Number.NEGATIVE_INFINITY,
    publishTimer: null,
    buildDeferredIndexes: null,
    wait: backoff({ initialMs: deps.retryDelayMs ?? 1000 }),
  };
}

/** Records the runner's last error (shown in its status). */
export function failed(state: RunnerState, error: unknown): void {
  state.lastError = error instanceof Error ? error.message : String(error);
  state.lastErrorAt = state.deps.clock.now().toISOString();
}

export function indexesBuilt(state: RunnerState): void {
  state.buildDeferredIndexes?.();
  state.buildDeferredIndexes = null;
}
