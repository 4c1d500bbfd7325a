import type { LotEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { BiddingRules } from '../lots/decide.ts';
import { decideBid } from '../lots/decide-bid.ts';
import type { Lot } from '../lots/lot.ts';

/**
 * Issue 37, seeds 001 §7 `ttwbid/confirm` (`bid/preBidConfirm`) and `ttwbid/future_proxy`: an advance
 * (absentee) bid, the bidder's maximum on a lot of a live sale left before the auctioneer calls it.
 * It is decided as a timed proxy bid is (bid/confirm's checks: a card on file, not one's own lot, at
 * least the next bid, the cap; the proxy ladder and the reserve), whatever the timed bidding setting
 * (an absentee bid is a maximum by nature), but its window is the sale's catalogue, not the lot's
 * dates: it is taken before the sale starts and after the lot's scheduled close, until the lot is
 * called. The room then opens the lot at the price the advance bids reached and the house bids the
 * leader's maximum (decide-live.ts).
 */
export interface PlaceAdvanceBid {
  type: 'PlaceAdvanceBid';
  bidId: string;
  bidderId: string;
  /** Cents: the maximum. */
  amount: number;
  hasCard: boolean;
  now: Date;
  rules: BiddingRules;
  /** `future`: ttwbid/future_proxy, only while the sale is ahead; `absentee`: until the lot is called. */
  window: 'absentee' | 'future';
}

/** The lot's dates do not bound an advance bid: the room's call does (checked before). */
const EVER = { startsAt: '1970-01-01T00:00:00.000Z', closesAt: '9999-12-31T23:59:59.999Z' };

export function decideAdvance(command: PlaceAdvanceBid, state: Lot): LotEvent[] {
  if (state.status === 'empty' || state.status === 'draft') throw new AppError('LOT_NOT_FOUND');
  if (state.status === 'withdrawn') throw new AppError('LOT_WITHDRAWN');
  // A timed lot takes bids through bid/confirm while it is open, never before its start (DOMAIN.md).
  if (!state.inLiveSale && !state.live) throw new AppError('ADVANCE_NOT_LIVE');
  if (state.status === 'closed') throw new AppError('ADVANCE_LOT_CLOSED');
  if (state.live) throw new AppError('ADVANCE_LOT_CALLED');
  if (command.window === 'future' && command.now.getTime() >= Date.parse(state.lot.startsAt))
    throw new AppError('ADVANCE_SALE_STARTED');
  const { window: _window, ...bid } = command;
  return decideBid(
    { ...bid, type: 'PlaceBid', rules: { ...command.rules, proxy: true } },
    { ...state, lot: { ...state.lot, ...EVER } },
  );
}
