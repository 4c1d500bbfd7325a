import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLot } from '../test-utils/fixtures.ts';
import { lotDocumentMeta } from './lot-document-meta.ts';
import { useDocumentMeta } from './use-document-meta.ts';

const og = (property: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`)?.content ?? null;
const jsonLd = () => document.head.querySelector('script#product-jsonld');

describe("a lot page's document meta", () => {
  it('sets the Open Graph tags and the schema.org Product, and follows the lot as it changes', () => {
    const lot = aLot({ id: 'lot-9', title: 'Pétrus 2010', itemId: 'SKU-9', market_status: 'open' });
    const { rerender, unmount } = renderHook(
      (props) => useDocumentMeta(lotDocumentMeta(props, 'https://wine.example')),
      {
        initialProps: lot,
      },
    );
    expect(og('og:type')).toBe('product');
    expect(og('og:url')).toBe('https://wine.example/productview/lot-9');
    expect(og('og:image')).toMatch(/^https:\/\/wine\.example\//);
    const script = jsonLd();
    expect(script?.getAttribute('type')).toBe('application/ld+json');
    expect(JSON.parse(script?.textContent ?? '{}')).toMatchObject({
      '@type': 'Product',
      name: 'Pétrus 2010',
      sku: 'SKU-9',
    });
    rerender({ ...lot, market_status: 'sold' });
    expect(JSON.parse(jsonLd()?.textContent ?? '{}').offers.availability).toBe('https://schema.org/SoldOut');
    unmount();
    expect(og('og:type')).toBeNull();
    expect(jsonLd()).toBeNull();
  });

  it("takes over the server's JSON-LD and Open Graph of a shared link, and removes them on leave", () => {
    const served = document.createElement('script');
    served.type = 'application/ld+json';
    served.id = 'product-jsonld';
    served.textContent = '{"served":true}';
    const servedOg = document.createElement('meta');
    servedOg.setAttribute('property', 'og:title');
    servedOg.content = 'Served';
    document.head.append(served, servedOg);
    const { unmount } = renderHook(() => useDocumentMeta(lotDocumentMeta(aLot(), 'https://wine.example')));
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    unmount();
    expect(jsonLd()).toBeNull();
    expect(og('og:title')).toBeNull();
  });
});
