/**
 * `npm run bench`: each figure of the product beside the physical limit measured in the same run on
 * the same machine (STYLE.md, "Speed"). Prints a markdown table; README carries the last one.
 *
 *  1. appends: the event store port (SQLite, one event per append at the exact expected revision,
 *     with idempotency lookup and JSON) vs raw better-sqlite3 single-row transactions, same pragmas.
 *  2. catch-up: the projection runner building the lots read model from the log vs reading the
 *     same log through the port with no projection.
 *  3. commands over HTTP: POST /api/admin/product/create (validate, load, decide, hash, append)
 *     vs the cheapest route of the same server (GET /api/health), both driven by autocannon.
 *  4. search over HTTP: POST /api/product/search with a filter and sort vs the same cheapest route.
 *  5. realtime: commit of a lot to its arrival on 200 subscribed WebSockets vs a bare `ws` broadcast.
 *  6. sign-in over HTTP vs scrypt verifications on the same thread pool (the deliberate cost).
 *  7. bids over HTTP (issue 4), across 1,000 lots and on one hot lot, vs GET /api/health through the
 *     same harness and raw SQLite append transactions (bidding.ts).
 *  8. catch-up over a ~1,000,000-event bidding log vs reading it through the port and raw rows
 *     (bid-catch-up.ts, bid-log.ts).
 *  9. bid to `bidAddtime` on 1,000 sockets watching the lot vs a bare `ws` broadcast (bid-sockets.ts).
 * 10. buy-now checkouts over HTTP across 1,000 lots and on one large lot, with the oversell check, vs
 *     GET /api/health and raw appends; invoices for 10,000 lots closing within a minute (checkout.ts).
 * 11. browse search over HTTP at 10,000 / 100,000 / 300,000 lots (default, filters, text, suggestions)
 *     vs GET /api/health through the same harness (search.ts).
 * 13. a CSV export of 100,000 invoice rows streamed over HTTP, its heap and RSS growth, vs the same CSV
 *     built whole in memory and the ledger rows read with no CSV (csv-export.ts).
 * 12. Lighthouse, mobile profile, on /, /search and a product page, and the initial JS of / in gzip
 *     bytes, beside their targets (lighthouse.ts; needs `npm run build -w ui`).
 * 15. The server's first paint of /search vs the bare app's page, and GET /api/health's p99 while
 *     pages are painted (first-paint.ts; needs `npm run build -w ui`).
 * 16. Photo upload over HTTP (3000 × 2000 JPEG: decode, orient, strip, five encodings, stored) vs sharp
 *     decoding the same photos once (photos.ts).
 * 17. A 10,000-row XLSX import over HTTP: upload, preview, apply (rows/s, the server's RSS growth) vs
 *     exceljs reading the file, planImport in-process and raw SQLite appends (imports.ts).
 * 18. Offers accepted over HTTP (issue 36: stock check, hold, invoice) across 1,000 lots and on one lot
 *     of 1,000 bottles until sold out, with the oversell check, vs GET /api/health and raw appends
 *     (offers.ts).
 * 19. The live room (issue 37): internet bids on the open lot (queued bids decided together, one append
 *     each batch) vs GET /api/health and raw appends; a clerk's call to 1,000 sockets in the room vs a
 *     bare `ws` broadcast (live.ts).
 * 14. `verify` (per-stream chains, global chain, anchors) over the ~1,000,000-event bidding log vs
 *     reading it as stored through the port and raw rows (verify.ts; VERIFY_BENCH_EVENTS sets the size).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { demoCatalogue } from '@wine/command-service';
import {
  createEmbeddedDocumentStore,
  createLogger,
  marketUpcaster,
  openSqliteEventStore,
  systemClock,
} from '@wine/platform';
import { newEvent } from '@wine/platform/testing';
import { createProjectionRunner, projections } from '@wine/projection-service';
import autocannon from 'autocannon';
import { WebSocket, WebSocketServer } from 'ws';
import { lotInput, startMarketplace } from '../support/marketplace.ts';
import { bidCatchUp } from './bid-catch-up.ts';
import { bidSockets } from './bid-sockets.ts';
import { bidding } from './bidding.ts';
import { checkouts, invoicing } from './checkout.ts';
import { csvExport } from './csv-export.ts';
import { firstPaintBench } from './first-paint.ts';
import { importsBench } from './imports.ts';
import { lighthouseBench } from './lighthouse.ts';
import { liveBench } from './live.ts';
import { offersBench } from './offers.ts';
import { photosBench } from './photos.ts';
import { restart } from './restart.ts';
import { search } from './search.ts';
import { fmt, ratio, rawAppendRate, row, rows } from './table.ts';
import { verifyBench } from './verify.ts';

const dir = mkdtempSync(join(tmpdir(), 'wine-bench-'));

async function appends() {
  const n = 5000;
  const rawRate = rawAppendRate(join(dir, 'raw.sqlite'), n);

  const store = openSqliteEventStore(join(dir, 'port.sqlite'), {
    upcast: (_t, version, data) => ({ version, data }),
  });
  const stream = `bench-${randomUUID()}`;
  const t = performance.now();
  for (let i = 0; i < n; i++) await store.append(stream, [newEvent(i)], i === 0 ? 'no_stream' : i - 1);
  const portRate = n / ((performance.now() - t) / 1000);
  await store.close();
  row(
    'Append, one event per commit (events/s)',
    fmt(portRate),
    `${fmt(rawRate)} (raw SQLite insert txn)`,
    ratio(portRate, rawRate),
  );
}

async function catchUp() {
  const lots = 20_000;
  const file = join(dir, 'catchup.sqlite');
  const store = openSqliteEventStore(file, { upcast: marketUpcaster });
  // The demo catalogue's lots, written as the command handler would (hash chain, metadata).
  const now = new Date();
  const template = demoCatalogue(now, 300);
  const events = [];
  for (let i = 0; i < lots; i++) {
    const { lot } = template[i % template.length] as (typeof template)[number];
    const lotId = `bench-${i}`;
    events.push({ lotId, event: { ...newEvent(i), type: 'LotListed', version: 2, data: { ...lot, lotId } } });
  }
  for (const { lotId, event } of events) await store.append(`lot-${lotId}`, [event], 'no_stream');

  let t = performance.now();
  let read = 0;
  let after = '';
  for (;;) {
    const page = await store.readAll({ after, maxCount: 500 });
    if (page.length === 0) break;
    read += page.length;
    after = (page[page.length - 1] as (typeof page)[number]).position;
  }
  const readRate = read / ((performance.now() - t) / 1000);

  const docs = createEmbeddedDocumentStore();
  const runner = createProjectionRunner({
    name: 'bench',
    eventStore: store,
    docs,
    projections,
    clock: systemClock,
    logger: createLogger('silent'),
  });
  t = performance.now();
  await runner.start();
  await runner.waitFor(await store.headPosition(), 300_000);
  const projectRate = lots / ((performance.now() - t) / 1000);
  await runner.stop();
  await store.close();
  row(
    `Projection catch-up, ${fmt(lots)} lots into the embedded store (events/s)`,
    fmt(projectRate),
    `${fmt(readRate)} (read + upcast of the same log)`,
    ratio(projectRate, readRate),
  );
}

async function http() {
  const market = await startMarketplace({ staffRateLimit: 1_000_000 });
  try {
    const duration = 8;
    const base = { url: market.url, connections: 16, duration };
    const health = await autocannon({ ...base, url: `${market.url}/api/health` });
    let i = 0;
    const create = await autocannon({
      ...base,
      requests: [
        {
          method: 'POST',
          path: '/api/admin/product/create',
          headers: { 'content-type': 'application/json', ...market.admin },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(lotInput({ id: `bench-http-${i++}` })) }),
        },
      ],
    });
    const search = await autocannon({
      ...base,
      method: 'POST',
      url: `${market.url}/api/product/search`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        limit: 25,
        orderby: 'p.bprice',
        order: 'desc',
        filters: {
          country: { value: ['France'], type: 'array', field: 'p.custitem_gvo_country' },
          color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' },
        },
      }),
    });
    const failed = (r: autocannon.Result) => r.errors + r.non2xx;
    if (failed(create) || failed(search) || failed(health)) {
      throw new Error(
        `failed requests: create ${failed(create)}, search ${failed(search)}, health ${failed(health)}`,
      );
    }
    const limit = `${fmt(health.requests.average)} req/s, p99 ${health.latency.p99} ms (GET /api/health)`;
    row(
      'Create lot over HTTP, 16 connections (req/s, p50/p99)',
      `${fmt(create.requests.average)}, ${create.latency.p50}/${create.latency.p99} ms`,
      limit,
      ratio(create.requests.average, health.requests.average),
    );
    row(
      `Search over HTTP, ${fmt(await market.docs.collection('lots').countDocuments())} lots (req/s, p50/p99)`,
      `${fmt(search.requests.average)}, ${search.latency.p50}/${search.latency.p99} ms`,
      limit,
      ratio(search.requests.average, health.requests.average),
    );
  } finally {
    await market.stop();
  }
}

/** Milliseconds until every socket has seen one message, for `rounds` messages; returns the median. */
async function fanOut(
  sockets: WebSocket[],
  send: (round: number) => Promise<void>,
  match: (data: string, round: number) => boolean,
  rounds: number,
) {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const t = performance.now();
    const arrived = Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve) => {
            const on = (data: Buffer) => {
              if (!match(String(data), round)) return;
              s.off('message', on);
              resolve();
            };
            s.on('message', on);
          }),
      ),
    );
    await send(round);
    await arrived;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const s = new WebSocket(url);
    s.once('open', () => resolve(s));
    s.once('error', reject);
  });

async function realtime() {
  const clients = 200;
  const rounds = 20;
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const port = (wss.address() as { port: number }).port;
  const bare = await Promise.all(Array.from({ length: clients }, () => open(`ws://127.0.0.1:${port}`)));
  const bareMs = await fanOut(
    bare,
    async (round) => {
      const message = JSON.stringify({ type: 'lotChanged', round });
      for (const c of wss.clients) c.send(message);
    },
    (data, round) => data.includes(`"round":${round}`),
    rounds,
  );
  for (const s of bare) s.close();
  wss.close();

  const market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  try {
    const url = `${market.url.replace('http', 'ws')}/ws`;
    const sockets = await Promise.all(Array.from({ length: clients }, () => open(url)));
    // Each subscription holds once the server answers it.
    await Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve) => {
            const answered = (data: Buffer) => {
              if (!String(data).includes('"type":"subscribed"')) return;
              s.off('message', answered);
              resolve();
            };
            s.on('message', answered);
            s.send(JSON.stringify({ type: 'subscribe', channels: ['lots'] }));
          }),
      ),
    );
    const ids: string[] = [];
    const productMs = await fanOut(
      sockets,
      async (round) => {
        ids[round] = `bench-rt-${round}`;
        await market.post('/api/admin/product/create', lotInput({ id: ids[round] }), market.admin);
      },
      (data, round) => data.includes(`"${ids[round]}"`),
      rounds,
    );
    for (const s of sockets) s.close();
    row(
      `Create lot → ${clients} subscribed browsers notified (median ms)`,
      `${fmt(productMs, 1)} ms (HTTP, append, projection, bus, relay)`,
      `${fmt(bareMs, 1)} ms (bare ws broadcast)`,
      `${fmt(productMs / bareMs, 1)}× the broadcast alone`,
    );
  } finally {
    await market.stop();
  }
}

/** Sign-in pays for one scrypt per request: its limit is scrypt itself on the same thread pool. */
async function signIn() {
  const { hashPassword, verifyPassword } = await import('@wine/command-service');
  const stored = await hashPassword('bench-password-1');
  const seconds = 4;
  let hashes = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < until) {
        await verifyPassword('bench-password-1', stored);
        hashes += 1;
      }
    }),
  );
  const rawRate = hashes / seconds;
  const market = await startMarketplace({ seed: false, rateLimit: 1_000_000, staffRateLimit: 1_000_000 });
  try {
    const email = 'bench@example.com';
    await market.post('/api/user/register', {
      first_name: 'Bench',
      last_name: 'Mark',
      email,
      password: 'bench-password-1',
      confirm_password: 'bench-password-1',
      terms: true,
    });
    // Only a verified address signs in: the mailed code finishes the registration.
    await market.ok('/api/user/verifyEmailVerifyCode', { email, code: await market.mailedCode(email) });
    const result = await autocannon({
      url: `${market.url}/api/user/login`,
      connections: 4,
      duration: seconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password-1' }),
    });
    if (result.errors + result.non2xx > 0) throw new Error(`sign-in failed ${result.non2xx} times`);
    row(
      'Sign-in over HTTP, scrypt N=2^15 (req/s, p50/p99)',
      `${fmt(result.requests.average, 1)}, ${result.latency.p50}/${result.latency.p99} ms`,
      `${fmt(rawRate, 1)} scrypt verifications/s`,
      ratio(result.requests.average, rawRate),
    );
  } finally {
    await market.stop();
  }
}

/** `npm run bench -- bids sockets` runs only the measures named; none named runs them all. */
const measures: Record<string, () => Promise<void>> = {
  appends,
  catchUp,
  http,
  realtime,
  signIn,
  bids: () => bidding(dir),
  bidCatchUp: () => bidCatchUp(dir),
  bidSockets,
  checkouts: () => checkouts(dir),
  invoicing: () => invoicing(dir),
  offers: () => offersBench(dir),
  live: () => liveBench(),
  search,
  restart: () => restart(dir),
  'csv-export': () => csvExport(),
  lighthouse: lighthouseBench,
  firstPaint: firstPaintBench,
  verify: () => verifyBench(dir),
  photos: () => photosBench(),
  imports: () => importsBench(dir),
};
const only = process.argv.slice(2);
for (const name of only) if (!measures[name]) throw new Error(`no measure ${name}: ${Object.keys(measures)}`);
try {
  for (const [name, measure] of Object.entries(measures))
    if (only.length === 0 || only.includes(name)) await measure();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\nMeasured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu}, Node ${process.version}\n`,
);
console.log('| Measure | Marketplace | Physical limit (same run) | Share |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
