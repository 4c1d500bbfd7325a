import { z } from 'zod';
import { action } from '../action.ts';
import { BidAmount, BidConfirmResult } from '../bidding/bids.ts';

/**
 * Issue 37, seeds 001 §7: advance (absentee) bids on a lot of a live sale, the bidder's maximum left
 * before the auctioneer calls the lot. The room opens the lot at the price the advance bids reached
 * and the house bids the leader's maximum against the room. Each is bid/confirm's bid (its fields, its
 * checks: a card on file, not one's own lot, at least the next bid), always a maximum:
 *
 * - `ttwbid/confirm` (also served as `bid/preBidConfirm`, the lot page's pre-bid): until the lot is
 *   called, before or after the sale starts;
 * - `ttwbid/future_proxy`: the same, while the sale is still ahead (the lot `future_active`); refused
 *   once it started (`ADVANCE_SALE_STARTED`).
 *
 * A timed lot takes neither (`ADVANCE_NOT_LIVE`): it takes bids through bid/confirm while open, and
 * none before its start (DOMAIN.md "Lots and auctions").
 */
export const AdvanceBidInput = z.strictObject({
  id: z.string().min(1).max(64),
  /** Cents: the maximum the house may bid for the bidder. */
  wsprice: BidAmount,
});
export type AdvanceBidInput = z.input<typeof AdvanceBidInput>;

/** Where the lot stands after the advance bid (a live lot's scheduled close says nothing: no date). */
export const AdvanceBidResult = BidConfirmResult.omit({ date_closed: true });
export type AdvanceBidResult = z.infer<typeof AdvanceBidResult>;

export const advanceBidActions = {
  ttwbidConfirm: action({
    path: '/api/ttwbid/confirm',
    aliases: ['/api/bid/preBidConfirm'],
    side: 'command',
    auth: 'user',
    input: AdvanceBidInput,
    output: AdvanceBidResult,
  }),
  ttwbidFutureProxy: action({
    path: '/api/ttwbid/future_proxy',
    side: 'command',
    auth: 'user',
    input: AdvanceBidInput,
    output: AdvanceBidResult,
  }),
} as const;
