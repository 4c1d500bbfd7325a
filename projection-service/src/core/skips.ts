import {
  OPS_PROJECTIONS_STREAM,
  type ProjectionEventSkippedData,
  type RecordedEvent,
} from '@wine/event-schemas';
import type { EventStore } from '@wine/platform';

/** Per projection, the ids of the events support skipped for it (ProjectionEventSkipped). */
export type Skips = Map<string, Set<string>>;

export const isSkipEvent = (
  event: RecordedEvent,
): event is RecordedEvent<'ProjectionEventSkipped', ProjectionEventSkippedData> =>
  event.type === 'ProjectionEventSkipped';

/** Notes one skip; answers whether it is new. */
export function addSkip(skips: Skips, skip: Pick<ProjectionEventSkippedData, 'projection' | 'eventId'>) {
  let ids = skips.get(skip.projection);
  if (!ids) {
    ids = new Set();
    skips.set(skip.projection, ids);
  }
  if (ids.has(skip.eventId)) return false;
  ids.add(skip.eventId);
  return true;
}

/**
 * Every skip recorded so far. A skip is written after the event it skips, so a replay from the start
 * (a restart, a rebuild) must know them all before it reaches that event.
 */
export async function loadSkips(eventStore: EventStore): Promise<Skips> {
  const skips: Skips = new Map();
  for (const event of await eventStore.readStream(OPS_PROJECTIONS_STREAM)) {
    if (isSkipEvent(event)) addSkip(skips, event.data);
  }
  return skips;
}
