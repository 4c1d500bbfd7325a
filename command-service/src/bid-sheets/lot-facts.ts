import { availableAt, type Lot } from '../lots/lot.ts';
import type { LotFacts } from './decide.ts';

/** A lot's facts for a sheet, and when a lot that does not take bids yet will (epoch ms), for the house's wake-up. */
export interface LotFactsAt extends LotFacts {
  opensAt: number | null;
}

/**
 * What the sheet needs of a lot now, for `bidderId`: whether it takes the house's bid through the
 * bidding engine (bid/confirm's PlaceBid for a timed lot, open and started, its bottles not all sold;
 * an advance bid for a live sale's lot until the auctioneer calls it), its next bid, and the bidder's
 * own leading maximum. `proxy`: the market takes maximum bids; a timed lot in a hard-bidding market
 * takes no sheet (a bid there is the price, not a maximum).
 */
export function lotFacts(lotId: string, lot: Lot, bidderId: string, now: Date, proxy: boolean): LotFactsAt {
  if (lot.status === 'empty')
    return { lotId, takes: 'never', nextBid: 0, ownMax: null, sellerId: '', opensAt: null };
  const facts = {
    lotId,
    nextBid: lot.nextBid,
    ownMax: lot.leader?.bidderId === bidderId ? lot.leader.max : null,
    sellerId: lot.lot.sellerId,
    opensAt: null,
  };
  const t = now.getTime();
  if (lot.status !== 'open' || !lot.lot.auction || availableAt(lot, t) === 0)
    return { ...facts, takes: 'never' };
  // Issue 37: a live sale's lot takes advance bids until the auctioneer calls it, whatever its dates.
  if (lot.inLiveSale || lot.live) return { ...facts, takes: lot.live ? 'never' : 'now' };
  if (!proxy || t >= Date.parse(lot.lot.closesAt)) return { ...facts, takes: 'never' };
  const opensAt = Date.parse(lot.lot.startsAt);
  return t < opensAt ? { ...facts, takes: 'later', opensAt } : { ...facts, takes: 'now' };
}
