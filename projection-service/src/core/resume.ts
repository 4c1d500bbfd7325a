import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Position, ProjectionEventSkippedData } from '@wine/event-schemas';
import { pause } from './batches.ts';
import { commit } from './commit.ts';
import type { Lane } from './lanes.ts';
import { addChanges, noChanges, publishChanges } from './publisher.ts';
import { failed, type RunnerState } from './runner-state.ts';
import { addSkip } from './skips.ts';

/** Applies the log to one lane from its position up to `target`; false when it stopped on an event. */
async function catchUpLane(state: RunnerState, lane: Lane, target: () => Position): Promise<boolean> {
  const { eventStore, bus, docs, clock } = state.deps;
  const changes = noChanges(state.notifiers);
  try {
    for (;;) {
      const until = target();
      if (lane.position >= until) return true;
      const page = (await eventStore.readAll({ after: lane.position, maxCount: state.pageSize })).filter(
        (e) => e.position <= until,
      );
      if (page.length === 0) return true;
      const [outcome] = await commit(state, [lane], page);
      if (bus) addChanges(changes, page);
      if (outcome?.failure) return false;
      // A turn of the event loop per page, so requests are served while a projection catches up.
      await nextTurn();
    }
  } finally {
    if (bus) await publishChanges(bus, docs, changes, clock.now()).catch((e) => failed(state, e));
  }
}

/** A stopped lane catches up on its own, then, with the subscription held, rejoins it. */
async function resume(state: RunnerState, lane: Lane): Promise<void> {
  lane.mode = 'resuming';
  lane.failure = null;
  try {
    if (!(await catchUpLane(state, lane, () => state.position))) return;
    const release = await pause(state);
    try {
      if (await catchUpLane(state, lane, () => state.position)) lane.mode = 'main';
    } finally {
      release();
    }
  } catch (error) {
    failed(state, error);
    lane.mode = 'stopped';
    lane.failure ??= {
      position: lane.position,
      eventId: '',
      eventType: '',
      streamName: '',
      error: error instanceof Error ? error.message : String(error),
      at: state.deps.clock.now().toISOString(),
    };
  }
}

/** Resumes a stopped lane, once: a second call while it catches up gets the same promise. */
export function resumeOnce(state: RunnerState, lane: Lane): Promise<void> {
  const running = state.resuming.get(lane.projection.name);
  if (running) return running;
  const work = resume(state, lane).finally(() => state.resuming.delete(lane.projection.name));
  state.resuming.set(lane.projection.name, work);
  return work;
}

/** Honours a recorded skip: a projection stopped at that event resumes after it. */
export function noteSkip(
  state: RunnerState,
  skip: Pick<ProjectionEventSkippedData, 'projection' | 'eventId'>,
): Promise<void> {
  addSkip(state.skips, skip);
  const lane = state.lanes.get(skip.projection);
  if (lane?.mode !== 'stopped' || lane.failure?.eventId !== skip.eventId) return Promise.resolve();
  return resumeOnce(state, lane);
}
