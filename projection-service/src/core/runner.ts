import { type Position, type RecordedEvent, START } from '@wine/event-schemas';
import {
  type BulkOperation,
  type Bus,
  backoff,
  type Clock,
  type DocumentStore,
  type EventStore,
  type Logger,
  type Subscription,
} from '@wine/platform';
import { CHECKPOINTS, checkpointOperation, loadCheckpoint } from './checkpoints.ts';
import type { Projection } from './projection.ts';
import { addChanges, noChanges, publishChanges } from './publisher.ts';

export interface RunnerStatus {
  name: string;
  position: Position;
  caughtUp: boolean;
  eventsApplied: number;
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Position of the last event whose read-model changes are committed. */
  position(): Position;
  /** Resolves once everything up to `position` is projected and committed ("caught up to" helper). */
  waitFor(position: Position, timeoutMs?: number): Promise<void>;
  /** Holds the next batch until the returned release is called (used by a blue/green swap). */
  pause(): Promise<() => void>;
  status(): RunnerStatus;
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
  /** First wait before resubscribing after a failure; doubles up to 30 s, back to it after a batch. */
  retryDelayMs?: number;
  /**
   * While catching up, the bus is told of this many events' changes at once (default 500,000, some
   * seconds of catch-up): one notice per lot for the whole window instead of one per batch, as a
   * batch already does for its own events. A notice costs about as much as the projection of ten
   * events, and intermediate states of a lot the read model has already passed help no one. Live,
   * every committed batch is published at once.
   */
  catchUpPublishWindow?: number;
}

/** Groups a batch's operations by collection, keeping their order. */
export function planBatch(projections: readonly Projection[], events: readonly RecordedEvent[]) {
  const byCollection = new Map<string, BulkOperation[]>();
  for (const event of events) {
    for (const projection of projections) {
      if (!projection.handles.has(event.type)) continue;
      for (const op of projection.project(event)) {
        const ops = byCollection.get(op.collection) ?? [];
        ops.push(op.operation);
        byCollection.set(op.collection, ops);
      }
    }
  }
  return { byCollection };
}

/**
 * Catch-up then live subscription to the log: each batch's document writes and checkpoint are
 * committed together, and only then are the changes published on the bus (ARCHITECTURE.md).
 */
export function createProjectionRunner(deps: RunnerDeps): ProjectionRunner {
  const { name, eventStore, docs, projections, clock, logger, bus } = deps;
  let position: Position = START;
  let caughtUp = false;
  let eventsApplied = 0;
  let lastError: string | null = null;
  let lastErrorAt: string | null = null;
  let subscription: Subscription | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let gate: Promise<void> = Promise.resolve();
  let inFlight: Promise<void> = Promise.resolve();
  const waiters = new Set<{ position: Position; resolve: () => void }>();
  const publishWindow = deps.catchUpPublishWindow ?? 500_000;
  /** Changes of committed events the bus has not been told of yet (catch-up only), and how many events. */
  let unpublished = noChanges();
  let unpublishedEvents = 0;

  const failed = (error: unknown) => {
    lastError = error instanceof Error ? error.message : String(error);
    lastErrorAt = clock.now().toISOString();
  };

  /**
   * Tells the bus what the committed events changed. Each notice carries its lot's last position in
   * the window and the documents as committed, which no later event has touched yet.
   */
  async function publishUnpublished(): Promise<void> {
    const changes = unpublished;
    unpublished = noChanges();
    unpublishedEvents = 0;
    if (bus) await publishChanges(bus, docs, changes, clock.now());
  }

  const notifyWaiters = () => {
    for (const w of waiters) {
      if (position >= w.position) {
        waiters.delete(w);
        w.resolve();
      }
    }
  };

  const wait = backoff({ initialMs: deps.retryDelayMs ?? 1000 });

  async function applyBatch(events: RecordedEvent[]): Promise<void> {
    await gate;
    await inFlight;
    const work = (async () => {
      const last = events[events.length - 1];
      if (!last) return;
      const { byCollection } = planBatch(projections, events);
      const now = clock.now();
      await docs.withTransaction(async () => {
        for (const [collection, ops] of byCollection) await docs.collection(collection).bulkWrite(ops);
        await docs
          .collection(CHECKPOINTS)
          .bulkWrite(projections.map((p) => checkpointOperation(p.name, last.position, now)));
      });
      position = last.position;
      eventsApplied += events.length;
      wait.reset();
      notifyWaiters();
      if (!bus) return;
      addChanges(unpublished, events);
      unpublishedEvents += events.length;
      if (caughtUp || unpublishedEvents >= publishWindow) await publishUnpublished();
    })();
    inFlight = work.catch(() => undefined);
    await work;
  }

  function subscribe() {
    if (stopped) return;
    subscription = eventStore.subscribeToAll(applyBatch, {
      after: position,
      onCaughtUp: () => {
        caughtUp = true;
        logger.info({ projection: name, position, eventsApplied }, 'projections caught up');
        // The rest of the catch-up window, before the next batch (which waits for inFlight's turn).
        const work = inFlight.then(publishUnpublished);
        inFlight = work.catch((error: unknown) => {
          failed(error);
          logger.error({ err: error, projection: name, position }, 'publishing the catch-up failed');
        });
      },
      onError: (error) => {
        failed(error);
        logger.error({ err: error, projection: name, position }, 'projection failed; resubscribing');
        subscription = null;
        if (!stopped) retryTimer = setTimeout(subscribe, wait.next());
      },
    });
  }

  return {
    async start() {
      const checkpoints = await Promise.all(projections.map((p) => loadCheckpoint(docs, p.name)));
      position = checkpoints.reduce((min, p) => (p < min ? p : min), checkpoints[0] ?? START);
      subscribe();
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await subscription?.close();
      await inFlight;
      await publishUnpublished().catch(failed);
    },
    position: () => position,
    waitFor(target, timeoutMs = 10_000) {
      if (position >= target) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const waiter = {
          position: target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`projection ${name} did not reach ${target} in ${timeoutMs} ms (at ${position})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async pause() {
      let release!: () => void;
      const previous = gate;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      await previous;
      await inFlight;
      return release;
    },
    status: () => ({ name, position, caughtUp, eventsApplied, lastError, lastErrorAt }),
  };
}
