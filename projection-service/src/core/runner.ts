import { type RecordedEvent, START } from '@wine/event-schemas';
import { pause, publishUnpublished } from './batches.ts';
import { loadCheckpoint } from './checkpoints.ts';
import { saveCheckpoints } from './commit.ts';
import { laneStatus } from './lanes.ts';
import { planLanes } from './plan.ts';
import type { Projection } from './projection.ts';
import { noteSkip, resumeOnce } from './resume.ts';
import { failed, indexesBuilt, newRunnerState, type RunnerState } from './runner-state.ts';
import type { ProjectionRunner, RunnerDeps } from './runner-types.ts';
import { loadSkips } from './skips.ts';
import { subscribe } from './subscription.ts';
import { waitFor } from './waiters.ts';

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

/** Loads each projection's checkpoint and the recorded skips, then subscribes from the earliest. */
async function start(state: RunnerState, onSkip: Parameters<typeof subscribe>[1]): Promise<void> {
  const { eventStore, docs } = state.deps;
  state.skips = await loadSkips(eventStore);
  const lanes = [...state.lanes.values()];
  for (const lane of lanes) lane.position = await loadCheckpoint(docs, lane.projection.name);
  const checkpoints = lanes.map((l) => l.position);
  state.position = checkpoints.reduce((min, p) => (p < min ? p : min), checkpoints[0] ?? START);
  // A read model built from the start of the log: its indexes are built once at the end of the
  // catch-up rather than kept up to date write by write (a reader meanwhile gets one built then).
  const fromStart = lanes.filter((l) => l.position === START);
  if (fromStart.length > 0 && docs.deferIndexes) {
    state.buildDeferredIndexes = docs.deferIndexes(fromStart.flatMap((l) => l.projection.collections));
  }
  subscribe(state, onSkip);
}

/** Closes the subscription, waits for the work in hand, then saves what is left: checkpoints, notices. */
async function stop(state: RunnerState): Promise<void> {
  state.stopped = true;
  if (state.retryTimer) clearTimeout(state.retryTimer);
  if (state.publishTimer) clearTimeout(state.publishTimer);
  await state.subscription?.close();
  await state.inFlight;
  indexesBuilt(state);
  await Promise.all(state.resuming.values());
  await saveCheckpoints(state).catch((e) => failed(state, e));
  await publishUnpublished(state).catch((e) => failed(state, e));
}

/**
 * Catch-up then live subscription to the log: each batch's document writes and checkpoints are
 * committed together, and only then are the changes published on the bus (ARCHITECTURE.md). Each
 * projection keeps its own checkpoint; one that throws on an event stops at it (issue 12). The parts:
 * batches.ts (applying the subscription's batches, pause), commit.ts (writes and checkpoints),
 * resume.ts (a stopped projection catching up on its own), subscription.ts, waiters.ts.
 */
export function createProjectionRunner(deps: RunnerDeps): ProjectionRunner {
  const state = newRunnerState(deps);
  const onSkip: Parameters<typeof subscribe>[1] = (skip) => noteSkip(state, skip);
  return {
    start: () => start(state, onSkip),
    stop: () => stop(state),
    position: () => state.position,
    waitFor: (target, timeoutMs) => waitFor(state, target, timeoutMs),
    pause: () => pause(state),
    status: () => {
      const nowMs = deps.clock.now().getTime();
      const { position, caughtUp, eventsApplied, lastError, lastErrorAt } = state;
      return {
        name: deps.name,
        position,
        caughtUp,
        eventsApplied,
        lastError,
        lastErrorAt,
        projections: [...state.lanes.values()].map((lane) => laneStatus(lane, caughtUp, nowMs)),
      };
    },
    caughtUpOnce: () => state.caughtUp,
    retry(projection) {
      const lane = state.lanes.get(projection);
      if (!lane) return Promise.reject(new Error(`no projection ${projection}`));
      if (lane.mode === 'stopped') return resumeOnce(state, lane);
      return state.resuming.get(projection) ?? Promise.resolve();
    },
    noteSkip: (skip) => noteSkip(state, skip),
    skips: () => state.skips,
    setRebuild(projection, progress) {
      const lane = state.lanes.get(projection);
      if (lane) lane.rebuild = progress;
    },
    adopt(projection, at) {
      const lane = state.lanes.get(projection);
      if (!lane) return;
      lane.position = at;
      lane.unsaved = 0;
      lane.mode = 'main';
      lane.failure = null;
    },
  };
}
