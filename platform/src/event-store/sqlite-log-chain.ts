import { padPosition } from '@wine/event-schemas';
import { LOG_CHAIN_START, logHash } from '@wine/event-schemas/hash-chain';
import type Database from 'better-sqlite3';

/**
 * The global chain of the SQLite log (DOMAIN.md "Audit"): the `log_hash` column, what an append needs
 * to extend it, and the migration of a file written before it.
 */
export interface LogChainHead {
  /** The log hash of the last event ('' for an empty log). */
  hash: string;
  /** The last position ever given (AUTOINCREMENT never gives one twice, even after a delete). */
  seq: number;
}

/** Reads the head of the chain; asked inside the write transaction, so no other writer moves it. */
export function logChainHead(db: Database.Database): () => LogChainHead {
  const last = db.prepare<[], { log_hash: string | null }>(
    'SELECT log_hash FROM events ORDER BY position DESC LIMIT 1',
  );
  const seq = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'events'");
  return () => ({ hash: last.get()?.log_hash ?? LOG_CHAIN_START, seq: seq.get()?.seq ?? 0 });
}

/**
 * Adds the `log_hash` column to a file written before the global chain, and fills it in log order
 * once. Appends always write it, so a file whose last event has one needs nothing: the check at open is
 * one row. Runs in one IMMEDIATE transaction, so two processes opening the file do it once.
 */
export function migrateLogChain(db: Database.Database): void {
  const hasColumn = () =>
    (db.prepare('PRAGMA table_info(events)').all() as { name: string }[]).some((c) => c.name === 'log_hash');
  /** The last event has no log hash (an empty log needs nothing). */
  const unchained = () => {
    const last = db.prepare('SELECT log_hash FROM events ORDER BY position DESC LIMIT 1').get() as
      | { log_hash: string | null }
      | undefined;
    return last !== undefined && last.log_hash === null;
  };
  if (hasColumn() && !unchained()) return;
  db.transaction(() => {
    if (!hasColumn()) db.exec('ALTER TABLE events ADD COLUMN log_hash TEXT');
    if (!unchained()) return;
    const page = db.prepare<
      [number],
      { position: number; stream: string; revision: number; hash: string | null; log_hash: string | null }
    >(
      "SELECT position, stream, revision, json_extract(metadata, '$.hash') AS hash, log_hash FROM events WHERE position > ? ORDER BY position LIMIT 5000",
    );
    const set = db.prepare<[string, number]>('UPDATE events SET log_hash = ? WHERE position = ?');
    let prev = LOG_CHAIN_START;
    let after = 0;
    for (;;) {
      const rows = page.all(after);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (row.log_hash === null) {
          prev = logHash(prev, padPosition(row.position), row.stream, row.revision, row.hash ?? '');
          set.run(prev, row.position);
        } else prev = row.log_hash;
        after = row.position;
      }
    }
  }).immediate();
}
