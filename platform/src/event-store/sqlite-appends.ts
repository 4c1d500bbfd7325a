import { fsync } from 'node:fs';
import { type NewEvent, padPosition } from '@wine/event-schemas';
import { logHash } from '@wine/event-schemas/hash-chain';
import type Database from 'better-sqlite3';
import { type AppendOptions, type AppendResult, ConcurrencyError, type ExpectedRevision } from './port.ts';
import type { LogKnowledge } from './sqlite-knowledge.ts';
import { logChainHead } from './sqlite-log-chain.ts';

interface Pending {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
  committed: AppendOptions['committed'];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Appends to the SQLite log, in an IMMEDIATE transaction so two processes appending to the same file
 * serialise. Group commit: appends asked for in one turn of the event loop are written in one
 * transaction, each in a savepoint of its own, so each is still all or nothing, checked against the
 * expected revision in the order asked; a refused one does not undo the others. One commit (and its
 * share of WAL checkpoints) for many appends.
 *
 * Durable before acknowledged: the log's connection commits without waiting for the disk
 * (`synchronous = NORMAL`, sqlite-schema.ts) and the WAL is then fsynced off the event loop (`walFd`,
 * libuv's thread pool); the appends' promises settle, the head moves and subscribers are woken only
 * once that fsync covering their commit has returned. The event loop decides and commits the next
 * group while the disk syncs the last (with FULL it stood still for every fsync), and commits made
 * while a sync is on its way share the next one.
 */
export function sqliteAppends(
  db: Database.Database,
  knowledge: LogKnowledge,
  wake: () => void,
  walFd: () => number | null,
) {
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
        knowledge.know(stream, current);
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

  /** Commits waiting for the next fsync of the WAL, and whether one is on its way. */
  let unsynced: ((error: Error | null) => void)[] = [];
  let syncing = false;
  const drained: (() => void)[] = [];
  const sync = () => {
    syncing = true;
    const covered = unsynced;
    unsynced = [];
    const synced = (error: Error | null) => {
      syncing = false;
      for (const done of covered) done(error);
      if (unsynced.length > 0) sync();
      else for (const resolve of drained.splice(0)) resolve();
    };
    let fd: number | null;
    try {
      fd = walFd();
    } catch (error) {
      setImmediate(synced, error as Error);
      return;
    }
    // A log in memory (tests) has no file to sync: its commits are as durable as they will be.
    if (fd === null) setImmediate(synced, null);
    else fsync(fd, synced);
  };
  /** Runs `done` once everything committed so far is on disk. */
  const afterSync = (done: (error: Error | null) => void) => {
    unsynced.push(done);
    if (!syncing) sync();
  };

  /** Writes the appends asked for so far, in one transaction; they settle once it is on disk. */
  const flush = () => {
    const group = pending;
    pending = [];
    if (group.length === 0) return;
    let outcomes: ReturnType<typeof groupTx>;
    try {
      outcomes = groupTx.immediate(group);
    } catch (error) {
      knowledge.lastRevisions.clear();
      for (const p of group) p.reject(error);
      return;
    }
    const wrote = outcomes.some((o) => !('error' in o) && o.written);
    // In the log from now on, in this order: their writers may go on (the answers wait for the disk).
    for (const [i, p] of group.entries()) {
      const outcome = outcomes[i] as (typeof outcomes)[number];
      if (!('error' in outcome)) p.committed?.(outcome.result);
    }
    const settle = (syncError: Error | null) => {
      if (syncError) {
        // Committed, but not known to be on disk: refused, so nothing is acknowledged or published.
        // A retry with the same event ids answers the earlier append (previousAppend).
        for (const p of group) p.reject(syncError);
        return;
      }
      for (const [i, p] of group.entries()) {
        const outcome = outcomes[i] as (typeof outcomes)[number];
        if ('error' in outcome || !outcome.written) continue;
        knowledge.head = Math.max(knowledge.head, Number(outcome.result.position));
        knowledge.know(p.stream, outcome.result.nextRevision);
      }
      if (wrote) wake();
      for (const [i, p] of group.entries()) {
        const outcome = outcomes[i] as (typeof outcomes)[number];
        if ('error' in outcome) p.reject(outcome.error);
        else p.resolve(outcome.result);
      }
    };
    // A group that wrote nothing (refused, or retries of earlier appends) still waits for the disk:
    // an earlier append it answers may be the one whose fsync is on its way.
    afterSync(settle);
  };

  /** Settles once every append asked for so far is committed and on disk (close). */
  const settled = (): Promise<void> => {
    flush();
    if (!syncing && unsynced.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      drained.push(resolve);
    });
  };

  return {
    settled,
    append(
      stream: string,
      events: readonly NewEvent[],
      expected: ExpectedRevision,
      committed?: AppendOptions['committed'],
    ): Promise<AppendResult> {
      if (events.length === 0) {
        const current = lastRevision.get(stream)?.revision ?? -1;
        return Promise.resolve({ nextRevision: current, position: padPosition(knowledge.queryHead()) });
      }
      return new Promise<AppendResult>((resolve, reject) => {
        if (pending.length === 0) setImmediate(flush);
        pending.push({ stream, events, expected, committed, resolve, reject });
      });
    },
  };
}
