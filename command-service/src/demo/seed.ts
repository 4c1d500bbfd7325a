import { auctionStream, bannerStream, lotStream, START } from '@wine/event-schemas';
import type { Clock, EventStore } from '@wine/platform';
import { auctionDecider } from '../auctions/decide.ts';
import { scheduleArrangedLots } from '../auctions/schedule-lots.ts';
import { bannerDecider } from '../banners/banner.ts';
import { demoBanners } from '../banners/demo-banners.ts';
import { createStreams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import { demoAuctions, demoCatalogue } from './catalogue.ts';
import { publishDemoPages } from './pages.ts';

/** Seeds the demo catalogue when the log is empty (a first start); returns how many lots it listed. */
export async function seedDemoCatalogue(store: EventStore, clock: Clock, count = 300): Promise<number> {
  if ((await store.headPosition()) !== START) return 0;
  const now = clock.now();
  // Each lot is its own new stream, seen once: no need to keep them cached.
  const streams = createStreams(store, { cacheSize: 1 });
  const catalogue = demoCatalogue(now, count);
  for (const { commandId, lot } of catalogue) {
    await streams.handle(
      lotStream(lot.lotId),
      lotDecider,
      { type: 'ListLot', data: lot, by: { kind: 'admin' }, now },
      { commandId, correlationId: 'demo-seed', actor: { kind: 'system', id: 'demo-seed' }, now },
    );
  }
  // The auctions their lots are in, arranged in catalogue order (the closes the lots were listed with).
  for (const { auctionId, fields } of demoAuctions(now)) {
    const context = (step: string) => ({
      commandId: `demo-auction-${auctionId}-${step}`,
      correlationId: 'demo-seed',
      actor: { kind: 'system', id: 'demo-seed' } as const,
      now,
    });
    const stream = auctionStream(auctionId);
    await streams.handle(
      stream,
      auctionDecider,
      { type: 'CreateAuction', auctionId, fields, now },
      context('create'),
    );
    const lotIds = catalogue.filter(({ lot }) => lot.auctionId === auctionId).map(({ lot }) => lot.lotId);
    const arranged = await streams.handle(
      stream,
      auctionDecider,
      { type: 'ArrangeLots', lotIds, now },
      context('arrange'),
    );
    await scheduleArrangedLots(streams, auctionId, arranged.events, context('arrange'));
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
