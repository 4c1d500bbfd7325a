/**
 * Browse search (issue 11, "Performance"): POST /api/product/search over HTTP on the embedded default
 * at 10,000, 100,000 and 300,000 lots, beside GET /api/health on the same server through the same
 * harness (autocannon, 16 connections). Every request is drawn afresh (a seeded random choice per
 * request) from what the storefront sends (ui/src/lib/search.ts): the default browse over its pages
 * and its nine sorts; one filter of country, region or colour; a price band; a search-bar word; and
 * the search box's suggestions for prefixes as typed. No row repeats one query.
 *
 * The lots are the demo catalogue's (producers, colours, countries, regions, vintages, prices), listed
 * as LotListed events appended through the event store port, then projected by the running
 * marketplace's own projection runner (caught up before each measure, and the search index with it).
 * autocannon runs in a worker thread (load.ts), as for the health row: the server's event loop serves
 * only the server, and the load generator has the other core.
 */
import { demoCatalogue } from '@wine/command-service';
import { newEvent, seeded } from '@wine/platform/testing';
import { startMarketplace, type TestMarketplace } from '../support/marketplace.ts';
import { answeredOk, load } from './load.ts';
import { fmt, percentile, progress, progressDone, ratio, row } from './table.ts';

/** `SEARCH_BENCH_LOTS=10000,50000 npm run bench -- search` measures other sizes. */
const sizes = (process.env.SEARCH_BENCH_LOTS ?? '10000,100000,300000').split(',').map(Number);
/** `SEARCH_BENCH_ROWS=open,word` measures only the rows whose names contain one of these words. */
const only = process.env.SEARCH_BENCH_ROWS?.split(',');
const seconds = Number(process.env.SEARCH_BENCH_SECONDS ?? 5);

interface Measured {
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

type Draw = <T>(items: readonly T[]) => T;
const drawWith =
  (random: () => number): Draw =>
  (items) =>
    items[Math.floor(random() * items.length)] as (typeof items)[number];

/** Bodies drawn for one row: more than the fastest row sends in its seconds, so none repeats. */
const BODIES = 50_000;

/** autocannon from a worker thread (load.ts); `body` draws each request's body (null: GET). */
async function measure(url: string, body: ((draw: Draw) => unknown) | null): Promise<Measured> {
  const { origin, pathname } = new URL(url);
  const draw = drawWith(seeded(11));
  const r = await load({
    url: origin,
    connections: 16,
    duration: seconds,
    plan: body
      ? {
          kind: 'posts',
          path: pathname,
          bodies: Array.from({ length: BODIES }, () => JSON.stringify(body(draw))),
        }
      : { kind: 'get', path: pathname },
  });
  if (body && r.sent >= BODIES)
    throw new Error(`${url}: ${r.sent} requests sent, more than the ${BODIES} drawn`);
  const times = [...r.latencies].sort((a, b) => a - b);
  const ok = answeredOk(r);
  return {
    rate: ok / (r.elapsedMs / 1000),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failed: r.errors + r.sent - ok,
  };
}

const openOnly = { value: ['open'], type: 'array', field: 'p.market_status' };
/** The storefront's sorts (ui/src/lib/search.ts sortOptions). */
const sorts = [
  ['p.date_closed', 'asc'],
  ['p.date_added', 'desc'],
  ['p.wprice', 'asc'],
  ['p.wprice', 'desc'],
  ['p.vintage', 'desc'],
  ['p.vintage', 'asc'],
  ['p.title', 'asc'],
  ['p.bid_count', 'desc'],
  ['p.rating', 'desc'],
] as const;
const pages = Array.from({ length: 20 }, (_, i) => i + 1);
const colours = ['Red', 'White', 'Sparkling', 'Rosé', 'Sweet'];
const countries = ['France', 'Italy', 'USA', 'Spain', 'Portugal', 'Germany', 'Australia'];
const regions = ['Bordeaux', 'Burgundy', 'Champagne', 'Piedmont', 'Tuscany', 'California', 'Douro', 'Mosel'];
/** Price bands in dollars on the price the lot shows (the UI's priceMin/priceMax). */
const prices = ['50-200', '100-500', '200-1000', '0-100', '500-', '1000-5000'];
const words = ['marg', 'château', 'barolo', 'napa', 'riesling', 'porto', 'krug', 'bordeaux', 'pauillac'];
const prefixes = ['ma', 'mar', 'marg', 'ch', 'cha', 'chât', 'bar', 'baro', 'na', 'nap', 'ri', 'ries', 'kr'];

const page = (draw: Draw, maxPage = 20) => {
  const [orderby, order] = draw(sorts);
  return { limit: 25, page: draw(pages.slice(0, maxPage)), orderby, order };
};

/** Each measured shape: how a request's body is drawn. */
const shapes: Record<string, (draw: Draw) => unknown> = {
  'browse, open lots (any of 9 sorts, page 1-20)': (draw) => ({
    ...page(draw),
    filters: { market_status: openOnly },
  }),
  'browse by one country, region or colour (any sort, page 1-5)': (draw) => {
    const [name, field, values] = draw([
      ['country', 'p.custitem_gvo_country', countries],
      ['region', 'p.custitemctregion', regions],
      ['color', 'p.custitem_gvo_color', colours],
    ] as const);
    return {
      ...page(draw, 5),
      filters: { market_status: openOnly, [name]: { value: [draw(values)], type: 'array', field } },
    };
  },
  'browse by price band (any sort, page 1-5)': (draw) => ({
    ...page(draw, 5),
    filters: {
      market_status: openOnly,
      bprice: { value: [draw(prices)], type: 'array:mfield:range', field: 'p.wprice' },
    },
  }),
  'browse by colour + country + price band (any sort, page 1-3)': (draw) => ({
    ...page(draw, 3),
    filters: {
      market_status: openOnly,
      color: { value: [draw(colours)], type: 'array', field: 'p.custitem_gvo_color' },
      country: { value: [draw(countries)], type: 'array', field: 'p.custitem_gvo_country' },
      bprice: { value: [draw(prices)], type: 'array:mfield:range', field: 'p.wprice' },
    },
  }),
  'search-bar word (over five fields), closing soonest, page 1-3': (draw) => ({
    limit: 25,
    page: draw([1, 1, 1, 2, 3]),
    filters: { market_status: openOnly, searchbar: { value: draw(words), type: 'like', field: 'p.title' } },
  }),
};

async function list(
  market: TestMarketplace,
  from: number,
  to: number,
  catalogue: ReturnType<typeof demoCatalogue>,
) {
  for (let i = from; i < to; i++) {
    const { lot } = catalogue[i] as (typeof catalogue)[number];
    const lotId = `bench-search-${i}`;
    const event = { ...newEvent(i), type: 'LotListed', version: 2, data: { ...lot, lotId } };
    await market.eventStore.append(`lot-${lotId}`, [event], 'no_stream');
    if (i % 10_000 === 0) progress(`search: listing lot ${fmt(i)} of ${fmt(to)}`);
  }
  await market.caughtUp();
  progressDone();
}

export async function search() {
  const market = await startMarketplace({ seed: false, rateLimit: 1_000_000, staffRateLimit: 1_000_000 });
  try {
    const catalogue = demoCatalogue(new Date(), sizes[sizes.length - 1]);
    const url = `${market.url}/api/product/search`;
    let listed = 0;
    for (const size of sizes) {
      await list(market, listed, size, catalogue);
      listed = size;
      // The in-memory search index catches up on the lots it has not seen when next asked (a visitor's
      // keystroke); ask once, as `caughtUp` waits for the read models, so no row pays for the listing.
      await market.post('/api/product/suggest', { searchQuery: 'caught up', limit: 1 });
      const count = await market.docs.collection('lots').countDocuments();
      progress(`search: ${fmt(count)} lots, GET /api/health`);
      const health = await measure(`${market.url}/api/health`, null);
      if (health.failed > 0) throw new Error(`GET /api/health: ${health.failed} failed requests`);
      const limit = `${fmt(health.rate)} req/s, p50/p95/p99 ${fmt(health.p50, 1)}/${fmt(health.p95, 1)}/${fmt(health.p99, 1)} ms (GET /api/health)`;
      const runs: [string, string, (draw: Draw) => unknown][] = Object.entries(shapes).map(([name, body]) => [
        name,
        url,
        body,
      ]);
      runs.push([
        'suggestions for a prefix as typed (6)',
        `${market.url}/api/product/suggest`,
        (draw) => ({ searchQuery: draw(prefixes), limit: 6 }),
      ]);
      for (const [name, target, body] of runs) {
        if (only && !only.some((word) => name.includes(word))) continue;
        progress(`search: ${fmt(count)} lots, ${name}`);
        const r = await measure(target, body);
        if (r.failed > 0) throw new Error(`${name}: ${r.failed} failed requests`);
        row(
          `Search over HTTP, ${fmt(count)} lots: ${name}, 16 connections (req/s, p50/p95/p99)`,
          `${fmt(r.rate)}, ${fmt(r.p50, 1)}/${fmt(r.p95, 1)}/${fmt(r.p99, 1)} ms`,
          limit,
          ratio(r.rate, health.rate),
        );
      }
    }
  } finally {
    await market.stop();
  }
}
