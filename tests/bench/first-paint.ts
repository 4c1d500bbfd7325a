/**
 * The server's first paint (issue 11): browse pages painted in the first paint's worker thread
 * (deploy/embedded/first-paint.ts), 4 connections (as many as it paints at once), each request a
 * different URL (every page painted), and the same URL again and again (painted once a second, kept
 * meanwhile); beside the bare app's page (/about: index.html, nothing painted) through the same
 * harness. And what the painting costs the event loop of bids and sockets: GET /api/health's p99
 * alone and while pages are painted. Needs `npm run build -w ui` (the browser build and ui/dist-server).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@wine/deploy/embedded';
import { startMarketplace } from '../support/marketplace.ts';
import { answeredOk, type LoadResult, load } from './load.ts';
import { fmt, percentile, progress, progressDone, ratio, row } from './table.ts';

const SECONDS = Number(process.env.FIRST_PAINT_BENCH_SECONDS ?? 8);

const summary = (r: LoadResult) => {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return {
    rate: answeredOk(r) / (r.elapsedMs / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    failed: r.sent - answeredOk(r),
  };
};

export async function firstPaintBench() {
  if (!existsSync(join(repoRoot, 'ui/dist-server/entry-server.js')))
    throw new Error('no ui/dist-server: run `npm run build -w ui` first');
  const market = await startMarketplace({ ui: true });
  try {
    await market.caughtUp();
    const painted = await (await fetch(`${market.url}/search`)).text();
    if (!painted.includes('data-first-paint')) throw new Error('/search was not painted');
    const run = (path: string, connections: number) =>
      load({ url: market.url, connections, duration: SECONDS, plan: { kind: 'get', path } });
    // Different browse pages: pages 1-12 of every sort (each URL asked once a second at most).
    const sorts = ['p.date_closed', 'p.wprice', 'p.title', 'p.vintage'];
    const paths = sorts.flatMap((orderby) =>
      ['asc', 'desc'].flatMap((order) =>
        Array.from(
          { length: 12 },
          (_, page) => `/search?page=${page + 1}&limit=25&orderby=${orderby}&order=${order}`,
        ),
      ),
    );
    const distinct = () =>
      load({ url: market.url, connections: 4, duration: SECONDS, plan: { kind: 'gets', paths } });

    progress('first paint: different pages');
    const pages = summary(await distinct());
    progress('first paint: /search again and again');
    const same = summary(await run('/search', 4));
    progress('first paint: the bare page');
    const bare = summary(await run('/about', 4));
    progress('first paint: health alone');
    const healthAlone = summary(await run('/api/health', 1));
    progress('first paint: health while painting');
    const [during, paintedMeanwhile] = await Promise.all([run('/api/health', 1), distinct()]);
    const healthDuring = summary(during);
    progressDone();
    const failed = pages.failed + same.failed + bare.failed + healthDuring.failed;
    if (failed > 0) throw new Error(`${failed} requests failed`);
    const bareText = `${fmt(bare.rate)}, ${fmt(bare.p50, 1)}/${fmt(bare.p99, 1)} ms (the bare app's page)`;
    row(
      'First paint of browse pages, a different URL each, 4 connections (pages/s, p50/p99 ms)',
      `${fmt(pages.rate)}, ${fmt(pages.p50, 1)}/${fmt(pages.p99, 1)} ms`,
      bareText,
      ratio(pages.rate, bare.rate),
    );
    row(
      'First paint of /search asked again and again (kept a second), 4 connections (pages/s, p50/p99 ms)',
      `${fmt(same.rate)}, ${fmt(same.p50, 1)}/${fmt(same.p99, 1)} ms`,
      bareText,
      ratio(same.rate, bare.rate),
    );
    row(
      'GET /api/health p99 while browse pages are painted (ms)',
      `${fmt(healthDuring.p99, 1)} ms (${fmt(summary(paintedMeanwhile).rate)} pages/s meanwhile)`,
      `${fmt(healthAlone.p99, 1)} ms (alone, same harness)`,
      `${fmt(healthDuring.p99 - healthAlone.p99, 1)} ms more`,
    );
  } finally {
    await market.stop();
  }
}
