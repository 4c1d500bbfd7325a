import type { LotChangedNotice } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import type { Bus, DocumentStore } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { bidsProjection } from '../bids/project.ts';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { openLotChanges } from './notify.ts';
import { lotsProjection } from './project.ts';

const record = eventRecorder();
const bid = (bidderId: string, extra: Record<string, unknown> = {}) => ({
  bidId: `b-${bidderId}`,
  bidderId,
  amount: 10_000,
  maxAmount: 10_000,
  leads: true,
  outbidUserId: null,
  nextBid: 11_000,
  reserveMet: true,
  ...extra,
});

/** Tells the bus of the lots' changes in `events`, as a window of them. */
async function publishLots(bus: Bus, docs: DocumentStore, events: RecordedEvent[], now: string) {
  const changes = openLotChanges();
  changes.add(events);
  await changes.publish(bus, docs, new Date(now));
}

/** A bus that keeps the lot notices published on it, as they would arrive (serialised and parsed). */
function lotNotices() {
  const published: LotChangedNotice[] = [];
  const bus = {
    publish: async (_subject: string, data: unknown) => {
      published.push(JSON.parse(JSON.stringify(data)) as LotChangedNotice);
      return { seq: published.length, duplicate: false };
    },
  } as unknown as Bus;
  return { bus, published };
}

describe('lot changes: what a committed batch tells the bus', () => {
  it('groups a batch per lot: its last event, each event type once in the order of its last event, a soft-close extension', () => {
    const events = [
      record('lot-a', 'BidPlaced', { ...bid('cat', { bidId: 'b-cat-0' }), biddingType: 'proxy' }),
      record('lot-a', 'ProxyBidPlaced', { ...bid('ann'), reason: 'proxy', answersBidId: 'b-bob' }),
      record('lot-a', 'BidPlaced', { ...bid('bob', { outbidUserId: 'ann' }), biddingType: 'proxy' }),
      record('lot-a', 'LotExtended', { closesAt: '2026-11-30T18:05:00.000Z' }),
      record('lot-b', 'BidPlaced', { ...bid('cat'), biddingType: 'proxy' }),
      record('user-ann', 'LotWatched', { lotId: 'b' }),
    ];
    const changes = openLotChanges();
    changes.add(events);
    expect(changes.from).toBe(events[0]?.position);
    expect([...changes.lots.keys()]).toEqual(['a', 'b']);
    const a = changes.lots.get('a');
    expect(a?.events).toEqual(['ProxyBidPlaced', 'BidPlaced', 'LotExtended']);
    expect(a?.position).toBe(events[3]?.position);
    expect(a?.id).toBe(events[3]?.id);
    expect(a?.belowFive).toBe(true);
    expect(changes.lots.get('b')?.belowFive).toBe(false);
    expect(changes.pending()).toBe(2);
  });
});

describe('lot notices: the lot a notice carries', () => {
  it("is the public view: not the seller's user id, and no one's own fields", async () => {
    const events = [record('lot-e', 'LotListed', listedLot({ lotId: 'e', sellerId: 'user-5e11e7' }))];
    const docs = await applyEvents([lotsProjection], events);
    const { bus, published } = lotNotices();
    await publishLots(bus, docs, events, '2026-11-22T12:00:00.000Z');
    expect(published).toHaveLength(1);
    const [notice] = published;
    expect(notice?.lot).not.toHaveProperty('seller_id');
    expect(JSON.stringify(notice)).not.toContain('user-5e11e7');
    expect(notice?.lot).toMatchObject({ id: 'e', own_lot: 0, bidtopstatus: null, watchlistid: 0 });
  });
});

describe('lot notices: the users a lot notice carries', () => {
  it('gives each bidder the batch touched (and only them) their own standing, and says who was outbid, per lot', async () => {
    const earlier = [
      record('lot-f', 'LotListed', listedLot({ lotId: 'f' })),
      record('lot-g', 'LotListed', listedLot({ lotId: 'g' })),
      record('lot-f', 'BidPlaced', { ...bid('dan'), biddingType: 'proxy' }),
      record('lot-f', 'BidPlaced', {
        ...bid('cat', { bidId: 'b-cat-0', leads: false }),
        biddingType: 'proxy',
      }),
    ];
    const batch = [
      record('lot-f', 'BidPlaced', {
        ...bid('ann', { bidId: 'b-ann-1', leads: false, maxAmount: 10_000 }),
        biddingType: 'proxy',
      }),
      record('lot-f', 'BidPlaced', {
        ...bid('bob', { bidId: 'b-bob-1', amount: 12_000, maxAmount: 15_000, outbidUserId: 'dan' }),
        biddingType: 'proxy',
      }),
      record('lot-g', 'BidPlaced', { ...bid('ann', { bidId: 'b-ann-2' }), biddingType: 'proxy' }),
    ];
    const docs = await applyEvents([lotsProjection, bidsProjection], [...earlier, ...batch]);
    const { bus, published } = lotNotices();
    await publishLots(bus, docs, batch, '2026-11-22T12:00:00.000Z');
    expect(published.map((n) => n.lot.id)).toEqual(['f', 'g']);
    expect(published[0]?.users).toEqual({
      ann: { bidtopstatus: 'outbid', bid_or_not: 1, my_max_bid: 10_000, outbid: false },
      bob: { bidtopstatus: 'winner', bid_or_not: 1, my_max_bid: 15_000, outbid: false },
      dan: { bidtopstatus: 'outbid', bid_or_not: 1, my_max_bid: 10_000, outbid: true },
    });
    expect(published[1]?.users).toEqual({
      ann: { bidtopstatus: 'winner', bid_or_not: 1, my_max_bid: 10_000, outbid: false },
    });
  });
});

describe('lot notices: the close', () => {
  it('gives the winner and every loser their standing, none of them outbid by an earlier window', async () => {
    const earlier = [
      record('lot-h', 'LotListed', listedLot({ lotId: 'h' })),
      record('lot-h', 'BidPlaced', { ...bid('ann', { bidId: 'b-ann-h' }), biddingType: 'proxy' }),
      record('lot-h', 'BidPlaced', {
        ...bid('bob', { bidId: 'b-bob-h', amount: 11_000, maxAmount: 11_000, outbidUserId: 'ann' }),
        biddingType: 'proxy',
      }),
    ];
    const batch = [
      record('lot-h', 'LotClosed', {
        outcome: 'sold',
        winnerId: 'bob',
        losers: ['ann'],
        hammerPrice: 11_000,
      }),
    ];
    const docs = await applyEvents([lotsProjection, bidsProjection], [...earlier, ...batch]);
    const { bus, published } = lotNotices();
    await publishLots(bus, docs, batch, '2026-11-22T12:00:00.000Z');
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ kind: 'realclosedupdates', events: ['LotClosed'] });
    expect(published[0]?.users).toEqual({
      ann: { bidtopstatus: 'lost', bid_or_not: 1, my_max_bid: 10_000, outbid: false },
      bob: { bidtopstatus: 'won', bid_or_not: 1, my_max_bid: 11_000, outbid: false },
    });
  });
});

describe('lot notices: a lot sold out by buy now', () => {
  it('tells every bidder live that they lost, and the lot is sold, in the window of the last sale', async () => {
    const earlier = [
      record('lot-s', 'LotListed', listedLot({ lotId: 's', quantity: 2, buyNow: true, buyNowPrice: 5_000 })),
      record('lot-s', 'BidPlaced', { ...bid('ann', { bidId: 'b-ann-s' }), biddingType: 'proxy' }),
      record('lot-s', 'StockReserved', {
        reservationId: 'r-s',
        invoiceId: 'B-s',
        buyerId: 'eve',
        qty: 2,
        unitPrice: 5_000,
        expiresAt: '2026-11-22T12:15:00.000Z',
      }),
    ];
    const batch = [
      record('lot-s', 'StockSold', { reservationId: 'r-s', invoiceId: 'B-s', qty: 2 }),
      record('lot-s', 'LotClosed', {
        outcome: 'sold',
        winnerId: null,
        hammerPrice: null,
        losers: ['ann'],
        bidCount: 1,
        reserveMet: true,
        closesAt: '2026-11-22T12:01:00.000Z',
        quantity: 0,
        endedBy: 'sold_out',
      }),
    ];
    const docs = await applyEvents([lotsProjection, bidsProjection], [...earlier, ...batch]);
    const { bus, published } = lotNotices();
    await publishLots(bus, docs, batch, '2026-11-22T12:01:00.000Z');
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ kind: 'realclosedupdates', lot: { market_status: 'sold' } });
    expect(published[0]?.users).toEqual({
      ann: { bidtopstatus: 'lost', bid_or_not: 1, my_max_bid: 10_000, outbid: false },
    });
  });
});
