import type { ProjectionFailureView, ProjectionState, RebuildProgressView } from '@wine/contracts';
import type { Position } from '@wine/event-schemas';
import type { Projection } from './projection.ts';
import { type RateMeter, rateMeter } from './rate.ts';

/**
 * One projection inside the runner. `main`: it follows the runner's subscription with the others;
 * `stopped`: it failed on an event and waits for support (retry or skip); `resuming`: it catches up
 * on its own from where it stopped, then rejoins the subscription.
 */
export interface Lane {
  projection: Projection;
  /** Its checkpoint: the last position applied (or skipped), committed. */
  position: Position;
  mode: 'main' | 'stopped' | 'resuming';
  /** Events passed since its checkpoint was last written (`position` is ahead of it by those). */
  unsaved: number;
  applied: number;
  failure: ProjectionFailureView | null;
  rate: RateMeter;
  rebuild: RebuildProgressView | null;
}

export interface LaneStatus {
  name: string;
  position: Position;
  state: ProjectionState;
  eventsApplied: number;
  eventsPerSecond: number;
  failure: ProjectionFailureView | null;
  rebuild: RebuildProgressView | null;
}

export const newLane = (projection: Projection, position: Position): Lane => ({
  projection,
  position,
  mode: 'main',
  unsaved: 0,
  applied: 0,
  failure: null,
  rate: rateMeter(),
  rebuild: null,
});

/** What support sees of a lane; `live` once the subscription has reached the head. */
export function laneStatus(lane: Lane, caughtUp: boolean, nowMs: number): LaneStatus {
  let state: ProjectionState;
  if (lane.mode === 'stopped') state = 'stopped-on-error';
  else if (lane.rebuild && !lane.rebuild.done) state = 'rebuilding';
  else if (lane.mode === 'resuming' || !caughtUp) state = 'catching-up';
  else state = 'live';
  return {
    name: lane.projection.name,
    position: lane.position,
    state,
    eventsApplied: lane.applied,
    eventsPerSecond: Math.round(lane.rate.perSecond(nowMs) * 10) / 10,
    failure: lane.failure,
    rebuild: lane.rebuild,
  };
}
