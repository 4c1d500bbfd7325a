import type Database from 'better-sqlite3';
import { openPrivateSqlite } from '../sqlite-file.ts';
import { migrateLogChain } from './sqlite-log-chain.ts';

/**
 * An event as read: its columns in order, as an array (better-sqlite3's raw rows, a third cheaper to
 * make than an object per row: a catch-up reads a million).
 */
export type Row = [
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
export const COLUMNS = 'position, stream, revision, id, type, version, data, metadata, log_hash';

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

/** Opens (or creates) the log's SQLite file in WAL mode, its table and chain up to date. */
export function openSqliteLog(file: string): Database.Database {
  // Every commit is on disk before it is acknowledged, but the disk is not waited for on the event
  // loop: the log commits with NORMAL and its appends fsync the WAL on libuv's thread pool before they
  // settle (sqlite-appends.ts). Group commit shares one fsync among the appends of a turn, and the
  // commits made while one is on its way share the next.
  const db = openPrivateSqlite(file);
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA);
  migrateLogChain(db);
  return db;
}
