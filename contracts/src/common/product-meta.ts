import { remainingStock } from '../carts/buy-now.ts';
import type { LotView } from '../lots/lot-document.ts';

type MetaLot = Pick<
  LotView,
  | 'id'
  | 'title'
  | 'itemId'
  | 'market_status'
  | 'auction'
  | 'buynow'
  | 'wprice'
  | 'bprice'
  | 'next_bid'
  | 'bid_count'
  | 'qty'
  | 'sold'
  | 'allattachmentlist'
  | 'desc_proc'
  | 'metaTagHtml'
  | 'custitem_gvo_producer'
>;

/** What a shared lot link shows (Open Graph) and what search engines read (schema.org Product). */
export interface ProductMeta {
  title: string;
  description: string;
  url: string;
  image: string;
  jsonLd: Record<string, unknown>;
}

const DESCRIPTION_MAX = 300;
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The lot's first picture as an absolute URL (seeds 000 §3.2: type 2 an external http(s) URL). */
function firstImage(lot: MetaLot, origin: string): string {
  for (const a of lot.allattachmentlist) {
    if (a.type === 2) {
      if (/^https?:\/\//i.test(a.file_name)) return a.file_name;
    } else {
      return `${origin}/uploads/product/${encodeURIComponent(a.file_name)}`;
    }
  }
  return `${origin}/no-image.svg`;
}

/**
 * The price a visitor would pay now: the buy-now price of a buy-now lot, else the next bid of an open
 * auction (the current bid once it closed).
 */
function offerPrice(lot: MetaLot): number {
  if (lot.buynow === 1 && lot.bprice !== null) return lot.bprice;
  return lot.market_status === 'open' ? lot.next_bid : lot.wprice;
}

/**
 * seeds 000 §2.7 (the page's meta tags) and issue 11 "findable and shareable": the Open Graph fields
 * and the schema.org Product of a lot, from the same data on the server (shared links, crawlers) and in
 * the browser. `origin` is the site's absolute origin, without a trailing slash.
 */
export function productMeta(lot: MetaLot, origin: string): ProductMeta {
  const title = lot.metaTagHtml.title || lot.title;
  const description = cut(lot.metaTagHtml.description || plain(lot.desc_proc) || lot.title, DESCRIPTION_MAX);
  const url = `${origin}/productview/${encodeURIComponent(lot.id)}`;
  const image = firstImage(lot, origin);
  const available = lot.market_status === 'open' && remainingStock(lot.qty, lot.sold) > 0;
  return {
    title,
    description,
    url,
    image,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: lot.title,
      description,
      image: [image],
      sku: lot.itemId,
      ...(lot.custitem_gvo_producer && { brand: { '@type': 'Brand', name: lot.custitem_gvo_producer } }),
      offers: {
        '@type': 'Offer',
        url,
        price: dollars(offerPrice(lot)),
        priceCurrency: 'USD',
        availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      },
    },
  };
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>`, `&` and the line separators
 * escaped, so no value can close the script element or start markup.
 */
export const jsonLdText = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
