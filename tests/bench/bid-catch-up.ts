/**
 * Projection catch-up over a bidding log of about 1,000,000 events (issue 4): the projection runner
 * as the embedded default runs it at start (every projection, the in-process bus told of what
 * changed), timed from start until it has stopped with everything published, three times (the
 * median is the figure), and once with no bus, each pass in a new process (bid-catch-up-pass.ts: a
 * start is one, and a pass run after another in one process inherits its heap of a million
 * documents); beside reading the same events through the event store port with no projection, and
 * plain better-sqlite3 row iteration over the same file.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { START } from '@wine/event-schemas';
import { marketUpcaster, openSqliteEventStore } from '@wine/platform';
import Database from 'better-sqlite3';
import { writeBidLog } from './bid-log.ts';
import { fmt, progress, progressDone, ratio, row } from './table.ts';

export async function bidCatchUp(dir: string) {
  // BID_CATCH_UP_LOG=<file> keeps the log in that file and measures on it when it is there (a second
  // run measures in a process whose heap never held the writer's, and skips minutes of writing).
  const kept = process.env.BID_CATCH_UP_LOG;
  const file = kept ?? join(dir, 'bid-log.sqlite');
  let t = performance.now();
  let log = { events: -1, lots: 10_000 };
  if (!kept || !existsSync(kept)) {
    const written = await writeBidLog(file);
    log = written;
    console.error(
      `catch-up: wrote ${fmt(written.events)} events (${fmt(written.commands)} commands on ${fmt(written.lots)} lots) in ${fmt((performance.now() - t) / 1000, 1)} s:`,
      Object.entries(written.counts)
        .map(([type, n]) => `${type} ${fmt(n)}`)
        .join(', '),
    );
  }

  progress('catch-up: raw rows');
  const raw = new Database(file, { readonly: true });
  t = performance.now();
  let rows = 0;
  for (const _ of raw.prepare('SELECT * FROM events ORDER BY position').iterate()) rows++;
  const rawRate = rows / ((performance.now() - t) / 1000);
  raw.close();

  const store = openSqliteEventStore(file, { upcast: marketUpcaster });
  try {
    progress('catch-up: reading through the port');
    t = performance.now();
    let read = 0;
    let after = START;
    for (;;) {
      const page = await store.readAll({ after, maxCount: 500 });
      if (page.length === 0) break;
      read += page.length;
      after = (page[page.length - 1] as (typeof page)[number]).position;
    }
    const readRate = read / ((performance.now() - t) / 1000);
    if (read !== rows || (log.events >= 0 && rows !== log.events))
      throw new Error(`read ${read} events, ${rows} rows, wrote ${log.events}`);

    /** Events per second from start to stop, the bus told of everything (stop publishes what is left). */
    const project = async (withBus: boolean) => {
      const child = fork(join(import.meta.dirname, 'bid-catch-up-pass.ts'), {
        execArgv: ['--import', 'tsx', '--max-semi-space-size=128'],
        env: { ...process.env, BID_CATCH_UP_FILE: file, BID_CATCH_UP_BUS: withBus ? 'on' : 'off' },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      const [pass] = (await Promise.race([
        once(child, 'message'),
        once(child, 'exit').then(([code]) => {
          throw new Error(`the catch-up pass exited (${code}) before its answer`);
        }),
      ])) as [{ events: number; seconds: number }];
      if (pass.events !== read) throw new Error(`the pass applied ${pass.events} events of ${read}`);
      return pass.events / pass.seconds;
    };
    progress('catch-up: projecting, no bus');
    const alone = await project(false);
    // The figure is the median of three passes with the bus, each in a process of its own: one pass
    // on a shared machine moves by a tenth from one run to the next. The slowest and fastest are shown.
    const passes: number[] = [];
    for (let i = 1; i <= 3; i++) {
      progress(`catch-up: projecting, bus on (pass ${i} of 3)`);
      passes.push(await project(true));
    }
    progressDone();
    passes.sort((a, b) => a - b);
    const projectRate = passes[1] as number;
    row(
      `Projection catch-up, ${fmt(read)} bidding events on ${fmt(log.lots)} lots, bus on (events/s)`,
      `${fmt(projectRate)}, median of 3 passes (${fmt(passes[0] as number)}–${fmt(passes[2] as number)}; ${fmt(alone)} with no bus)`,
      `${fmt(readRate)} (read + upcast through the port); ${fmt(rawRate)} (better-sqlite3 rows)`,
      `${ratio(projectRate, readRate)} of the port read, ${ratio(projectRate, rawRate)} of raw rows`,
    );
  } finally {
    await store.close();
  }
}
