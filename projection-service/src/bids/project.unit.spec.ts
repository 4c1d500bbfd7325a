import type { LotDocument } from '@wine/contracts';
import type { LotListedData, RecordedEvent } from '@wine/event-schemas';
import type { DocumentStore } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { LOTS, lotsProjection } from '../lots/project.ts';
import { lotView, personalise } from '../lots/view.ts';
import { WATCHLISTS, watchlistsProjection } from '../watchlists/project.ts';
import { BIDS, type BidDocument, bidsProjection, LOT_BIDDERS, type LotBidderDocument } from './project.ts';

const $ = (d: number) => d * 100;
const projections = [lotsProjection, bidsProjection, watchlistsProjection];

const lot: LotListedData = listedLot({
  lotId: 'l-1',
  title: '2005 Pétrus',
  producer: 'Pétrus',
  subregion: 'Pomerol',
  closesAt: '2026-11-30T18:00:00.000Z',
});

const bidRow = (bidderId: string, amount: number, max: number, extra: Record<string, unknown> = {}) => ({
  bidId: `b-${bidderId}-${amount}`,
  bidderId,
  amount: $(amount),
  maxAmount: $(max),
  leads: true,
  outbidUserId: null,
  nextBid: $(amount + 10),
  reserveMet: true,
  ...extra,
});

/** ann leads at 100 (max 500); bob bids 300, ann answers at 320; cat bids 600 and leads at 550; the lot closes. */
function auction(): RecordedEvent[] {
  const record = eventRecorder();
  const s = 'lot-l-1';
  return [
    record(s, 'LotListed', lot),
    record(s, 'BidPlaced', { ...bidRow('ann', 100, 500), biddingType: 'proxy' }),
    record(s, 'BidPlaced', { ...bidRow('bob', 300, 300, { leads: false }), biddingType: 'proxy' }),
    record(s, 'ProxyBidPlaced', { ...bidRow('ann', 320, 500), reason: 'proxy', answersBidId: 'b-bob-300' }),
    record(s, 'ProxyBidPlaced', { ...bidRow('ann', 500, 500), reason: 'proxy', answersBidId: 'b-cat-550' }),
    record(s, 'BidPlaced', { ...bidRow('cat', 550, 600, { outbidUserId: 'ann' }), biddingType: 'proxy' }),
    record(s, 'LotExtended', {
      previousClose: lot.closesAt,
      closesAt: '2026-11-30T18:04:00.000Z',
      bidId: 'b-cat-550',
      rule: 'soft-close',
      windowMinutes: 5,
      extendMinutes: 5,
    }),
    record(user('ann'), 'LotWatched', { lotId: 'l-1' }),
    record(s, 'LotClosed', {
      outcome: 'sold',
      winnerId: 'cat',
      hammerPrice: $(550),
      losers: ['ann', 'bob'],
      bidCount: 5,
      reserveMet: true,
      closesAt: '2026-11-30T18:04:00.000Z',
    }),
  ];
}
const user = (id: string) => `user-${id}`;

const standing = (docs: DocumentStore, userId: string) =>
  docs.collection<LotBidderDocument>(LOT_BIDDERS).findOne({ _id: `l-1:${userId}` });

describe('bids and lots projections over an auction', () => {
  it('keeps the price, next bid, count and extended close on the lot, and sells it at the hammer price', async () => {
    const docs = await applyEvents(projections, auction());
    const doc = await docs.collection<LotDocument>(LOTS).findOne({ _id: 'l-1' });
    expect(doc).toMatchObject({
      wprice: $(550),
      next_bid: $(560),
      bid_count: 5,
      date_closed: '2026-11-30T18:04:00.000Z',
      market_status: 'sold',
      cbidtext: 'Sold Price',
      buynowamount: $(550),
    });
  });

  it('tracks each bidder’s standing, own bids and maximum; won and lost at the close', async () => {
    const events = auction();
    const beforeClose = await applyEvents(projections, events.slice(0, -1));
    expect(await standing(beforeClose, 'ann')).toMatchObject({
      bidtopstatus: 'outbid',
      bid_or_not: 1,
      max_bid: $(500),
    });
    expect(await standing(beforeClose, 'bob')).toMatchObject({ bidtopstatus: 'outbid', bid_or_not: 1 });
    expect(await standing(beforeClose, 'cat')).toMatchObject({
      bidtopstatus: 'winner',
      bid_or_not: 1,
      max_bid: $(600),
    });

    const closed = await applyEvents(projections, events);
    expect((await standing(closed, 'cat'))?.bidtopstatus).toBe('won');
    expect((await standing(closed, 'ann'))?.bidtopstatus).toBe('lost');
    expect((await standing(closed, 'bob'))?.bidtopstatus).toBe('lost');
  });

  it('marks every bidder lost and the lot sold when buy now sells its last bottle (no winner)', async () => {
    const record = eventRecorder();
    const s = 'lot-l-2';
    const two = listedLot({
      lotId: 'l-2',
      quantity: 2,
      buyNow: true,
      buyNowPrice: $(100),
      closesAt: lot.closesAt,
    });
    const events = [
      record(s, 'LotListed', two),
      record(s, 'BidPlaced', { ...bidRow('ann', 100, 300), biddingType: 'proxy' }),
      record(s, 'BidPlaced', { ...bidRow('bob', 300, 300, { leads: false }), biddingType: 'proxy' }),
      record(s, 'StockReserved', {
        reservationId: 'r-1',
        invoiceId: 'B-1',
        buyerId: 'eve',
        qty: 2,
        unitPrice: $(100),
        expiresAt: '2026-11-25T00:15:00.000Z',
      }),
      record(s, 'StockSold', { reservationId: 'r-1', invoiceId: 'B-1', qty: 2 }),
      record(s, 'LotClosed', {
        outcome: 'sold',
        winnerId: null,
        hammerPrice: null,
        losers: ['ann', 'bob'],
        bidCount: 2,
        reserveMet: true,
        closesAt: '2026-11-25T00:01:00.000Z',
        quantity: 0,
        endedBy: 'sold_out',
      }),
    ];
    const docs = await applyEvents(projections, events);
    expect(await docs.collection<LotDocument>(LOTS).findOne({ _id: 'l-2' })).toMatchObject({
      market_status: 'sold',
      sold: 2,
      cbidtext: 'Sold Price',
      buynowamount: $(100),
    });
    const standingOn = (userId: string) =>
      docs.collection<LotBidderDocument>(LOT_BIDDERS).findOne({ _id: `l-2:${userId}` });
    expect((await standingOn('ann'))?.bidtopstatus).toBe('lost');
    expect((await standingOn('bob'))?.bidtopstatus).toBe('lost');
  });

  it('writes one history row per visible bid, automatic ones marked', async () => {
    const docs = await applyEvents(projections, auction());
    const rows = await docs
      .collection<BidDocument>(BIDS)
      .find({ lot_id: 'l-1' }, { sort: { _position: -1 } });
    expect(rows.map((r) => [r.user_id, r.proposed_amount / 100, r.proxy])).toEqual([
      ['cat', 550, false],
      ['ann', 500, true],
      ['ann', 320, true],
      ['bob', 300, false],
      ['ann', 100, false],
    ]);
  });

  it('gives each viewer their own standing and watchlist flag, and a visitor none', async () => {
    const docs = await applyEvents(projections, auction().slice(0, -1));
    const doc = (await docs.collection<LotDocument>(LOTS).findOne({ _id: 'l-1' })) as LotDocument;
    const view = lotView(doc, new Date('2026-11-25T00:00:00Z'), null);
    expect(view).toMatchObject({
      bidtopstatus: null,
      bid_or_not: 0,
      watchlistid: 0,
      my_max_bid: null,
      own_lot: 0,
    });
    const [ann] = await personalise(docs, [view], 'ann');
    expect(ann).toMatchObject({ bidtopstatus: 'outbid', bid_or_not: 1, watchlistid: 1, my_max_bid: $(500) });
    const [cat] = await personalise(docs, [view], 'cat');
    expect(cat).toMatchObject({ bidtopstatus: 'winner', watchlistid: 0, my_max_bid: $(600) });
  });

  it('is idempotent when run twice, in any batch size', async () => {
    const events = auction();
    const once = await applyEvents(projections, events);
    const twice = await applyEvents(projections, events, await applyEvents(projections, events), 3);
    for (const name of [LOTS, BIDS, LOT_BIDDERS, WATCHLISTS]) {
      const sort = { _id: 1 } as const;
      expect(await twice.collection(name).find({}, { sort })).toEqual(
        await once.collection(name).find({}, { sort }),
      );
    }
  });

  it('drops a watched lot from the watchlist when unwatched, and brings it back when watched again', async () => {
    const record = eventRecorder();
    const watch = (type: string) => record(user('ann'), type, { lotId: 'l-1' });
    const docs = await applyEvents(projections, [watch('LotWatched'), watch('LotUnwatched')]);
    expect(await docs.collection(WATCHLISTS).countDocuments({ user_id: 'ann' })).toBe(0);
    await applyEvents(projections, [watch('LotWatched')], docs);
    expect(await docs.collection(WATCHLISTS).countDocuments({ user_id: 'ann' })).toBe(1);
  });
});

describe('lots projection: updates and withdrawals', () => {
  it('maps changed fields to the seeds’ names and withdraws as closed', async () => {
    const record = eventRecorder();
    const s = 'lot-l-1';
    const docs = await applyEvents(projections, [
      record(s, 'LotListed', { ...lot, scores: { wa: '95' } }),
      record(s, 'LotUpdated', {
        title: 'Pétrus 2005 (OWC)',
        openingBid: $(250),
        scores: { js: '98' },
        discounts: [{ quantity: 2, price: $(90) }],
        changed: ['title', 'openingBid', 'scores', 'discounts'],
      }),
      record(s, 'LotWithdrawn', { reason: 'label damage' }),
    ]);
    const doc = await docs.collection<LotDocument>(LOTS).findOne({ _id: 'l-1' });
    expect(doc).toMatchObject({
      title: 'Pétrus 2005 (OWC)',
      wprice: $(250),
      next_bid: $(250),
      custitem_gvo_ratingtextjsscore: '98',
      rating: 98,
      discount_buynow_records: [{ id: 'l-1-1', quantity: 2, bprice: $(90) }],
      market_status: 'closed',
    });
    expect(doc).not.toHaveProperty('custitem_gvo_wa');
  });
});
