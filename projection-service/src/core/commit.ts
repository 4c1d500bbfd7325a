import type { Position, RecordedEvent } from '@wine/event-schemas';
import type { BulkOperation } from '@wine/platform';
import { CHECKPOINTS, checkpointOperation } from './checkpoints.ts';
import type { Lane } from './lanes.ts';
import { type LaneOutcome, planLanes } from './plan.ts';
import type { RunnerState } from './runner-state.ts';

/** Commits the lanes' part of `events` with their checkpoints, then records how far each got. */
export async function commit(
  state: RunnerState,
  batchLanes: Lane[],
  events: readonly RecordedEvent[],
): Promise<LaneOutcome[]> {
  const { docs, clock } = state.deps;
  const { byCollection, outcomes } = planLanes(
    batchLanes.map((lane) => ({
      projection: lane.projection,
      after: lane.position,
      skips: state.skips.get(lane.projection.name),
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
        lane.unsaved + o.applied >= state.checkpointEvery);
    if (save) checkpoints.push(checkpointOperation(o.name, o.last as Position, now));
    return save;
  });
  await docs.withTransaction(async () => {
    for (const [collection, ops] of byCollection) await docs.collection(collection).bulkWrite(ops);
    if (checkpoints.length > 0) await docs.collection(CHECKPOINTS).bulkWrite(checkpoints);
  });
  outcomes.forEach((o, i) => {
    recordOutcome(state, batchLanes[i] as Lane, o, saved[i] === true, now);
  });
  return outcomes;
}

/** Moves a lane to where its part of a batch got; a lane that failed on an event stops there. */
function recordOutcome(state: RunnerState, lane: Lane, o: LaneOutcome, saved: boolean, now: Date): void {
  if (o.last !== null) lane.position = o.last;
  lane.unsaved = saved ? 0 : lane.unsaved + o.applied;
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
  state.deps.logger.error(
    { projection: o.name, position: event.position, eventId: event.id, type: event.type, error },
    'projection stopped on an event it cannot apply',
  );
}

/** Writes the checkpoints of the projections that passed events since their last one. */
export async function saveCheckpoints(state: RunnerState): Promise<void> {
  const behind = [...state.lanes.values()].filter((lane) => lane.unsaved > 0);
  if (behind.length === 0) return;
  const now = state.deps.clock.now();
  await state.deps.docs
    .collection(CHECKPOINTS)
    .bulkWrite(behind.map((lane) => checkpointOperation(lane.projection.name, lane.position, now)));
  for (const lane of behind) lane.unsaved = 0;
}
