import { closeSync, openSync } from 'node:fs';
import { START } from '@wine/event-schemas';
import { liveLoop } from './live-loop.ts';
import type { EventStore, ReadAllOptions, SubscribeOptions, Subscription, Upcaster } from './port.ts';
import { sqliteAppends } from './sqlite-appends.ts';
import { LogKnowledge } from './sqlite-knowledge.ts';
import { sqliteReads } from './sqlite-reads.ts';
import { openSqliteLog } from './sqlite-schema.ts';

export interface SqliteEventStoreOptions {
  /** Lifts stored data to the current version of its type (the event registry's upcast). */
  upcast: Upcaster;
  /** How often a live subscription looks for appends made by other processes. */
  pollIntervalMs?: number;
  /** Events per batch handed to a subscription during catch-up. */
  batchSize?: number;
}

/**
 * The embedded event store: one SQLite file in WAL mode (sqlite-schema.ts). The rowid is the global
 * position, the (stream, revision) pair is unique, and appends run in an IMMEDIATE transaction so two
 * processes appending to the same file serialise; the appends of one turn of the event loop share
 * that transaction (group commit, sqlite-appends.ts), each in its own savepoint. Reads answer from
 * what the connection knows of the log when they can (sqlite-knowledge.ts, sqlite-reads.ts).
 * Subscriptions poll, so a second process sees appends; an append here wakes them at once.
 */
export function openSqliteEventStore(file: string, options: SqliteEventStoreOptions): EventStore {
  const db = openSqliteLog(file);
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  // Small enough that a batch in flight (its events, the operations planned from them, the new
  // documents) dies young in the heap instead of being promoted: catch-up is bound by the GC.
  const batchSize = options.batchSize ?? 100;
  const knowledge = new LogKnowledge(db);
  const reads = sqliteReads(db, knowledge, options.upcast);
  const wakers = new Set<() => void>();
  // The WAL's file, fsynced after each group commit (sqlite-appends.ts); it exists once the
  // connection has read or written in WAL mode, and keeps its inode while a connection is open.
  let wal: number | null = null;
  const walFd = () => {
    if (db.memory) return null;
    wal ??= openSync(`${file}-wal`, 'r');
    return wal;
  };
  const appends = sqliteAppends(
    db,
    knowledge,
    () => {
      for (const wake of wakers) wake();
    },
    walFd,
  );
  const subscriptions = new Set<Subscription>();

  return {
    async append(streamName, events, expected, options) {
      return appends.append(streamName, events, expected, options?.committed);
    },

    async readStream(streamName, options) {
      return reads.readStream(streamName, options);
    },

    async readAll(options: ReadAllOptions = {}) {
      return reads.readAfter(options.after ?? START, options.maxCount ?? -1, options.raw);
    },

    async headPosition() {
      return reads.headPosition();
    },

    subscribeToAll(handler, options: SubscribeOptions = {}): Subscription {
      const loop = liveLoop({
        after: options.after ?? START,
        read: async (position) => reads.readAfter(position, batchSize, false, true),
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
      if (db.open) await appends.settled();
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (db.open) db.close();
      if (wal !== null) closeSync(wal);
      wal = null;
    },
  };
}
