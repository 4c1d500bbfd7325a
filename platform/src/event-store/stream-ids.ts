import type { RecordedEvent } from '@wine/event-schemas';

/** How many ids are kept before the table starts again (a bound on its memory, not a cache policy). */
const MAX_IDS = 200_000;
const known = new Map<string, string>();

/**
 * One copy of each id that repeats across events (a stream name, a lot or user id), instead of each
 * event's own: every event read from the log carries fresh copies of its strings, so a million bids
 * and standings kept a million copies of ten thousand lot ids and as many user ids (memory the young
 * generation copied before it promoted it, a third of a catch-up's garbage collection), and every map
 * lookup by one of them hashed it anew. Only ids that repeat: not a bid's or an event's own id.
 */
export function sharedId(id: string): string {
  const kept = known.get(id);
  if (kept !== undefined) return kept;
  if (known.size >= MAX_IDS) known.clear();
  known.set(id, id);
  return id;
}

let lastStream = '';
let lastId = '';

/**
 * The id of the instance a stream belongs to: what follows its category (`lot-42` -> `42`, as
 * EventStoreDB's `$ce-` streams split a name at its first dash), shared (`sharedId`). The last answer
 * is kept: the projections and the bus ask one after another for the same event.
 */
export function streamIdOf(event: Pick<RecordedEvent, 'streamName'>): string {
  if (event.streamName !== lastStream) {
    lastStream = event.streamName;
    lastId = sharedId(lastStream.slice(lastStream.indexOf('-') + 1));
  }
  return lastId;
}
