import { type LotView, productMeta } from '@wine/contracts';
import type { DocumentMeta } from './use-document-meta.ts';

/**
 * A lot's page meta: the seeds' title, description and keywords, and the same Open Graph tags and
 * schema.org Product the server puts in a shared link's page (contracts' productMeta), kept in sync
 * as the lot changes (a bid, a sale). On the server's first paint there is no window: the server
 * writes the page's head itself (deploy/embedded/seo.ts), so the origin there matters to nobody.
 */
export function lotDocumentMeta(
  lot: LotView,
  origin: string = globalThis.location?.origin ?? '',
): DocumentMeta {
  const meta = productMeta(lot, origin);
  return {
    title: meta.title,
    description: lot.metaTagHtml.description || meta.description,
    keywords: lot.metaTagHtml.keywords,
    openGraph: {
      'og:type': 'product',
      'og:title': meta.title,
      'og:description': meta.description,
      'og:url': meta.url,
      'og:image': meta.image,
    },
    jsonLd: meta.jsonLd,
  };
}
