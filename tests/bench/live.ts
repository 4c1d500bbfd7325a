/**
 * The live room (issue 37) on the embedded default:
 *
 *  1. Internet bids on the open lot: POST /api/live/bid driven by autocannon from a worker thread, 16
 *     bids in flight pipelined on one connection (so they reach the lot in the order sent and each
 *     answers the ask the one before it left: every bid is a valid one, taken), bidders in turn. The
 *     lot's queued bids are decided together and committed in one append (command-handler.ts), each
 *     answered only after its append is durable. Several lots one after another (the first two a
 *     warm-up, not counted), each called by the
 *     auctioneer and sold at the end of its ladder. Beside GET /api/health through the same harness
 *     and raw SQLite append transactions; then the log is read: its LiveBidTaken events must equal the
 *     2xx answers.
 *  2. A clerk's call to every screen: 1,000 WebSockets in the room (`live:<auction>`), the auctioneer
 *     moves the ask over HTTP one call at a time, and each socket's receipt of the room with the new
 *     ask is timed from the call (HTTP, append, projection, bus, relay). Beside a bare `ws` server in
 *     the same process sending the same frame to 1,000 sockets of its own, timed the same way, its
 *     rounds interleaved with the calls (one each, in turn first), so both meet the same heap,
 *     collector and machine.
 */
import { join } from 'node:path';
import { actions, defaultBidIncrements, incrementAt, MAX_BID_CENTS } from '@wine/contracts';
import type { Position } from '@wine/event-schemas';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from '../support/marketplace.ts';
import { bareServer, openMany, summary, timer } from './bid-sockets.ts';
import { answeredOk, type LoadResult, load } from './load.ts';
import { fmt, percentile, progress, progressDone, ratio, rawAppendRate, row } from './table.ts';

const OPENING = 10_000;
const LOTS = 5;
/**
 * Lots bid through first and not counted: the server's code is still being compiled and optimised by
 * V8 then (the first lot's bids cost its event loop about 1.6 times the CPU of the fourth lot's, the
 * second's 1.2 times), as it is not in a sale that has run a while.
 */
const WARM_UP_LOTS = 2;
const CLIENTS = 1000;
const IN_FLIGHT = Number(process.env.LIVE_IN_FLIGHT ?? 16);
/**
 * Calls counted. The p99 of their receipts is set by the worst 1% of calls: with 300 (until 2026-11-30)
 * by the third-worst, so that two or three stalls of the machine (a collection, a slow fsync, the host)
 * decided it and it moved from run to run by up to half; with 1,000 by the tenth-worst.
 */
const ROUNDS = 1000;
/**
 * Calls (each with its bare round) made after the sockets open and not counted. The sockets open in
 * one burst moments before, in this same process: their objects (the server's and the clients') are
 * then promoted out of the young generation by scavenges of 18–34 ms and a mark-compact of 10–18 ms
 * within the next ~60 calls (a probe that timed each call's steps beside the collector's pauses,
 * 2026-11-30). A room's bidders arrive over minutes, not in a burst: the steady room is what is measured.
 */
const WARM_UP_CALLS = 50;

/** The asks a live lot climbs through from its opening: each bid's amount plus the increment at it. */
function askLadder(opening: number): number[] {
  const ladder = [opening];
  for (;;) {
    const ask = ladder[ladder.length - 1] as number;
    const next = ask + incrementAt(defaultBidIncrements, ask);
    if (next > MAX_BID_CENTS) return ladder;
    ladder.push(next);
  }
}

/** Live bids the log holds after `after`. */
async function liveBidsInLog(market: TestMarketplace, after: Position): Promise<number> {
  let count = 0;
  let position = after;
  for (;;) {
    const page = await market.eventStore.readAll({ after: position, maxCount: 5000, raw: true });
    if (page.length === 0) return count;
    for (const e of page) if (e.type === 'LiveBidTaken') count++;
    position = (page[page.length - 1] as (typeof page)[number]).position;
  }
}

/** A live sale of `n` lots, opened by the auctioneer. */
async function liveSale(market: TestMarketplace, clerk: TestUser, n: number, prefix: string) {
  const lots: string[] = [];
  for (let i = 0; i < n; i++) {
    const { id } = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({ id: `${prefix}-${i}`, openingBid: OPENING, quantity: 1 }),
      market.admin,
    );
    lots.push(id);
  }
  const now = Date.now();
  const { id: auctionId } = await market.ok<{ id: string }>(
    actions.createAuction.path,
    {
      title: `Bench live sale ${prefix}`,
      kind: 'live',
      startsAt: new Date(now - 3600_000).toISOString(),
      firstCloseAt: new Date(now + 7 * 24 * 3600_000).toISOString(),
    },
    market.admin,
  );
  await market.ok(actions.arrangeAuction.path, { id: auctionId, lotIds: lots }, market.admin);
  await market.ok(actions.liveOpenSale.path, { auction_id: auctionId }, clerk.auth);
  return { auctionId, lots };
}

export async function internetBids(market: TestMarketplace, clerk: TestUser) {
  const bidders = await Promise.all(Array.from({ length: 8 }, () => market.bidder()));
  const tokens = bidders.map((b) => b.auth.authorization.replace(/^Bearer /, ''));
  const { auctionId, lots } = await liveSale(
    market,
    clerk,
    WARM_UP_LOTS + LOTS,
    `bench-live-${Date.now().toString(36)}`,
  );
  const ladder = askLadder(OPENING);
  // The last rung is left: the lot is sold at it, and the next one is called.
  const perLot = ladder.length - 1;
  const runs: LoadResult[] = [];
  let inLog = 0;
  let cpuMs = 0;
  for (const [i, lot] of lots.entries()) {
    const warmUp = i < WARM_UP_LOTS;
    progress(
      `live: lot ${i + 1}/${LOTS + WARM_UP_LOTS}${warmUp ? ' (warm-up)' : ''}, ${fmt(perLot)} internet bids`,
    );
    await market.ok(actions.liveCallLot.path, { auction_id: auctionId, lot_id: lot }, clerk.auth);
    const before = await market.eventStore.headPosition();
    const last = await load({
      url: market.url,
      connections: 1,
      pipelining: IN_FLIGHT,
      plan: { kind: 'bids', bids: perLot, shape: 'hot', lots: [lot], tokens, ladder, step: 1, live: true },
    });
    progress(
      `live: lot ${i + 1}: ${fmt(last.sent / (last.elapsedMs / 1000))} bids/s, the server's loop ${fmt((last.mainCpuMsPerAnswer ?? Number.NaN) * 1000)} µs of CPU per bid`,
    );
    const logged = await liveBidsInLog(market, before);
    if (!warmUp) {
      runs.push(last);
      cpuMs += (last.mainCpuMsPerAnswer ?? Number.NaN) * last.sent;
      inLog += logged;
    }
    await market.ok(actions.liveHammer.path, { lot_id: lot, outcome: 'sold' }, clerk.auth);
  }
  const result: LoadResult = {
    statuses: {},
    errors: runs.reduce((n, r) => n + r.errors, 0),
    latencies: runs.flatMap((r) => r.latencies),
    elapsedMs: runs.reduce((n, r) => n + r.elapsedMs, 0),
    sent: runs.reduce((n, r) => n + r.sent, 0),
    samples: Object.assign({}, ...runs.map((r) => r.samples)),
  };
  for (const r of runs)
    for (const [status, c] of Object.entries(r.statuses))
      result.statuses[status] = (result.statuses[status] ?? 0) + c;
  const ok = answeredOk(result);
  if (ok !== inLog) throw new Error(`live bids: ${ok} answered 2xx but ${inLog} in the log`);
  if (ok !== result.sent)
    throw new Error(
      `live bids: ${result.sent - ok} refused: ${JSON.stringify(result.samples).slice(0, 400)}`,
    );
  return { ...result, cpuMs };
}

async function clerkToScreens(market: TestMarketplace, clerk: TestUser) {
  const { auctionId, lots } = await liveSale(market, clerk, 1, `bench-room-${Date.now().toString(36)}`);
  const lot = lots[0] as string;
  await market.ok(actions.liveCallLot.path, { auction_id: auctionId, lot_id: lot }, clerk.auth);
  progress(`live: opening ${fmt(CLIENTS)} sockets in the room`);
  const sockets = await openMany(`${market.url.replace('http', 'ws')}/ws`, CLIENTS);
  const subscribed = Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) =>
          s.on('message', (data: Buffer) => {
            if (String(data).includes('"type":"subscribed"')) resolve();
          }),
        ),
    ),
  );
  for (const s of sockets) s.send(JSON.stringify({ type: 'subscribe', channels: [`live:${auctionId}`] }));
  await subscribed;
  let sample = '';
  let ask = 0;
  sockets[0]?.on('message', (data: Buffer) => {
    const text = String(data);
    if (text.includes('"type":"liveRoom"')) sample = text;
  });
  const times = timer(
    sockets,
    (data) => data.includes('"type":"liveRoom"') && data.includes(`"ask":${ask},`),
  );
  const call = async (n: number) => {
    // The ask moves between two amounts above the opening: each call is a change the room is sent.
    ask = OPENING + (n % 2 === 0 ? 5_000 : 6_000);
    const answer = await market.post(actions.liveAsk.path, { lot_id: lot, ask }, clerk.auth);
    if (answer.http !== 200) throw new Error(`call ${n} refused: ${answer.body.data.message}`);
  };
  progress(`live: opening ${fmt(CLIENTS)} sockets on a bare ws server`);
  const bare = await bareServer(CLIENTS);
  // The first call proves every subscription is live and gives the room's frame the bare server sends.
  await times.round(() => call(0));
  // Each call is paired with a bare round, in turn first and second, so that both meet the same heap,
  // collector and machine (the interleaving of an A/B comparison); the warm-up is not counted.
  const pair = async (n: number) => {
    if (n % 2 === 0) {
      await times.round(() => call(n));
      await bare.round(sample);
    } else {
      await bare.round(sample);
      await times.round(() => call(n));
    }
  };
  for (let n = 1 - WARM_UP_CALLS; n <= 0; n++) await pair(n);
  times.delays.length = 0;
  bare.delays.length = 0;
  for (let n = 1; n <= ROUNDS; n++) {
    if (n % 50 === 0) progress(`live: clerk's call ${n}/${ROUNDS}`);
    await pair(n);
  }
  for (const s of sockets) s.close();
  await bare.close();
  return { product: summary(times.delays), limit: summary(bare.delays), sample };
}

export async function liveBench() {
  const market = await startMarketplace({
    seed: false,
    staffRateLimit: 1_000_000,
    liveBidRateLimit: 1_000_000_000,
  });
  let bids: LoadResult & { cpuMs: number };
  let health: LoadResult & { cpuMs: number };
  let room: Awaited<ReturnType<typeof clerkToScreens>>;
  let raw: number;
  try {
    const clerk = await market.staff('auctioneer');
    bids = await internetBids(market, clerk);
    progress('live: GET /api/health, the same harness');
    const healthRun = await load({
      url: market.url,
      connections: 1,
      pipelining: 16,
      duration: 5,
      plan: { kind: 'get', path: '/api/health' },
    });
    health = { ...healthRun, cpuMs: (healthRun.mainCpuMsPerAnswer ?? Number.NaN) * healthRun.sent };
    raw = rawAppendRate(join(market.dataDir, 'raw-live.sqlite'), 5000);
    room = await clerkToScreens(market, clerk);
  } finally {
    await market.stop();
  }
  progressDone();
  const limit = room.limit;

  const sorted = [...bids.latencies].sort((a, b) => a - b);
  const rate = bids.sent / (bids.elapsedMs / 1000);
  const healthSorted = [...health.latencies].sort((a, b) => a - b);
  const healthRate = health.sent / (health.elapsedMs / 1000);
  row(
    `Live room: internet bids on the open lot over HTTP, 16 in flight on one connection, ${LOTS} lots called in turn after ${WARM_UP_LOTS} warm-up lots, every bid at the ask and taken (${fmt(bids.sent)} bids; bids/s, p50/p99)`,
    `**${fmt(rate)}**, ${fmt(percentile(sorted, 50), 1)}/${fmt(percentile(sorted, 99), 1)} ms`,
    `${fmt(healthRate)} req/s, p50/p99 ${fmt(percentile(healthSorted, 50), 1)}/${fmt(percentile(healthSorted, 99), 1)} ms (GET /api/health, same harness); ${fmt(raw)} raw SQLite append txn/s`,
    `${ratio(rate, healthRate)} of health; ${ratio(rate, raw)} of raw appends`,
  );
  // The server's event loop's own CPU time per request (not wall time: the same when other
  // processes share the cores), for comparing passes on a busy machine.
  progress(
    `live: the server's event loop used ${fmt((bids.cpuMs * 1000) / bids.sent)} µs of CPU per bid, ${fmt((health.cpuMs * 1000) / health.sent)} µs per GET /api/health`,
  );
  progressDone();
  row(
    `Live room: a clerk's call (the ask moved) → the room on ${fmt(CLIENTS)} sockets, ${ROUNDS} calls one at a time after ${WARM_UP_CALLS} not counted (p50/p99 ms)`,
    `${fmt(room.product.p50, 1)}/${fmt(room.product.p99, 1)} ms (HTTP, append, projection, bus, relay)`,
    `${fmt(limit.p50, 1)}/${fmt(limit.p99, 1)} ms (bare ws broadcast of the same ${fmt(room.sample.length)} bytes, its rounds interleaved with the calls)`,
    `p99 ${fmt(room.product.p99 / limit.p99, 2)}× the broadcast alone`,
  );
}
