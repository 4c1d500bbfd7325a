import type { OpsStatus, ProjectionStatusView, RealtimeStatusView } from '@wine/contracts';
import { type Position, padPosition, START } from '@wine/event-schemas';
import type { Clock, EventStore } from '@wine/platform';
import type { ProjectionRunner } from '../core/runner.ts';

export interface StatusDeps {
  runner: ProjectionRunner;
  eventStore: EventStore;
  clock: Clock;
  /** Sockets and messages of the realtime server in this process (the embedded default); none elsewhere. */
  realtime?: () => RealtimeStatusView | null;
}

/**
 * Events between two positions. Positions are the log's sequence numbers on the embedded SQLite log,
 * so this is exact there; on EventStoreDB they are commit positions and it is an upper bound.
 */
export function eventsBetween(from: Position, to: Position): number {
  if (!to || to <= from) return 0;
  const diff = BigInt(to) - BigInt(from || '0');
  return diff > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(diff);
}

/**
 * The ops page's figures (issue 12 "Support"): per projection its position, lag in events and in
 * seconds (how long the oldest event it has not applied has waited), rate, state and last error;
 * the log's head; the realtime server's sockets.
 */
export async function opsStatus(deps: StatusDeps): Promise<OpsStatus> {
  const { runner, eventStore, clock } = deps;
  const now = clock.now();
  const head = await eventStore.headPosition();
  const waiting = new Map<Position, Promise<number>>();
  /** Seconds the first event after `position` has waited (one read per distinct position). */
  const lagSeconds = (position: Position): Promise<number> => {
    let found = waiting.get(position);
    if (!found) {
      found = eventStore.readAll({ after: position, maxCount: 1 }).then(([next]) => {
        if (!next) return 0;
        return Math.max(0, (now.getTime() - Date.parse(next.metadata.occurredAt)) / 1000);
      });
      waiting.set(position, found);
    }
    return found;
  };
  const status = runner.status();
  const projections: ProjectionStatusView[] = await Promise.all(
    status.projections.map(async (p) => ({
      name: p.name,
      position: p.position,
      lagEvents: eventsBetween(p.position, head),
      lagSeconds: p.position >= head ? 0 : Math.round((await lagSeconds(p.position)) * 10) / 10,
      eventsPerSecond: p.eventsPerSecond,
      state: p.state,
      eventsApplied: p.eventsApplied,
      failure: p.failure,
      rebuild: p.rebuild,
    })),
  );
  return {
    head: { position: head, at: await headTime(eventStore, head) },
    projections,
    realtime: deps.realtime?.() ?? null,
    checkedAt: now.toISOString(),
  };
}

/** When the head event was written: it is the one event after the position before it. */
async function headTime(eventStore: EventStore, head: Position): Promise<string | null> {
  if (head === START) return null;
  const before = BigInt(head) - 1n;
  const [event] = await eventStore.readAll({ after: before > 0n ? padPosition(before) : START, maxCount: 1 });
  return event?.position === head ? event.metadata.occurredAt : null;
}
