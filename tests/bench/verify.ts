/**
 * `verify` over the bidding log of about 1,000,000 events (issue 12: ≤ 20 s): every stream's chain,
 * the global chain and the anchors, as `npm run verify` runs it; beside reading the same events, as
 * stored, through the event store port (what verify cannot go below) and plain better-sqlite3 rows.
 * `VERIFY_BENCH_EVENTS` sets the size of the log (the same writer as the catch-up measure).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { verifyLog } from '@wine/command-service';
import { START } from '@wine/event-schemas';
import { marketUpcaster, openSqliteEventStore } from '@wine/platform';
import Database from 'better-sqlite3';
import { writeBidLog } from './bid-log.ts';
import { fmt, progress, progressDone, ratio, row } from './table.ts';

export async function verifyBench(dir: string) {
  const target = Number(process.env.VERIFY_BENCH_EVENTS ?? 1_000_000);
  // VERIFY_BENCH_LOG keeps the log in a file of that name and measures on it when it is there: a
  // second run then measures in a process whose heap never held the writer's.
  const kept = process.env.VERIFY_BENCH_LOG;
  const file = kept ?? join(dir, 'verify-log.sqlite');
  let t = performance.now();
  const lots = Math.max(100, Math.round(target / 100));
  if (!kept || !existsSync(kept)) {
    const log = await writeBidLog(file, target, lots);
    console.error(`verify: wrote ${fmt(log.events)} events in ${fmt((performance.now() - t) / 1000, 1)} s`);
  }

  progress('verify: raw rows');
  const raw = new Database(file, { readonly: true });
  t = performance.now();
  let rows = 0;
  for (const _ of raw.prepare('SELECT * FROM events ORDER BY position').iterate()) rows++;
  const rowsSeconds = (performance.now() - t) / 1000;
  raw.close();

  const store = openSqliteEventStore(file, { upcast: marketUpcaster });
  try {
    progress('verify: reading through the port, as stored');
    t = performance.now();
    let read = 0;
    let after = START;
    for (;;) {
      const page = await store.readAll({ after, maxCount: 1000, raw: true });
      if (page.length === 0) break;
      read += page.length;
      after = (page[page.length - 1] as (typeof page)[number]).position;
    }
    const readSeconds = (performance.now() - t) / 1000;

    progress('verify: per-stream chains, global chain, anchors');
    t = performance.now();
    const result = await verifyLog(store, {
      onProgress: ({ done, total }) => {
        if (done % 100_000 < 1000) progress(`verify: ${fmt(done)} / ${fmt(total)}`);
      },
    });
    const verifySeconds = (performance.now() - t) / 1000;
    progressDone();
    if (result.problems.length > 0 || result.events !== read || read !== rows)
      throw new Error(
        `verify found ${result.problems.length} problems, read ${result.events} of ${read} (${rows} rows)`,
      );
    row(
      `verify, ${fmt(result.events)} bidding events on ${fmt(lots)} lots (s)`,
      `**${fmt(verifySeconds, 1)} s** (${fmt(result.events / verifySeconds)} events/s)`,
      `${fmt(readSeconds, 1)} s (read as stored through the port); ${fmt(rowsSeconds, 1)} s (better-sqlite3 rows)`,
      ratio(readSeconds, verifySeconds),
    );
  } finally {
    await store.close();
  }
}
