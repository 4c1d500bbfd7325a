import type { LotEvent, LotListedData } from '@wine/event-schemas';

type LotClosedData = Extract<LotEvent, { type: 'LotClosed' }>['data'];

/** A listed auction lot for specs: one bottle, opening at $100, open from 2026-11-20 to 2026-11-27 18:00 UTC. */
export function listedLot(overrides: Partial<LotListedData> = {}): LotListedData {
  return {
    lotId: 'lot-1',
    sku: 'SKU-1',
    lotNumber: '101',
    auctionId: 'a-1',
    sellerId: 'seller',
    title: '2010 Château Latour',
    producer: 'Château Latour',
    vintage: 2010,
    country: 'France',
    region: 'Bordeaux',
    subregion: 'Pauillac',
    colour: 'Red',
    bottleSize: '750ml',
    scores: {},
    description: '',
    images: [],
    quantity: 1,
    minimumQuantity: 1,
    enforceMinimumQuantity: false,
    availability: null,
    auction: true,
    buyNow: false,
    openingBid: 10_000,
    reserve: null,
    buyNowPrice: null,
    discounts: [],
    startsAt: '2026-11-20T12:00:00.000Z',
    closesAt: '2026-11-27T18:00:00.000Z',
    meta: { title: '', description: '', keywords: '' },
    ...overrides,
  };
}

/** The close of `listedLot()` with no bids: unsold at its closing time. */
export const closedUnsold = (overrides: Partial<LotClosedData> = {}): LotClosedData => ({
  outcome: 'unsold',
  winnerId: null,
  hammerPrice: null,
  losers: [],
  bidCount: 0,
  reserveMet: false,
  closesAt: '2026-11-27T18:00:00.000Z',
  quantity: 0,
  endedBy: 'close',
  ...overrides,
});
