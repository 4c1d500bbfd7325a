import { type Position, START } from '@wine/event-schemas';
import { type ChainBreak, chainLinkBreak } from '@wine/event-schemas/hash-chain';
import type { EventStore } from '@wine/platform';

export interface StreamBreak extends ChainBreak {
  streamName: string;
  position: Position;
}

export interface LogVerification {
  streams: number;
  events: number;
  /** The first break of each broken stream, in log order. */
  breaks: StreamBreak[];
}

/**
 * Proves the log was not altered (DOMAIN.md "Audit"): reads every event as stored, in pages, and
 * checks each against the hash of the event before it in its stream. Only the last hash of each
 * stream is kept, so the whole log never sits in memory.
 */
export async function verifyLog(
  store: EventStore,
  options: { pageSize?: number } = {},
): Promise<LogVerification> {
  const pageSize = options.pageSize ?? 1000;
  const last = new Map<string, { hash: string; revision: number }>();
  const broken = new Set<string>();
  const breaks: StreamBreak[] = [];
  let events = 0;
  let after: Position = START;
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize, raw: true });
    if (page.length === 0) break;
    for (const event of page) {
      events += 1;
      const previous = last.get(event.streamName);
      last.set(event.streamName, { hash: event.metadata.hash, revision: event.revision });
      if (broken.has(event.streamName)) continue;
      const expectedRevision = previous ? previous.revision + 1 : 0;
      const reason =
        event.revision !== expectedRevision ? 'prevHash' : chainLinkBreak(previous?.hash ?? '', event);
      if (reason) {
        broken.add(event.streamName);
        breaks.push({
          streamName: event.streamName,
          index: event.revision,
          eventId: event.id,
          reason,
          position: event.position,
        });
      }
    }
    after = (page[page.length - 1] as (typeof page)[number]).position;
  }
  return { streams: last.size, events, breaks };
}
