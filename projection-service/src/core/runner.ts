import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type Position,
  type ProjectionEventSkippedData,
  type RecordedEvent,
  START,
} from '@wine/event-schemas';
import { type BulkOperation, backoff, type Subscription } from '@wine/platform';
import { CHECKPOINTS, checkpointOperation, loadCheckpoint } from './checkpoints.ts';
import { type Lane, laneStatus, newLane } from './lanes.ts';
import { type LaneOutcome, planLanes } from './plan.ts';
import type { Projection } from './projection.ts';
import { addChanges, noChanges, pendingEntries, publishChanges } from './publisher.ts';
import type { ProjectionRunner, RunnerDeps } from './runner-types.ts';
import { addSkip, isSkipEvent, loadSkips, type Skips } from './skips.ts';

export type { ProjectionRunner, RunnerDeps, RunnerStatus } from './runner-types.ts';

/** Groups a batch's operations by collection, keeping their order (a projector that throws, throws). */
export function planBatch(projections: readonly Projection[], events: readonly RecordedEvent[]) {
  const { byCollection, outcomes } = planLanes(
    projections.map((projection) => ({ projection, after: START })),
    events,
  );
  const failed = outcomes.find((o) => o.failure);
  if (failed?.failure) throw new Error(`${failed.name}: ${failed.failure.error}`);
  return { byCollection };
}

/**
 * Catch-up then live subscription to the log: each batch's document writes and checkpoints are
 * committed together, and only then are the changes published on the bus (ARCHITECTURE.md). Each
 * projection keeps its own checkpoint; one that throws on an event stops at it (issue 12).
 */
export function createProjectionRunner(deps: RunnerDeps): ProjectionRunner {
  const { name, eventStore, docs, clock, logger, bus } = deps;
  const notifiers = deps.notifiers ?? [];
  const lanes = new Map<string, Lane>(deps.projections.map((p) => [p.name, newLane(p, START)]));
  let skips: Skips = new Map();
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
  const resuming = new Map<string, Promise<void>>();
  const waiters = new Set<{ position: Position; resolve: () => void }>();
  const publishWindow = deps.catchUpPublishWindow ?? 100_000;
  const pageSize = deps.pageSize ?? 1000;
  const checkpointEvery = deps.checkpointEvery ?? 10_000;
  /** Changes of committed events the bus has not been told of yet (catch-up only). */
  let unpublished = noChanges(notifiers);
  /** Builds the indexes deferred for a catch-up from the start of the log (once caught up). */
  let buildDeferredIndexes: (() => void) | null = null;
  const indexesBuilt = () => {
    buildDeferredIndexes?.();
    buildDeferredIndexes = null;
  };

  const failed = (error: unknown) => {
    lastError = error instanceof Error ? error.message : String(error);
    lastErrorAt = clock.now().toISOString();
  };

  async function publishUnpublished(): Promise<void> {
    const changes = unpublished;
    unpublished = noChanges(notifiers);
    if (bus) await publishChanges(bus, docs, changes, clock.now());
  }

  /** Writes the checkpoints of the projections that passed events since their last one. */
  async function saveCheckpoints(): Promise<void> {
    const behind = [...lanes.values()].filter((lane) => lane.unsaved > 0);
    if (behind.length === 0) return;
    const now = clock.now();
    await docs
      .collection(CHECKPOINTS)
      .bulkWrite(behind.map((lane) => checkpointOperation(lane.projection.name, lane.position, now)));
    for (const lane of behind) lane.unsaved = 0;
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

  /** Commits the lanes' part of `events` with their checkpoints, then records how far each got. */
  async function commit(batchLanes: Lane[], events: readonly RecordedEvent[]): Promise<LaneOutcome[]> {
    const { byCollection, outcomes } = planLanes(
      batchLanes.map((lane) => ({
        projection: lane.projection,
        after: lane.position,
        skips: skips.get(lane.projection.name),
      })),
      events,
    );
    const now = clock.now();
    const checkpoints: BulkOperation[] = [];
    const saved = outcomes.map((o, i) => {
      const lane = batchLanes[i] as Lane;
      const save =
        o.last !== null &&
        (o.projected > 0 ||
          o.skipped > 0 ||
          o.failure !== null ||
          lane.unsaved + o.applied >= checkpointEvery);
      if (save) checkpoints.push(checkpointOperation(o.name, o.last as Position, now));
      return save;
    });
    await docs.withTransaction(async () => {
      for (const [collection, ops] of byCollection) await docs.collection(collection).bulkWrite(ops);
      if (checkpoints.length > 0) await docs.collection(CHECKPOINTS).bulkWrite(checkpoints);
    });
    outcomes.forEach((o, i) => {
      const lane = batchLanes[i] as Lane;
      if (o.last !== null) lane.position = o.last;
      lane.unsaved = saved[i] ? 0 : lane.unsaved + o.applied;
      lane.applied += o.applied;
      lane.rate.add(o.applied, now.getTime());
      if (!o.failure) return;
      const { event, error } = o.failure;
      lane.mode = 'stopped';
      lane.failure = {
        position: event.position,
        eventId: event.id,
        eventType: event.type,
        streamName: event.streamName,
        error,
        at: now.toISOString(),
      };
      logger.error(
        { projection: o.name, position: event.position, eventId: event.id, type: event.type, error },
        'projection stopped on an event it cannot apply',
      );
    });
    return outcomes;
  }

  async function applyBatch(events: RecordedEvent[]): Promise<void> {
    await gate;
    await inFlight;
    const work = (async () => {
      const last = events[events.length - 1];
      if (!last) return;
      await commit(
        [...lanes.values()].filter((lane) => lane.mode === 'main'),
        events,
      );
      position = last.position;
      eventsApplied += events.length;
      wait.reset();
      notifyWaiters();
      for (const event of events) if (isSkipEvent(event)) void noteSkip(event.data);
      if (!bus) return;
      addChanges(unpublished, events);
      if (caughtUp || pendingEntries(unpublished) >= publishWindow) await publishUnpublished();
    })();
    inFlight = work.catch(() => undefined);
    await work;
  }

  /** Applies the log to one lane from its position up to `target`; false when it stopped on an event. */
  async function catchUpLane(lane: Lane, target: () => Position): Promise<boolean> {
    const changes = noChanges(notifiers);
    try {
      for (;;) {
        const until = target();
        if (lane.position >= until) return true;
        const page = (await eventStore.readAll({ after: lane.position, maxCount: pageSize })).filter(
          (e) => e.position <= until,
        );
        if (page.length === 0) return true;
        const [outcome] = await commit([lane], page);
        if (bus) addChanges(changes, page);
        if (outcome?.failure) return false;
        // A turn of the event loop per page, so requests are served while a projection catches up.
        await nextTurn();
      }
    } finally {
      if (bus) await publishChanges(bus, docs, changes, clock.now()).catch(failed);
    }
  }

  /** A stopped lane catches up on its own, then, with the subscription held, rejoins it. */
  async function resume(lane: Lane): Promise<void> {
    lane.mode = 'resuming';
    lane.failure = null;
    try {
      if (!(await catchUpLane(lane, () => position))) return;
      const release = await pause();
      try {
        if (await catchUpLane(lane, () => position)) lane.mode = 'main';
      } finally {
        release();
      }
    } catch (error) {
      failed(error);
      lane.mode = 'stopped';
      lane.failure ??= {
        position: lane.position,
        eventId: '',
        eventType: '',
        streamName: '',
        error: error instanceof Error ? error.message : String(error),
        at: clock.now().toISOString(),
      };
    }
  }

  function resumeOnce(lane: Lane): Promise<void> {
    const running = resuming.get(lane.projection.name);
    if (running) return running;
    const work = resume(lane).finally(() => resuming.delete(lane.projection.name));
    resuming.set(lane.projection.name, work);
    return work;
  }

  function noteSkip(skip: Pick<ProjectionEventSkippedData, 'projection' | 'eventId'>): Promise<void> {
    addSkip(skips, skip);
    const lane = lanes.get(skip.projection);
    if (lane?.mode !== 'stopped' || lane.failure?.eventId !== skip.eventId) return Promise.resolve();
    return resumeOnce(lane);
  }

  async function pause(): Promise<() => void> {
    let release!: () => void;
    const previous = gate;
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    await inFlight;
    return release;
  }

  function subscribe() {
    if (stopped) return;
    subscription = eventStore.subscribeToAll(applyBatch, {
      after: position,
      onCaughtUp: () => {
        indexesBuilt();
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
        // The failed subscription is closed (its calls with it) before another is opened.
        void subscription?.close().catch(() => undefined);
        subscription = null;
        if (!stopped) retryTimer = setTimeout(subscribe, wait.next());
      },
    });
  }

  return {
    async start() {
      skips = await loadSkips(eventStore);
      for (const lane of lanes.values()) lane.position = await loadCheckpoint(docs, lane.projection.name);
      const checkpoints = [...lanes.values()].map((l) => l.position);
      position = checkpoints.reduce((min, p) => (p < min ? p : min), checkpoints[0] ?? START);
      // A read model built from the start of the log: its indexes are built once at the end of the
      // catch-up rather than kept up to date write by write (a reader meanwhile gets one built then).
      const fromStart = [...lanes.values()].filter((l) => l.position === START);
      if (fromStart.length > 0 && docs.deferIndexes) {
        buildDeferredIndexes = docs.deferIndexes(fromStart.flatMap((l) => l.projection.collections));
      }
      subscribe();
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await subscription?.close();
      await inFlight;
      indexesBuilt();
      await Promise.all(resuming.values());
      await saveCheckpoints().catch(failed);
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
    pause,
    status: () => {
      const nowMs = clock.now().getTime();
      return {
        name,
        position,
        caughtUp,
        eventsApplied,
        lastError,
        lastErrorAt,
        projections: [...lanes.values()].map((lane) => laneStatus(lane, caughtUp, nowMs)),
      };
    },
    caughtUpOnce: () => caughtUp,
    retry(projection) {
      const lane = lanes.get(projection);
      if (!lane) return Promise.reject(new Error(`no projection ${projection}`));
      if (lane.mode === 'stopped') return resumeOnce(lane);
      return resuming.get(projection) ?? Promise.resolve();
    },
    noteSkip,
    skips: () => skips,
    setRebuild(projection, progress) {
      const lane = lanes.get(projection);
      if (lane) lane.rebuild = progress;
    },
    adopt(projection, at) {
      const lane = lanes.get(projection);
      if (!lane) return;
      lane.position = at;
      lane.unsaved = 0;
      lane.mode = 'main';
      lane.failure = null;
    },
  };
}
