/**
 * Offers (issue 36): the seller's side answering buyers' offers over HTTP on the embedded default, each
 * accept a stock check, a hold on the lot stream and the offer's invoice (the appends per answer are
 * counted from the log), 16 answers at once: across 1,000 lots, and on one lot of 1,000 bottles where
 * every round of 16 buyers' offers is accepted at once until the bottles are gone. Beside GET
 * /api/health through fetch and raw SQLite append transactions; then the oversell check (no lot holds
 * more than its bottles, and every accepted offer holds its bottles).
 */
import { join } from 'node:path';
import { actions, type OfferResult } from '@wine/contracts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from '../support/marketplace.ts';
import { fmt, percentile, progress, ratio, rawAppendRate, row } from './table.ts';

const AT_ONCE = 16;

async function fixedPriceLots(market: TestMarketplace, n: number, prefix: string, quantity: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i += AT_ONCE) {
    const chunk = Array.from({ length: Math.min(AT_ONCE, n - i) }, (_, j) => `${prefix}-${i + j}`);
    await Promise.all(
      chunk.map((id) =>
        market.ok(
          actions.createLot.path,
          lotInput({ id, auction: false, buyNow: true, buyNowPrice: 10_000, quantity, openingBid: 0 }),
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
    Array.from({ length: AT_ONCE }, async () => {
      while (next++ < n) await (await fetch(`${market.url}/api/health`)).text();
    }),
  );
  return n / ((performance.now() - t) / 1000);
}

/** Runs the tasks AT_ONCE at a time; each one's latency and answer. */
async function atOnce<T>(tasks: (() => Promise<T>)[]) {
  const latencies: number[] = [];
  const answers: T[] = [];
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let i = next++; i < tasks.length; i = next++) {
        const start = performance.now();
        answers[i] = await (tasks[i] as () => Promise<T>)();
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { latencies, answers, elapsedMs: performance.now() - t };
}

/** Bottles held by accepted offers, per lot, and the appends (one command's write on one stream). */
async function heldInLog(market: TestMarketplace) {
  const held = new Map<string, number>();
  const appends = new Set<string>();
  let after = '';
  for (;;) {
    const page = await market.eventStore.readAll({ after, maxCount: 5000, raw: true });
    if (page.length === 0) return { held, appends: appends.size };
    for (const e of page) {
      if (e.type === 'StockReserved')
        held.set(e.streamName, (held.get(e.streamName) ?? 0) + (e.data as { qty: number }).qty);
      appends.add(`${e.streamName} ${e.metadata.commandId}`);
    }
    after = (page[page.length - 1] as (typeof page)[number]).position;
  }
}

type Made = { lotId: string; offerId: string };

async function makeOffers(market: TestMarketplace, pairs: { buyer: TestUser; lotId: string }[]) {
  const { answers } = await atOnce(
    pairs.map(({ buyer, lotId }) => async () => {
      const { body } = await market.post<OfferResult>(
        actions.makeOffer.path,
        { product_id: lotId, qty: 1, price: 9_000 },
        buyer.auth,
      );
      return body.status === 'success' ? { lotId, offerId: body.data.responseData.offer_id } : null;
    }),
  );
  return answers.filter((a): a is Made => a !== null);
}

const accept = (market: TestMarketplace, made: Made[]) =>
  atOnce(
    made.map(({ lotId, offerId }) => async () => {
      const { body } = await market.post<OfferResult>(
        actions.changeOfferStatus.path,
        { product_id: lotId, offer_id: offerId, status: 'accept' },
        market.admin,
      );
      return body.status === 'success' ? 'accepted' : ((body.data as { code?: string }).code ?? 'error');
    }),
  );

export async function offersBench(dir: string) {
  const rawRate = rawAppendRate(join(dir, 'raw-offers.sqlite'));
  // The buyers here send thousands of offers a minute: the per-buyer limit is lifted for the measure.
  const market = await startMarketplace({
    seed: false,
    staffRateLimit: 1_000_000,
    env: { OFFER_RATE_LIMIT: '1000000' },
  });
  try {
    progress('offers: 1,000 fixed-price lots, one lot of 1,000 bottles and 16 buyers with cards');
    const spread = await fixedPriceLots(market, 1000, 'bench-offer', 50);
    const [hot] = (await fixedPriceLots(market, 1, 'bench-offer-big', 1000)) as [string];
    const buyers: TestUser[] = [];
    for (let i = 0; i < AT_ONCE; i++) buyers.push(await market.bidder({ firstName: `Offerer${i}` }));
    const healthRate = await health(market, 20_000);
    const limit = `${fmt(healthRate)} req/s GET /api/health (fetch, 16 at once); ${fmt(rawRate)} raw SQLite append txn/s`;

    progress('offers: 2,000 offers across 1,000 lots, then every one accepted');
    // Buyer k % 16 on lot k % 1,000: 2,000 different pairs, one open offer each.
    const pairs = Array.from({ length: 2000 }, (_, k) => ({
      buyer: buyers[k % AT_ONCE] as TestUser,
      lotId: spread[k % spread.length] as string,
    }));
    const made = await makeOffers(market, pairs);
    if (made.length !== pairs.length)
      throw new Error(`only ${made.length} of ${pairs.length} offers were made`);
    const before = await heldInLog(market);
    const spreadRun = await accept(market, made);
    const after = await heldInLog(market);

    progress('offers: rounds of 16 offers on one lot of 1,000 bottles, each round accepted at once');
    const hotLatencies: number[] = [];
    let hotMs = 0;
    let hotAnswers = 0;
    const hotBefore = await heldInLog(market);
    for (;;) {
      const round = await makeOffers(
        market,
        buyers.map((buyer) => ({ buyer, lotId: hot })),
      );
      if (round.length === 0) break;
      const answered = await accept(market, round);
      hotLatencies.push(...answered.latencies);
      hotMs += answered.elapsedMs;
      hotAnswers += answered.answers.length;
    }
    const hotAfter = await heldInLog(market);

    // The oversell check: no lot holds more bottles than it has.
    for (const [stream, bottles] of hotAfter.held) {
      const quantity = stream === `lot-${hot}` ? 1000 : 50;
      if (bottles > quantity) throw new Error(`${stream} holds ${bottles} of ${quantity} bottles`);
    }
    const accepted = spreadRun.answers.filter((a) => a === 'accepted').length;
    if (accepted !== made.length)
      console.error(
        'offers refused',
        spreadRun.answers.filter((a) => a !== 'accepted'),
      );
    const hotHeld = hotAfter.held.get(`lot-${hot}`) ?? 0;
    if (hotHeld !== 1000) throw new Error(`the 1,000-bottle lot held ${hotHeld} bottles after its offers`);

    const spreadRate = made.length / (spreadRun.elapsedMs / 1000);
    const perAnswer = (after.appends - before.appends) / Math.max(1, made.length);
    const spreadSorted = [...spreadRun.latencies].sort((a, b) => a - b);
    row(
      'Offers accepted over HTTP across 1,000 lots, 16 at once (stock check, hold, invoice; answers/s, p50/p99)',
      `${fmt(spreadRate)}, ${fmt(percentile(spreadSorted, 50), 1)}/${fmt(percentile(spreadSorted, 99), 1)} ms`,
      limit,
      `${ratio(spreadRate, healthRate)} of health; ${ratio(spreadRate * perAnswer, rawRate)} of raw appends (${fmt(perAnswer, 1)} per answer)`,
    );
    const hotRate = hotAnswers / (hotMs / 1000);
    const hotPerAnswer = (hotAfter.appends - hotBefore.appends) / Math.max(1, hotAnswers);
    const hotSorted = [...hotLatencies].sort((a, b) => a - b);
    row(
      'Offers accepted over HTTP on one lot of 1,000 bottles, 16 at once until sold out (answers/s, p50/p99; 1,000 held, none over)',
      `${fmt(hotRate)}, ${fmt(percentile(hotSorted, 50), 1)}/${fmt(percentile(hotSorted, 99), 1)} ms`,
      limit,
      `${ratio(hotRate, healthRate)} of health; ${ratio(hotRate * hotPerAnswer, rawRate)} of raw appends (${fmt(hotPerAnswer, 1)} per answer, offers made included)`,
    );
  } finally {
    await market.stop();
  }
}
