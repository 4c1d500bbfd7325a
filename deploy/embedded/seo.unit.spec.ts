import { productMeta } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { escapeHtml, productHead, withProductHead } from './seo.ts';

const lot = {
  id: 'lot-1',
  title: 'Château "Evil" </script><script>alert(1)</script>',
  itemId: 'SKU-1',
  market_status: 'open' as const,
  auction: 1 as const,
  buynow: 1 as const,
  wprice: 10_000,
  bprice: 12_550,
  next_bid: 11_000,
  bid_count: 2,
  qty: 6,
  sold: 0,
  allattachmentlist: [{ type: 1 as const, file_name: 'bottle red.svg' }],
  desc_proc: '<p>A <b>great</b> wine & more</p>',
  metaTagHtml: { title: '', description: '', keywords: '' },
  custitem_gvo_producer: 'Maison <X>',
};

describe('a lot page head for crawlers and shared links', () => {
  it('gives Open Graph tags with absolute URLs and a schema.org Product with its offer', () => {
    const meta = productMeta(lot, 'https://wine.example');
    expect(meta.url).toBe('https://wine.example/productview/lot-1');
    expect(meta.image).toBe('https://wine.example/uploads/product/bottle%20red.svg');
    expect(meta.description).toBe('A great wine & more');
    expect(meta.jsonLd).toMatchObject({
      '@type': 'Product',
      sku: 'SKU-1',
      brand: { name: 'Maison <X>' },
      offers: { price: '125.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });

  it('escapes every value: no markup and no closing script tag gets through', () => {
    const head = productHead(productMeta(lot, 'https://wine.example'));
    expect(head).not.toContain('<script>alert');
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    expect(head).toContain('content="Château &quot;Evil&quot; &lt;/script&gt;');
    const json = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(head)?.[1] ?? '';
    expect(JSON.parse(json).name).toBe(lot.title);
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('says a sold-out or closed lot is sold out', () => {
    expect(productMeta({ ...lot, sold: 6 }, 'https://w.example').jsonLd).toMatchObject({
      offers: { availability: 'https://schema.org/SoldOut' },
    });
    expect(
      productMeta({ ...lot, market_status: 'sold', buynow: 0 }, 'https://w.example').jsonLd,
    ).toMatchObject({
      offers: { availability: 'https://schema.org/SoldOut', price: '100.00' },
    });
  });

  it("replaces index.html's own title and description with the lot's, keeping the rest", () => {
    const html =
      '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Generic" /><title>Shop</title></head><body><div id="root"></div></body></html>';
    const page = withProductHead(html, '<title>Lot $& $1</title>');
    expect(page).toContain('<title>Lot $& $1</title>');
    expect(page).not.toContain('Generic');
    expect(page).not.toContain('<title>Shop</title>');
    expect(page).toContain('<div id="root"></div>');
  });
});
