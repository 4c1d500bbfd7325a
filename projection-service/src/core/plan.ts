import type { Position, RecordedEvent } from '@wine/event-schemas';
import type { BulkOperation } from '@wine/platform';
import type { Projection } from './projection.ts';

/** One projection's part in a batch: where it stands and which events support told it to skip. */
export interface LaneInput {
  projection: Projection;
  /** Its last applied position: events at or before it are already in its read model. */
  after: Position;
  skips?: ReadonlySet<string>;
}

/** A projection that threw on an event: it stops there (issue 12 "Support": poisoned events). */
export interface LaneFailure {
  event: RecordedEvent;
  error: string;
}

export interface LaneOutcome {
  name: string;
  /** The last event it passed (applied, skipped or not its type); null when it passed none. */
  last: Position | null;
  applied: number;
  /** Of those, the events of its types it projected. */
  projected: number;
  skipped: number;
  failure: LaneFailure | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Plans a batch for several projections: their operations grouped by collection in log order, and
 * how far each got. A projection that throws on an event stops at it: its operations for the events
 * before are kept, nothing of it after is planned, and the others go on (each projection writes only
 * its own collections and reads no other's, so they are independent).
 */
export function planLanes(lanes: readonly LaneInput[], events: readonly RecordedEvent[]) {
  const byCollection = new Map<string, BulkOperation[]>();
  const outcomes: LaneOutcome[] = lanes.map((lane) => ({
    name: lane.projection.name,
    last: null,
    applied: 0,
    projected: 0,
    skipped: 0,
    failure: null,
  }));
  // Events are in log order: each lane passes the events from the first after its position on (or up
  // to the one it fails on), and projects those of the types it handles. Per event, only the lanes
  // that handle its type are looked at (a batch meets a handful of types; there are many projections).
  const from = lanes.map((lane) => {
    let i = 0;
    while (i < events.length && (events[i] as RecordedEvent).position <= lane.after) i++;
    return i;
  });
  const failedAt = lanes.map(() => events.length);
  const handlersOf = new Map<string, number[]>();
  for (let e = 0; e < events.length; e++) {
    const event = events[e] as RecordedEvent;
    let handlers = handlersOf.get(event.type);
    if (!handlers) {
      handlers = [];
      for (let i = 0; i < lanes.length; i++) {
        if ((lanes[i] as LaneInput).projection.handles.has(event.type)) handlers.push(i);
      }
      handlersOf.set(event.type, handlers);
    }
    for (const i of handlers) {
      if (e < (from[i] as number) || e >= (failedAt[i] as number)) continue;
      const lane = lanes[i] as LaneInput;
      const outcome = outcomes[i] as LaneOutcome;
      if (lane.skips?.has(event.id)) {
        outcome.skipped += 1;
        continue;
      }
      let ops: ReturnType<Projection['project']>;
      try {
        ops = lane.projection.project(event);
      } catch (error) {
        outcome.failure = { event, error: messageOf(error) };
        failedAt[i] = e;
        continue;
      }
      outcome.projected += 1;
      for (const op of ops) {
        const list = byCollection.get(op.collection);
        if (list) list.push(op.operation);
        else byCollection.set(op.collection, [op.operation]);
      }
    }
  }
  outcomes.forEach((outcome, i) => {
    const first = from[i] as number;
    const end = failedAt[i] as number;
    outcome.applied = Math.max(0, end - first);
    outcome.last = end > first ? (events[end - 1] as RecordedEvent).position : null;
  });
  return { byCollection, outcomes };
}
