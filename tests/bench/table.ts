/** The rows `npm run bench` prints, and the number formats they share. */
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';

export const rows: string[][] = [];
export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
export const ratio = (ours: number, limit: number) => `${fmt((ours / limit) * 100, 1)}%`;

export function row(what: string, ours: string, limit: string, share: string) {
  rows.push([what, ours, limit, share]);
  console.error(`${what}: ${ours} | limit ${limit} | ${share}`);
}

/** Writes progress on one stderr line (a terminal) or as plain lines (a log). */
export function progress(message: string) {
  if (process.stderr.isTTY) process.stderr.write(`\r${message}\x1b[K`);
  else console.error(message);
}
export const progressDone = () => {
  if (process.stderr.isTTY) process.stderr.write('\n');
};

/** The value below which `p` of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/**
 * The physical limit of an append: single-row INSERT transactions on better-sqlite3 with the pragmas
 * of platform/src/event-store/sqlite.ts (WAL, synchronous FULL), in a file of its own.
 */
export function rawAppendRate(file: string, n = 5000): number {
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.pragma('busy_timeout = 5000');
  raw.exec(
    'CREATE TABLE IF NOT EXISTS e (position INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT, revision INTEGER, data TEXT)',
  );
  const insert = raw.prepare('INSERT INTO e (stream, revision, data) VALUES (?, ?, ?)');
  const one = raw.transaction((i: number) => insert.run('s', i, '{"n":1}'));
  const t = performance.now();
  for (let i = 0; i < n; i++) one.immediate(i);
  const rate = n / ((performance.now() - t) / 1000);
  raw.close();
  return rate;
}
