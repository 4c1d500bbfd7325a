import { randomUUID } from 'node:crypto';
import { lotStream, type NewEvent, events as registry } from '@wine/event-schemas';
import type { EventStore } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';

/**
 * A long log for the rebuild to replay while requests run: one lot with 60,000 bids, appended straight
 * to the log in pages (the command side would take minutes to decide them one by one).
 */
export async function appendLoad(eventStore: EventStore, count: number) {
  const lotId = `load-${process.pid}`;
  let n = 0;
  const event = (type: string, data: unknown): NewEvent => {
    n += 1;
    return {
      id: randomUUID(),
      type,
      version: registry.currentVersion(type),
      data: registry.validate(type, data),
      metadata: {
        correlationId: `load-${n}`,
        causationId: `load-${n}`,
        commandId: `load-${n}`,
        actor: { kind: 'user', id: 'load' },
        occurredAt: new Date().toISOString(),
        prevHash: '',
        hash: `load-${n}`,
      },
    };
  };
  const listed = listedLot({
    lotId,
    sku: `SKU-${lotId}`,
    lotNumber: null,
    auctionId: null,
    sellerId: 'house',
    title: lotId,
    // Open while the load is appended: a lot past its close is closed by the closing process, whose
    // LotClosed would land between two pages.
    closesAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
  });
  let revision = (await eventStore.append(lotStream(lotId), [event('LotListed', listed)], 'no_stream'))
    .nextRevision;
  for (let done = 0; done < count; done += 2_000) {
    const page = Array.from({ length: 2_000 }, (_, i) => {
      const amount = 30_000 + (done + i) * 100;
      return event('BidPlaced', {
        bidId: `load-bid-${done + i}`,
        bidderId: `load-bidder-${(done + i) % 2}`,
        amount,
        maxAmount: amount,
        leads: true,
        outbidUserId: null,
        nextBid: amount + 100,
        reserveMet: true,
        biddingType: 'proxy',
      });
    });
    revision = (await eventStore.append(lotStream(lotId), page, revision)).nextRevision;
  }
}
