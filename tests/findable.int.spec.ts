import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actions, type DefaultBundle, type LotView } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

let market: TestMarketplace;
let uiDir: string;
beforeAll(async () => {
  // A stand-in for the built UI's index.html, so this does not need `npm run build`.
  uiDir = await mkdtemp(join(tmpdir(), 'wine-ui-'));
  await writeFile(
    join(uiDir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Generic" /><title>Fine Wine Auction</title></head><body><div id="root"></div></body></html>',
  );
  market = await startMarketplace({ uiDir });
  await market.caughtUp();
}, 120_000);
afterAll(async () => {
  await market?.stop();
  if (uiDir) await rm(uiDir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const response = await fetch(`${market.url}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
};

const openLot = async () => {
  const found = await market.ok<{ records: LotView[] }>(actions.productSearch.path, { limit: 1, page: 1 });
  const lot = found.records[0];
  if (!lot) throw new Error('the demo has no open lot');
  return lot;
};

describe('findable and shareable (issue 11)', () => {
  it('serves robots.txt pointing at the sitemap and keeping crawlers out of private pages', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toContain('text/plain');
    expect(robots.text).toMatch(/\nSitemap: http:\/\/[^/\s]+\/sitemap\.xml\n/);
    expect(robots.text).toContain('Disallow: /checkout/');
  });

  it('lists the home, search and auctions pages and every open lot in the sitemap', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toContain('application/xml');
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(locs.slice(0, 3)).toEqual(['/', '/search', '/auction']);
    const lot = await openLot();
    expect(locs).toContain(`/productview/${lot.id}`);
    expect(locs.filter((p) => p.startsWith('/productview/')).length).toBeGreaterThan(100);
  });

  it("puts a lot's Open Graph tags and schema.org Product in the page a shared link loads", async () => {
    const lot = await openLot();
    const page = await get(`/productview/${lot.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta property="og:type" content="product" />');
    expect(page.text).toMatch(
      /<meta property="og:image" content="http:\/\/[^"]+\/uploads\/product\/[^"]+" \/>/,
    );
    expect(page.text).not.toContain('Generic');
    const json = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(page.text)?.[1] ?? '';
    expect(JSON.parse(json)).toMatchObject({
      '@type': 'Product',
      name: lot.title,
      sku: lot.itemId,
      brand: { name: lot.custitem_gvo_producer },
      offers: { priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });

  it('serves the plain page for an unknown or hostile lot id, reflecting nothing', async () => {
    // A path that is not even valid percent-encoding is the server's 400, never a 500.
    expect((await get('/productview/%E0%A4%A')).status).toBe(400);
    for (const path of ['/productview/no-such-lot', '/productview/%3Cscript%3Ealert(1)%3C%2Fscript%3E']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.text).toContain('Generic');
      expect(page.text).not.toContain('og:title');
      expect(page.text).not.toContain('alert(1)');
    }
  });

  it('shows the demo banners in the default bundle, with their images served', async () => {
    const bundle = await market.ok<DefaultBundle>(actions.getDefault.path, {});
    expect(bundle.home_banners.map((b) => b.id)).toEqual(['welcome', 'auctions', 'consign']);
    const image = await get(`/uploads/banner/${bundle.home_banners[0]?.image}`);
    expect([image.status, image.type]).toEqual([200, expect.stringContaining('image/svg+xml')]);
  });
});
