import { type NewEvent, type Position, padPosition, type RecordedEvent, START } from '@wine/event-schemas';
import { logHash } from '@wine/event-schemas/hash-chain';
import Database from 'better-sqlite3';
import { privateSqliteFile } from '../data-dir.ts';
import { liveLoop } from './live-loop.ts';
import {
  type AppendResult,
  ConcurrencyError,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeOptions,
  type Subscription,
  type Upcaster,
} from './port.ts';
import { logChainHead, migrateLogChain } from './sqlite-log-chain.ts';

export interface SqliteEventStoreOptions {
  /** Lifts stored data to the current version of its type (the event registry's upcast). */
  upcast: Upcaster;
  /** How often a live subscription looks for appends made by other processes. */
  pollIntervalMs?: number;
  /** Events per batch handed to a subscription during catch-up. */
  batchSize?: number;
}

/**
 * An event as read: its columns in order, as an array (better-sqlite3's raw rows, a third cheaper to
 * make than an object per row: a catch-up reads a million).
 */
type Row = [
  position: number,
  stream: string,
  revision: number,
  id: string,
  type: string,
  version: number,
  data: string,
  metadata: string,
  logHash: string | null,
];
const COLUMNS = 'position, stream, revision, id, type, version, data, metadata, log_hash';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    stream   TEXT    NOT NULL,
    revision INTEGER NOT NULL,
    id       TEXT    NOT NULL,
    type     TEXT    NOT NULL,
    version  INTEGER NOT NULL,
    data     TEXT    NOT NULL,
    metadata TEXT    NOT NULL,
    log_hash TEXT,
    UNIQUE (stream, revision),
    UNIQUE (stream, id)
  ) STRICT;
`;

/**
 * The embedded event store: one SQLite file in WAL mode. The rowid is the global position, the
 * (stream, revision) pair is unique, and appends run in an IMMEDIATE transaction so two processes
 * appending to the same file serialise; the appends of one turn of the event loop share that
 * transaction (group commit), each in its own savepoint. Subscriptions poll, so a second process
 * sees appends.
 */
export function openSqliteEventStore(file: string, options: SqliteEventStoreOptions): EventStore {
  // 0600 before SQLite opens it (its -wal and -shm take its mode): DATA_DIR is the server's alone.
  privateSqliteFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: a commit is on disk (the WAL fsynced) before an append is acknowledged, so an acknowledged
  // bid survives a power loss; NORMAL could lose the last commits. Group commit shares one fsync
  // among the appends of a turn (the cost is in the README's benchmark table).
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  migrateLogChain(db);

  const { upcast } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  // Small enough that a batch in flight (its events, the operations planned from them, the new
  // documents) dies young in the heap instead of being promoted: catch-up is bound by the GC.
  const batchSize = options.batchSize ?? 100;

  const lastRevision = db.prepare<[string], { revision: number | null }>(
    'SELECT MAX(revision) AS revision FROM events WHERE stream = ?',
  );
  const byId = db.prepare<[string, string], { revision: number; position: number }>(
    'SELECT revision, position FROM events WHERE stream = ? AND id = ?',
  );
  const insert = db.prepare<[number, string, number, string, string, number, string, string, string]>(
    'INSERT INTO events (position, stream, revision, id, type, version, data, metadata, log_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const chainHead = logChainHead(db);
  /** The global chain's head while a write transaction runs (read at its start, moved by each append). */
  let chain = { hash: '', seq: 0 };
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
    .prepare<[number, number], Row>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
    )
    .raw();
  const head = db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events');
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();

  // What this connection knows of the log, so a read it can answer from memory does not query: the
  // command handler looks for events after its cached revision on every command, and a subscription
  // for events after the head on every wake. Another connection (process) committing changes
  // `PRAGMA data_version`, which drops what is known. A stream read looks at it every time, so it
  // sees every append committed before it, as a query would. A subscription looks at it once per turn
  // of the event loop: it sees other processes' appends on its next poll, as it always did.
  let seenVersion = dataVersion.get();
  let checkedThisTurn = false;
  const nextTurn = () => {
    checkedThisTurn = false;
  };
  /** The log's last position (exact). */
  let knownHead = head.get()?.position ?? 0;
  /** Streams' last revisions, or a revision their last one is known not to exceed. */
  const knownLast = new Map<string, number>();
  const KNOWN_STREAMS = 100_000;
  const know = (stream: string, last: number) => {
    if (knownLast.size >= KNOWN_STREAMS && !knownLast.has(stream)) knownLast.clear();
    knownLast.set(stream, last);
  };
  const refreshKnowledgeThisTurn = () => {
    if (checkedThisTurn) return;
    checkedThisTurn = true;
    setImmediate(nextTurn);
    refreshKnowledge();
  };
  const refreshKnowledge = () => {
    const version = dataVersion.get();
    if (version === seenVersion) return;
    seenVersion = version;
    knownLast.clear();
    knownHead = head.get()?.position ?? 0;
  };

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
      streamName: stream,
      revision,
      position: padPosition(position),
    };
    // Added, not spread in: a spread made an object and copied it, per event read.
    if (logHash !== null) event.logHash = logHash;
    return event;
  };

  /** Same ids at the same place as an earlier append: the earlier result, nothing written (as EventStoreDB). */
  const previousAppend = (stream: string, events: readonly NewEvent[]): AppendResult | null => {
    const found = events.map((e) => byId.get(stream, e.id));
    if (found.every((f) => f === undefined)) return null;
    const first = found[0];
    const consecutive = found.every(
      (f, i) => f !== undefined && first !== undefined && f.revision === first.revision + i,
    );
    if (!consecutive) {
      throw new ConcurrencyError(stream, 'any', lastRevision.get(stream)?.revision ?? -1);
    }
    const last = found[found.length - 1] as { revision: number; position: number };
    return { nextRevision: last.revision, position: padPosition(last.position) };
  };

  /** The append's result, and whether it wrote (an idempotent retry answers the earlier one). */
  const appendTx = db.transaction(
    (
      stream: string,
      events: readonly NewEvent[],
      expected: ExpectedRevision,
    ): { result: AppendResult; written: boolean } => {
      const current = lastRevision.get(stream)?.revision ?? -1;
      const earlier = previousAppend(stream, events);
      if (earlier) return { result: earlier, written: false };
      const ok =
        expected === 'any' ||
        (expected === 'no_stream' && current === -1) ||
        (expected === 'stream_exists' && current >= 0) ||
        expected === current;
      if (!ok) {
        // Another process wrote this stream.
        know(stream, current);
        throw new ConcurrencyError(stream, expected, current);
      }
      let revision = current;
      // The global chain: the position is given here (the next of AUTOINCREMENT's), so each event's
      // log hash is written with it in one insert. `chain` moves only once every insert succeeded: a
      // refused append's savepoint is rolled back, and the next one chains from where this began.
      let { hash, seq: position } = chain;
      for (const e of events) {
        revision += 1;
        position += 1;
        hash = logHash(hash, padPosition(position), stream, revision, e.metadata.hash);
        insert.run(
          position,
          stream,
          revision,
          e.id,
          e.type,
          e.version,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
          hash,
        );
      }
      chain = { hash, seq: position };
      return { result: { nextRevision: revision, position: padPosition(position) }, written: true };
    },
  );

  // Group commit: appends asked for in one turn of the event loop are written in one transaction,
  // each in a savepoint of its own, so each is still all or nothing, checked against the expected
  // revision in the order asked; a refused one does not undo the others. Their promises settle once
  // the transaction is committed. One commit (and its share of WAL checkpoints) for many appends.
  interface Pending {
    stream: string;
    events: readonly NewEvent[];
    expected: ExpectedRevision;
    resolve: (result: AppendResult) => void;
    reject: (error: unknown) => void;
  }
  let pending: Pending[] = [];
  const groupTx = db.transaction((group: readonly Pending[]) => {
    chain = chainHead();
    return group.map((p): ReturnType<typeof appendTx> | { error: unknown } => {
      try {
        return appendTx(p.stream, p.events, p.expected);
      } catch (error) {
        return { error };
      }
    });
  });
  const flush = () => {
    const group = pending;
    pending = [];
    if (group.length === 0) return;
    let outcomes: ReturnType<typeof groupTx>;
    try {
      outcomes = groupTx.immediate(group);
    } catch (error) {
      knownLast.clear();
      for (const p of group) p.reject(error);
      return;
    }
    for (const [i, p] of group.entries()) {
      const outcome = outcomes[i] as (typeof outcomes)[number];
      if ('error' in outcome || !outcome.written) continue;
      knownHead = Math.max(knownHead, Number(outcome.result.position));
      know(p.stream, outcome.result.nextRevision);
    }
    for (const wake of wakers) wake();
    for (const [i, p] of group.entries()) {
      const outcome = outcomes[i] as (typeof outcomes)[number];
      if ('error' in outcome) p.reject(outcome.error);
      else p.resolve(outcome.result);
    }
  };

  /** `polling`: a subscription's read, which needs other processes' appends only once per turn. */
  const readAfter = (position: Position, limit: number, raw = false, polling = false): RecordedEvent[] => {
    const from = position === START ? 0 : Number(position);
    if (polling) refreshKnowledgeThisTurn();
    else refreshKnowledge();
    if (from >= knownHead) return [];
    return after.all(from, limit).map((row) => toRecorded(row, raw));
  };

  const wakers = new Set<() => void>();
  const subscriptions = new Set<Subscription>();

  return {
    async append(streamName, events, expected) {
      if (events.length === 0) {
        const current = lastRevision.get(streamName)?.revision ?? -1;
        return { nextRevision: current, position: padPosition(head.get()?.position ?? 0) };
      }
      return new Promise<AppendResult>((resolve, reject) => {
        if (pending.length === 0) setImmediate(flush);
        pending.push({ stream: streamName, events, expected, resolve, reject });
      });
    },

    async readStream(streamName, options: ReadStreamOptions = {}) {
      const limit = options.maxCount ?? -1;
      if (options.direction === 'backwards') {
        const rows = backwards.all(streamName, options.fromRevision ?? Number.MAX_SAFE_INTEGER, limit);
        return rows.map((row) => toRecorded(row, options.raw));
      }
      const from = options.fromRevision ?? 0;
      refreshKnowledge();
      const last = knownLast.get(streamName);
      if (last !== undefined && from > last) return [];
      const rows = forwards.all(streamName, from, limit);
      // Read to the end: the last row is the stream's last revision; no row, it is below `from`.
      if (limit < 0 || rows.length < limit) know(streamName, rows.at(-1)?.[2] ?? from - 1);
      return rows.map((row) => toRecorded(row, options.raw));
    },

    async readAll(options: ReadAllOptions = {}) {
      return readAfter(options.after ?? START, options.maxCount ?? -1, options.raw);
    },

    async headPosition() {
      const position = head.get()?.position;
      return position ? padPosition(position) : START;
    },

    subscribeToAll(handler, options: SubscribeOptions = {}): Subscription {
      const loop = liveLoop({
        after: options.after ?? START,
        read: async (position) => readAfter(position, batchSize, false, true),
        handler,
        onCaughtUp: options.onCaughtUp,
        onError: options.onError,
        pollIntervalMs,
        wakers,
      });
      const subscription: Subscription = {
        async close() {
          subscriptions.delete(subscription);
          await loop.close();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      if (db.open) flush();
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (db.open) db.close();
    },
  };
}
