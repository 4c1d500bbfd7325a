/**
 * Money (issue "Money"): buy-now checkouts over HTTP on the embedded default, each an addToCart and
 * a cart/checkout paid with a saved sandbox card (hold on the lot stream, invoice, the payment's
 * transaction, payment, sale, cart cleared: the appends per checkout are counted from the log), across
 * 1,000 lots and on one lot with a large stock, beside GET
 * /api/health through fetch from the same worker and raw SQLite append transactions; then the
 * oversell check (no lot sold more than it holds, and every paid checkout sold exactly one bottle).
 * And invoices for 10,000 lots that close within one minute: the time from the clock reaching the
 * last close until every invoice is in the read model, beside raw SQLite appends of the same count.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { actions } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from '../support/marketplace.ts';
import { fmt, percentile, progress, ratio, rawAppendRate, row } from './table.ts';

interface Result {
  statuses: Record<string, number>;
  latencies: number[];
  elapsedMs: number;
  paid: number;
  samples: Record<string, string[]>;
}

const run = (workerData: unknown) =>
  new Promise<Result>((resolve, reject) => {
    const worker = new Worker(new URL('./checkout-worker.mjs', import.meta.url), { workerData });
    worker.once('message', (m: Result) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });

async function buyNowLots(market: TestMarketplace, n: number, prefix: string, quantity: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 16) {
    const chunk = Array.from({ length: Math.min(16, n - i) }, (_, j) => `${prefix}-${i + j}`);
    await Promise.all(
      chunk.map((id) =>
        market.ok(
          actions.createLot.path,
          lotInput({ id, auction: false, buyNow: true, buyNowPrice: 5_000, quantity, openingBid: 0 }),
          market.admin,
        ),
      ),
    );
    ids.push(...chunk);
  }
  return ids;
}

async function health(market: TestMarketplace, n: number) {
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < n) await (await fetch(`${market.url}/api/health`)).text();
    }),
  );
  return n / ((performance.now() - t) / 1000);
}

/** Bottles sold in the log, and its appends (each a transaction: the events of one command's write). */
async function soldInLog(market: TestMarketplace) {
  let sold = 0;
  const appends = new Set<string>();
  let after = '';
  for (;;) {
    const page = await market.eventStore.readAll({ after, maxCount: 5000, raw: true });
    if (page.length === 0) return { sold, appends: appends.size };
    for (const e of page) {
      if (e.type === 'StockSold') sold += (e.data as { qty: number }).qty;
      appends.add(`${e.streamName} ${e.metadata.commandId}`);
    }
    after = (page[page.length - 1] as (typeof page)[number]).position;
  }
}

export async function checkouts(dir: string) {
  const rawRate = rawAppendRate(join(dir, 'raw-checkouts.sqlite'));
  const market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  try {
    progress('checkouts: 1,000 buy-now lots, one large lot and 16 buyers with cards');
    const spread = await buyNowLots(market, 1000, 'bench-buy', 50);
    const [hot] = await buyNowLots(market, 1, 'bench-big', 100_000);
    const buyers: (TestUser & { cardId: string })[] = [];
    for (let i = 0; i < 16; i++) {
      const user = await market.bidder({ firstName: `Buyer${i}` });
      const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, user.auth);
      buyers.push({ ...user, cardId: cards.data[0]?.id as string });
    }
    const plain = buyers.map((b) => ({ token: b.token, cardId: b.cardId }));
    const healthRate = await health(market, 20_000);
    const limit = `${fmt(healthRate)} req/s GET /api/health (fetch, 16 at once); ${fmt(rawRate)} raw SQLite append txn/s`;
    for (const [what, lots, n] of [
      ['across 1,000 lots', spread, 4_000],
      ['on one lot of 100,000 bottles', [hot as string], 4_000],
    ] as const) {
      progress(`checkouts: ${what}`);
      const before = await soldInLog(market);
      const result = await run({ url: market.url, checkouts: n, buyers: plain, lots });
      const after = await soldInLog(market);
      const sold = after.sold - before.sold;
      const perCheckout = (after.appends - before.appends) / Math.max(1, result.paid);
      if (sold !== result.paid)
        throw new Error(`${what}: ${result.paid} paid checkouts but ${sold} bottles sold`);
      const refused = Object.entries(result.statuses).filter(([s]) => s !== '200');
      if (refused.length > 0) console.error(`${what}: refused`, refused, result.samples);
      const rate = result.paid / (result.elapsedMs / 1000);
      const sorted = [...result.latencies].sort((a, b) => a - b);
      row(
        `Buy-now checkout over HTTP ${what}, 16 buyers (add + checkout, paid by card; checkouts/s, p50/p99)`,
        `${fmt(rate)}, ${fmt(percentile(sorted, 50), 1)}/${fmt(percentile(sorted, 99), 1)} ms`,
        limit,
        `${ratio(rate, healthRate)} of health; ${ratio(rate * perCheckout, rawRate)} of raw appends (${fmt(perCheckout, 1)} per checkout)`,
      );
    }
  } finally {
    await market.stop();
  }
}

export async function invoicing(dir: string) {
  const lots = 10_000;
  const rawRate = rawAppendRate(join(dir, 'raw-invoices.sqlite'), lots);
  const clock = offsetClock();
  const market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000, clock });
  try {
    const bidder = await market.bidder({ firstName: 'Winner' });
    const firstClose = clock.now().getTime() + 3600_000;
    progress(`invoices: ${fmt(lots)} lots closing within one minute, each with a bid`);
    for (let i = 0; i < lots; i += 32) {
      await Promise.all(
        Array.from({ length: Math.min(32, lots - i) }, async (_, j) => {
          const id = `bench-inv-${i + j}`;
          const closesAt = new Date(firstClose + Math.floor(((i + j) / lots) * 60_000)).toISOString();
          await market.ok(
            actions.createLot.path,
            lotInput({ id, openingBid: 1_000, closesAt }),
            market.admin,
          );
          await market.ok(actions.bidConfirm.path, { id, wsprice: 1_000 }, bidder.auth);
        }),
      );
    }
    await market.caughtUp();
    progress('invoices: the clock passes the last close');
    clock.advance(3600_000 + 61_000);
    const t = performance.now();
    for (;;) {
      const { totalRecords } = await market.ok<{ totalRecords: number }>(
        actions.allinvoices.path,
        { status: 'unpaid', page: 1, limit: 1 },
        bidder.auth,
      );
      if (totalRecords >= lots) break;
      if (performance.now() - t > 600_000) throw new Error(`only ${totalRecords} invoices after 10 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t) / 1000;
    // The floor: the log's two appends per lot (LotClosed, InvoiceIssued) at the raw append rate.
    const floor = (2 * lots) / rawRate;
    row(
      `Invoices for ${fmt(lots)} lots closing within one minute: last close to every invoice in the read model (s)`,
      fmt(seconds, 1),
      `${fmt(floor, 1)} s (${fmt(2 * lots)} raw SQLite append txns)`,
      ratio(floor, seconds),
    );
  } finally {
    await market.stop();
  }
}
