/**
 * Restart of the embedded default with about 1,000,000 bidding events in its log (issue 12,
 * "Support": serving again in ≤ 5 s): the first start replays the whole log into the read store; a
 * stop saves the read store (read-snapshot.ts); the second start loads it and catches up. Each is
 * timed from the call until the server answers GET /api/health, then a search is timed (its index may
 * still be building), and the time until the loaded store's indexes are all built. Beside it, in the
 * same run: reading the snapshot file and decoding it (what loading costs before any index is built).
 *
 * Then, on the same server and log, blue/green rebuilds of the lots and bids read models (issue 12:
 * ≤ 60 s for 1,000,000 events while serving) while four clients search without pause; every answer
 * must be a 200. Beside them: reading the whole log through the port.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { READ_SNAPSHOT_FILE, readSnapshotFile, startEmbedded } from '@wine/deploy/embedded';
import { createLogger, loadConfig, systemClock } from '@wine/platform';
import { projections, rebuildProjection } from '@wine/projection-service';
import { writeBidLog } from './bid-log.ts';
import { fmt, progress, progressDone, row } from './table.ts';

/** A port free now, so the start can be polled before it returns. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** A browse search's time in seconds, or NaN when it is not a 200 (or no answer). */
async function search(url: string) {
  const t = performance.now();
  const answer = await fetch(`${url}/api/product/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 25, page: 1 }),
  }).catch(() => null);
  await answer?.arrayBuffer();
  return answer?.ok ? (performance.now() - t) / 1000 : Number.NaN;
}

/**
 * Starts the embedded default in a new process (restart-server.ts) and stops it: the times until GET
 * /api/health first answers 200 (the server listens once the read models have caught up; the write
 * side's process managers may still be reading the log and the loaded indexes building), of a search
 * right then, until the start has finished, and of the stop (which saves the read store).
 */
async function startAndStop(dataDir: string) {
  const port = await freePort();
  const t = performance.now();
  const child = fork(join(import.meta.dirname, 'restart-server.ts'), {
    execArgv: ['--import', 'tsx', '--max-old-space-size=8192', '--max-semi-space-size=128'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const message = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const listen = (m: Record<string, unknown>) => {
        if (!(key in m)) return;
        child.off('message', listen);
        resolve(m[key] as T);
      };
      child.on('message', listen);
      void exited.then(([code]) => reject(new Error(`the server exited (${code}) before ${key}`)));
    });
  const started = message<true>('started').then(() => (performance.now() - t) / 1000);
  let seconds = Number.NaN;
  while (Number.isNaN(seconds)) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (answer?.ok) seconds = (performance.now() - t) / 1000;
    else await Promise.race([new Promise((resolve) => setTimeout(resolve, 20)), exited]);
  }
  const searchMs = (await search(`http://127.0.0.1:${port}`)) * 1000;
  if (Number.isNaN(searchMs)) throw new Error('the first search failed');
  const startedSeconds = await started;
  const stopped = message<number>('stopSeconds');
  child.send('stop');
  const stopSeconds = await stopped;
  await exited;
  return { seconds, searchMs, started: startedSeconds, stopSeconds };
}

/** Starts in this process (the rebuilds need the server's runner and stores), runs `whileUp`, stops. */
async function startInProcess(dataDir: string, whileUp: (embedded: Embedded) => Promise<void>) {
  const config = loadConfig({
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const embedded = await startEmbedded({ config, uiDir: null });
  try {
    await embedded.indexed;
    await whileUp(embedded);
  } finally {
    await embedded.close();
  }
}

export async function restart(dir: string) {
  const dataDir = join(dir, 'restart');
  mkdirSync(dataDir, { recursive: true });
  // RESTART_BENCH_LOG=<events.sqlite written by an earlier run> skips writing the log again.
  const reuse = process.env.RESTART_BENCH_LOG;
  if (reuse) copyFileSync(reuse, join(dataDir, 'events.sqlite'));
  const log = reuse
    ? { events: (await countEvents(join(dataDir, 'events.sqlite'))) as number }
    : await writeBidLog(join(dataDir, 'events.sqlite'));
  progress(
    `restart: first start, replaying ${fmt(log.events)} events, then a stop that saves the read store`,
  );
  // Each timed start is a process of its own, as a restart is.
  const first = await startAndStop(dataDir);
  const file = join(dataDir, READ_SNAPSHOT_FILE);
  progress('restart: second start, from the saved read store');
  const second = await startAndStop(dataDir);
  const r = performance.now();
  let contents = readSnapshotFile(file)?.contents ?? null;
  const rawSeconds = (performance.now() - r) / 1000;
  if (!contents) throw new Error('no snapshot saved');
  const documents = contents.reduce((n, [, docs]) => n + docs.length, 0);
  contents = null;
  progressDone();
  row(
    `Restart of the embedded default, ${fmt(log.events)} events in the log, until GET /api/health answers (s)`,
    `**${fmt(second.seconds, 1)} s** (a search then: ${fmt(second.searchMs)} ms; start finished, every index built and the write side's processes caught up: ${fmt(second.started, 1)} s; first start, replaying the log: ${fmt(first.seconds, 1)} s; saving at stop: ${fmt(first.stopSeconds, 1)} s)`,
    `${fmt(rawSeconds, 1)} s to read and decode the ${fmt(statSync(file).size / 1e6)} MB snapshot (${fmt(documents)} documents)`,
    `${fmt(second.seconds / rawSeconds, 1)}× the read`,
  );
  let rebuilt: Awaited<ReturnType<typeof rebuildsUnderLoad>> = [];
  await startInProcess(dataDir, async (embedded) => {
    rebuilt = await rebuildsUnderLoad(embedded);
  });
  for (const r of rebuilt) {
    row(
      `Blue/green rebuild of the ${r.name} read model over ${fmt(r.events)} events while 4 clients search (s)`,
      `**${fmt(r.seconds, 1)} s**, ${fmt(r.searches)} searches answered meanwhile, ${r.failed} failed`,
      `${fmt(r.readSeconds, 1)} s to read the same log through the port`,
      `${fmt(r.seconds / r.readSeconds, 1)}× the read`,
    );
  }
}

async function countEvents(file: string) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  const { n } = db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number };
  db.close();
  return n;
}

type Embedded = Awaited<ReturnType<typeof startEmbedded>>;

/** Searches from four clients until stopped; counts answers and failures. */
function searchLoad(url: string) {
  let stop = false;
  let answered = 0;
  let failed = 0;
  const client = async () => {
    while (!stop) {
      if (Number.isNaN(await search(url))) failed += 1;
      else answered += 1;
    }
  };
  const clients = Promise.all([client(), client(), client(), client()]);
  return async () => {
    stop = true;
    await clients;
    return { answered, failed };
  };
}

async function rebuildsUnderLoad(embedded: Embedded) {
  const logger = createLogger('silent');
  let t = performance.now();
  let after = '';
  for (;;) {
    const page = await embedded.eventStore.readAll({ after, maxCount: 1000 });
    const last = page[page.length - 1];
    if (!last) break;
    after = last.position;
  }
  const readSeconds = (performance.now() - t) / 1000;
  const results = [];
  for (const name of ['lots', 'bids']) {
    const projection = projections.find((p) => p.name === name);
    if (!projection) throw new Error(`no projection ${name}`);
    progress(`restart: rebuilding ${name} while searching`);
    const stopLoad = searchLoad(embedded.url);
    t = performance.now();
    const result = await rebuildProjection({
      eventStore: embedded.eventStore,
      docs: embedded.docs,
      projection,
      clock: systemClock,
      logger,
      runner: embedded.runner,
    });
    const seconds = (performance.now() - t) / 1000;
    const { answered, failed } = await stopLoad();
    if (failed > 0) throw new Error(`${failed} searches failed during the ${name} rebuild`);
    results.push({ name, events: result.events, seconds, searches: answered, failed, readSeconds });
  }
  progressDone();
  return results;
}
