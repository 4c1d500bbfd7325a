import { bannerStream, lotStream, START } from '@wine/event-schemas';
import type { Clock, EventStore } from '@wine/platform';
import { bannerDecider } from '../banners/banner.ts';
import { demoBanners } from '../banners/demo-banners.ts';
import { createStreams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import { demoCatalogue } from './catalogue.ts';
import { publishDemoPages } from './pages.ts';

/** Seeds the demo catalogue when the log is empty (a first start); returns how many lots it listed. */
export async function seedDemoCatalogue(store: EventStore, clock: Clock, count = 300): Promise<number> {
  if ((await store.headPosition()) !== START) return 0;
  const now = clock.now();
  // Each lot is its own new stream, seen once: no need to keep them cached.
  const streams = createStreams(store, { cacheSize: 1 });
  for (const { commandId, lot } of demoCatalogue(now, count)) {
    await streams.handle(
      lotStream(lot.lotId),
      lotDecider,
      { type: 'ListLot', data: lot, by: { kind: 'admin' }, now },
      { commandId, correlationId: 'demo-seed', actor: { kind: 'system', id: 'demo-seed' }, now },
    );
  }
  for (const record of demoBanners) {
    const commandId = `demo-banner-${record.bannerId}`;
    const actor = { kind: 'system', id: 'demo-seed' } as const;
    await streams.handle(
      bannerStream(record.bannerId),
      bannerDecider,
      { type: 'PublishBanner', record },
      { commandId, correlationId: 'demo-seed', actor, now },
    );
  }
  return count;
}

/**
 * Publishes the demo's static pages (seeds 000 §2.2). Each has a fixed command id, so running it on
 * every demo start records them once and never overwrites a page an admin has since changed.
 */
export async function seedDemoPages(store: EventStore, clock: Clock): Promise<number> {
  return publishDemoPages(createStreams(store, { cacheSize: 1 }), clock.now());
}
