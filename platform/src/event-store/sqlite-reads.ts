import { type Position, padPosition, type RecordedEvent, START } from '@wine/event-schemas';
import type Database from 'better-sqlite3';
import type { ReadStreamOptions, Upcaster } from './port.ts';
import type { LogKnowledge } from './sqlite-knowledge.ts';
import { COLUMNS, type Row } from './sqlite-schema.ts';
import { sharedId } from './stream-ids.ts';

/** Reads of the SQLite log: a stream forwards or backwards, the log after a position, its head. */
export function sqliteReads(db: Database.Database, knowledge: LogKnowledge, upcast: Upcaster) {
  const forwards = db
    .prepare<[string, number, number], Row>(
      `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
    )
    .raw();
  const backwards = db
    .prepare<[string, number, number], Row>(
      `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    )
    .raw();
  const after = db
    .prepare<[number, number, number], Row>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?`,
    )
    .raw();

  const toRecorded = (row: Row, raw = false): RecordedEvent => {
    const [position, stream, revision, id, type, version, json, metadata, logHash] = row;
    const data: unknown = JSON.parse(json);
    const lifted = raw ? { version, data } : upcast(type, version, data);
    const event: RecordedEvent = {
      id,
      type,
      version: lifted.version,
      data: lifted.data,
      metadata: JSON.parse(metadata),
      // Interned as read: a stream's events share one copy of its name (stream-ids.ts).
      streamName: sharedId(stream),
      revision,
      position: padPosition(position),
    };
    // Added, not spread in: a spread made an object and copied it, per event read.
    if (logHash !== null) event.logHash = logHash;
    return event;
  };

  /**
   * The subscriptions of one process (the projections, the write side's processes, the money anchor)
   * are woken by the same commit and ask for the same events: the last few batches read for them are
   * kept, so each is queried and decoded once, not once per subscription. A batch is keyed by where it
   * starts, the head it was read to and its size, so a hit is exactly what the query would answer.
   * Subscribers share the events handed to them and must not change them (projections are pure).
   */
  const recentBatches = new Map<string, RecordedEvent[]>();
  const RECENT_BATCHES = 8;

  return {
    /** `polling`: a subscription's read, which needs other processes' appends only once per turn. */
    readAfter(position: Position, limit: number, raw = false, polling = false): RecordedEvent[] {
      const from = position === START ? 0 : Number(position);
      if (polling) knowledge.refreshThisTurn();
      else knowledge.refresh();
      if (from >= knowledge.head) return [];
      // Up to the head this connection knows: its own appends count once they are on disk (a commit
      // whose fsync is on its way is not read, projected or relayed yet).
      if (!polling || raw) return after.all(from, knowledge.head, limit).map((row) => toRecorded(row, raw));
      const key = `${from}:${knowledge.head}:${limit}`;
      const known = recentBatches.get(key);
      if (known) return known.slice();
      const batch = after.all(from, knowledge.head, limit).map((row) => toRecorded(row));
      if (recentBatches.size >= RECENT_BATCHES)
        recentBatches.delete(recentBatches.keys().next().value as string);
      recentBatches.set(key, batch);
      return batch.slice();
    },

    readStream(streamName: string, options: ReadStreamOptions = {}): RecordedEvent[] {
      const limit = options.maxCount ?? -1;
      if (options.direction === 'backwards') {
        const rows = backwards.all(streamName, options.fromRevision ?? Number.MAX_SAFE_INTEGER, limit);
        return rows.map((row) => toRecorded(row, options.raw));
      }
      const from = options.fromRevision ?? 0;
      knowledge.refresh();
      const last = knowledge.lastRevisions.get(streamName);
      if (last !== undefined && from > last) return [];
      const rows = forwards.all(streamName, from, limit);
      // Read to the end: the last row is the stream's last revision; no row, it is below `from`.
      if (limit < 0 || rows.length < limit) knowledge.know(streamName, rows.at(-1)?.[2] ?? from - 1);
      return rows.map((row) => toRecorded(row, options.raw));
    },

    headPosition(): Position {
      const position = knowledge.queryHead();
      return position ? padPosition(position) : START;
    },
  };
}
