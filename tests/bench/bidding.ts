/**
 * Bids over HTTP on the embedded default (issue 4): POST /api/bid/confirm driven by autocannon from
 * a worker thread, across 1,000 lots and on one hot lot, beside GET /api/health on the same server
 * through the same harness and raw SQLite append transactions.
 *
 * Every request is a valid bid: the k-th bid on a lot bids the (2k)th amount of the lot's bid ladder
 * (the opening bid, then each next_bid), so it outbids the leader's maximum and the leader's proxy
 * answers first (BidPlaced after ProxyBidPlaced), and bidders take turns, so no one raises their own
 * maximum. That holds only if the lot gets its bids in the order they were sent: across 1,000 lots a
 * lot's bids are a thousand requests apart, but on the hot lot two connections racing can swap them,
 * so the hot lot's 16 bids in flight are pipelined on one connection, which keeps their order. The
 * ladder ends at the $999,999.99 cap after about 2,160 rungs, so a hot lot takes about 1,080 bids;
 * the hot-lot figure is measured over several hot lots one after another.
 */
import { join } from 'node:path';
import { defaultBidIncrements, MAX_BID_CENTS, nextBid } from '@wine/contracts';
import type { Position } from '@wine/event-schemas';
import { lotInput, startMarketplace, type TestMarketplace } from '../support/marketplace.ts';
import { answeredOk, type LoadResult, load } from './load.ts';
import { fmt, percentile, progress, ratio, rawAppendRate, row } from './table.ts';

/** The amounts a lot's price climbs through from `opening`: each the next_bid after the one before. */
function bidLadder(opening: number): number[] {
  const ladder = [opening];
  for (;;) {
    const price = ladder[ladder.length - 1] as number;
    const next = nextBid(defaultBidIncrements, { openingBid: opening, price, hasBids: true });
    if (next > MAX_BID_CENTS) return ladder;
    ladder.push(next);
  }
}

const refused = (r: LoadResult) =>
  Object.entries(r.statuses)
    .filter(([s]) => !/^2/.test(s))
    .map(([s, c]) => `${c} × ${s}`)
    .join(', ') || 'none';

/** Bids the log holds after `after` (each accepted bid writes exactly one BidPlaced or MaxBidRaised). */
async function bidsInLog(market: TestMarketplace, after: Position): Promise<number> {
  let count = 0;
  let position = after;
  for (;;) {
    const page = await market.eventStore.readAll({ after: position, maxCount: 5000, raw: true });
    if (page.length === 0) return count;
    for (const e of page) if (e.type === 'BidPlaced' || e.type === 'MaxBidRaised') count++;
    position = (page[page.length - 1] as (typeof page)[number]).position;
  }
}

async function createLots(market: TestMarketplace, n: number, prefix: string, opening: number) {
  const ids: string[] = [];
  const closesAt = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
  for (let i = 0; i < n; i += 16) {
    const chunk = Array.from({ length: Math.min(16, n - i) }, (_, j) => `${prefix}-${i + j}`);
    await Promise.all(
      chunk.map((id) =>
        market.ok('/api/admin/product/create', lotInput({ id, openingBid: opening, closesAt }), market.admin),
      ),
    );
    ids.push(...chunk);
  }
  return ids;
}

export async function bidding(dir: string) {
  const rawRate = rawAppendRate(join(dir, 'raw-bids.sqlite'));
  const market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  try {
    const connections = 16;
    const opening = 100;
    const step = 2;
    const ladder = bidLadder(opening);
    const perHotLot = Math.floor((ladder.length - 1) / step) + 1;
    const hotLots = 5;
    progress('bids: creating 1,000 lots, hot lots and bidders');
    const lots = await createLots(market, 1000, 'bench-bid', opening);
    const hot = await createLots(market, hotLots, 'bench-hot', opening);
    const bidders = [];
    for (let i = 0; i < 8; i++) bidders.push(await market.bidder({ firstName: `Bench${i}` }));
    const tokens = bidders.map((b) => b.token);

    progress('bids: GET /api/health');
    const health = await load({
      url: market.url,
      connections,
      duration: 5,
      plan: { kind: 'get', path: '/api/health' },
    });
    const healthRate = answeredOk(health) / (health.elapsedMs / 1000);
    const healthSorted = [...health.latencies].sort((a, b) => a - b);

    progress('bids: across 1,000 lots');
    let before = await market.eventStore.headPosition();
    const spread = await load({
      url: market.url,
      connections,
      plan: { kind: 'bids', bids: 20_000, shape: 'spread', lots, tokens, ladder, step },
    });
    const spreadInLog = await bidsInLog(market, before);

    const hotRuns: LoadResult[] = [];
    let hotInLog = 0;
    for (const [i, lot] of hot.entries()) {
      progress(`bids: hot lot ${i + 1}/${hotLots}`);
      before = await market.eventStore.headPosition();
      hotRuns.push(
        await load({
          url: market.url,
          connections: 1,
          pipelining: connections,
          plan: { kind: 'bids', bids: perHotLot, shape: 'hot', lots: [lot], tokens, ladder, step },
        }),
      );
      hotInLog += await bidsInLog(market, before);
    }
    const hotResult: LoadResult = {
      statuses: {},
      errors: hotRuns.reduce((n, r) => n + r.errors, 0),
      latencies: hotRuns.flatMap((r) => r.latencies),
      elapsedMs: hotRuns.reduce((n, r) => n + r.elapsedMs, 0),
      sent: hotRuns.reduce((n, r) => n + r.sent, 0),
      samples: Object.assign({}, ...hotRuns.map((r) => r.samples)),
    };
    for (const r of hotRuns) {
      for (const [s, c] of Object.entries(r.statuses))
        hotResult.statuses[s] = (hotResult.statuses[s] ?? 0) + c;
    }

    const limit = `${fmt(healthRate)} req/s, p50/p99 ${fmt(percentile(healthSorted, 50), 1)}/${fmt(percentile(healthSorted, 99), 1)} ms (GET /api/health); ${fmt(rawRate)} raw SQLite append txn/s`;
    for (const [what, result, inLog] of [
      [`Bid over HTTP across ${fmt(lots.length)} lots, ${connections} connections`, spread, spreadInLog],
      [
        `Bid over HTTP on one hot lot (${hotLots} lots in turn), ${connections} pipelined on one connection`,
        hotResult,
        hotInLog,
      ],
    ] as const) {
      const accepted = answeredOk(result);
      if (accepted !== inLog || result.errors > 0) {
        throw new Error(
          `${what}: ${accepted} bids answered 2xx but ${inLog} in the log (${result.errors} errors)`,
        );
      }
      console.error(
        `${what}: ${fmt(accepted)} accepted of ${fmt(result.sent)} answered; refused: ${refused(result)}`,
        ...Object.values(result.samples).flat(),
      );
      const rate = accepted / (result.elapsedMs / 1000);
      const sorted = [...result.latencies].sort((a, b) => a - b);
      row(
        `${what} (bids/s, p50/p99)`,
        `${fmt(rate)}, ${fmt(percentile(sorted, 50), 1)}/${fmt(percentile(sorted, 99), 1)} ms`,
        limit,
        `${ratio(rate, healthRate)} of health, ${ratio(rate, rawRate)} of raw append`,
      );
    }
  } finally {
    await market.stop();
  }
}
