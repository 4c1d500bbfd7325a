import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { PRICES_REALISED, pricesRealisedProjection, type RealisedPriceDocument } from './project.ts';

const closed = (data: Record<string, unknown>) => ({
  outcome: 'sold',
  winnerId: 'user-w',
  hammerPrice: 120_000,
  losers: [],
  bidCount: 7,
  reserveMet: true,
  closesAt: '2026-11-27T18:05:00.000Z',
  ...data,
});

const docOf = async (docs: Awaited<ReturnType<typeof applyEvents>>, id: string) =>
  docs.collection<RealisedPriceDocument>(PRICES_REALISED).findOne({ _id: id });

describe('prices realised projection', () => {
  it('given a lot listed and updated, when it closes sold at auction, then it keeps the hammer as of the close', async () => {
    const record = eventRecorder();
    const docs = await applyEvents(
      [pricesRealisedProjection],
      [
        record(
          'lot-p1',
          'LotListed',
          listedLot({ lotId: 'p1', quantity: 6, images: [{ type: 1, fileName: 'p1.jpg' }] }),
        ),
        record('lot-p1', 'LotUpdated', { title: '2010 Château Latour (6 bottles)' }),
        record('lot-p1', 'LotClosed', closed({ quantity: 6 })),
      ],
    );
    expect(await docOf(docs, 'p1')).toMatchObject({
      title: '2010 Château Latour (6 bottles)',
      producer: 'Château Latour',
      vintage: 2010,
      bottle_size: '750ml',
      qty: 6,
      image: '/uploads/product/p1.jpg',
      auctionid: 'a-1',
      sold: true,
      hammer_price: 120_000,
      bid_count: 7,
      closed_at: '2026-11-27T18:05:00.000Z',
    });
  });

  it('keeps no hammer for a lot unsold, or sold out by buy now, and the whole lot for an old close', async () => {
    const record = eventRecorder();
    const docs = await applyEvents(
      [pricesRealisedProjection],
      [
        record('lot-u', 'LotListed', listedLot({ lotId: 'u' })),
        record('lot-u', 'LotClosed', closed({ outcome: 'unsold', winnerId: null, hammerPrice: null })),
        record('lot-b', 'LotListed', listedLot({ lotId: 'b', buyNow: true, buyNowPrice: 9_000 })),
        record('lot-b', 'LotClosed', closed({ endedBy: 'sold_out', hammerPrice: 9_000 })),
        record('lot-o', 'LotListed', listedLot({ lotId: 'o', quantity: 3 })),
        record('lot-o', 'LotClosed', closed({})),
      ],
    );
    expect(await docOf(docs, 'u')).toMatchObject({ sold: false, hammer_price: null });
    expect(await docOf(docs, 'b')).toMatchObject({ sold: false, hammer_price: null });
    expect(await docOf(docs, 'o')).toMatchObject({ sold: true, hammer_price: 120_000, qty: 3 });
  });

  it('is idempotent: the events delivered again change nothing', async () => {
    const record = eventRecorder();
    const events = [
      record('lot-i', 'LotListed', listedLot({ lotId: 'i' })),
      record('lot-i', 'LotUpdated', { title: 'Renamed' }),
      record('lot-i', 'LotClosed', closed({ quantity: 1 })),
    ];
    const once = await applyEvents([pricesRealisedProjection], events);
    const twice = await applyEvents([pricesRealisedProjection], [...events, ...events], undefined, 2);
    expect(await docOf(twice, 'i')).toEqual(await docOf(once, 'i'));
  });

  it('ignores the other lot events', () => {
    const record = eventRecorder();
    expect(pricesRealisedProjection.project(record('lot-x', 'BidPlaced', {}))).toEqual([]);
  });
});
