import Database from 'better-sqlite3';
import { privateSqliteFile } from './data-dir.ts';

/**
 * A SQLite file of DATA_DIR as the embedded stores open it: 0600 before SQLite opens it (its -wal and
 * -shm take its mode: DATA_DIR is the server's alone), in WAL mode, and `synchronous = FULL`: a commit
 * is on disk (the WAL fsynced) before it is acknowledged, so an acknowledged bid, password hash or
 * claimed command id survives a power loss (NORMAL could lose the last commits). A writer waits up to
 * 5 s for another process's lock.
 */
export function openPrivateSqlite(file: string): Database.Database {
  privateSqliteFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  return db;
}
