import { lotStream, START } from '@wine/event-schemas';
import type { Clock, EventStore } from '@wine/platform';
import { createStreams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import { demoCatalogue } from './catalogue.ts';

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
      { type: 'ListLot', data: lot, now },
      { commandId, correlationId: 'demo-seed', actor: { kind: 'system', id: 'demo-seed' }, now },
    );
  }
  return count;
}
