import type { LotDocument } from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import { LOTS } from '../lots/project.ts';
import { canSee, publicOnly } from '../lots/visibility.ts';
import { STATIC_PAGES, type StaticPageDocument } from '../pages/project.ts';

/** A sitemap entry: a site path and when it last changed (ISO), if known. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** The public listing pages of seeds 000 §2.1 a crawler should know. */
const listingPaths = ['/', '/search', '/auction'];

/**
 * What a sitemap lists (issue 11 "findable"): the home, search and auctions pages, every published
 * static page, and every open lot's product page (never a private sale's: issue 36 §5).
 */
export async function sitemapEntries(docs: DocumentStore): Promise<SitemapEntry[]> {
  const [pages, lots] = await Promise.all([
    docs.collection<StaticPageDocument>(STATIC_PAGES).find({}, { sort: { _id: 1 } }),
    docs
      .collection<LotDocument>(LOTS)
      .find(
        { market_status: 'open', ...publicOnly },
        { sort: { date_closed: 1, _id: 1 }, projection: { id: 1, date_added: 1 } },
      ),
  ]);
  return [
    ...listingPaths.map((path) => ({ path })),
    ...pages.map((p) => ({ path: `/${p._id}`, lastmod: p.updated_at })),
    ...lots.map((l) => ({ path: `/productview/${encodeURIComponent(l.id)}`, lastmod: l.date_added })),
  ];
}

/** One lot as the product page shows it to anyone (no viewer fields), or null (a private sale too). */
export async function publicLot(docs: DocumentStore, id: string): Promise<LotDocument | null> {
  if (!id || id.length > 64) return null;
  const lot = await docs.collection<LotDocument>(LOTS).findOne({ _id: id });
  return lot && canSee(lot, null) ? lot : null;
}
