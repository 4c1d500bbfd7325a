import { z } from 'zod';
import { action, NoData } from '../action.ts';
import { MAX_BID_CENTS } from '../money.ts';
import { multilineText, plainText } from '../text.ts';

/**
 * Issue 37: the live room's calls. The auctioneer's console (role `auctioneer`) opens the sale, calls
 * each lot, moves the ask, takes floor and phone bids by paddle, gives fair warning, sells or passes,
 * undoes the last call, pauses, speaks to the room and closes; a bidder takes a paddle for the sale and
 * bids the ask they see.
 */
const Id = z.string().trim().min(1).max(64);
const Ask = z.number().int().min(1).max(MAX_BID_CENTS);

export const LiveSaleInput = z.strictObject({ auction_id: Id });
export const LiveCallLotInput = z.strictObject({ auction_id: Id, lot_id: Id });
export const LivePauseInput = z.strictObject({
  auction_id: Id,
  reason: plainText('Reason').max(500).default(''),
});
export const LiveMessageInput = z.strictObject({
  auction_id: Id,
  text: plainText('Message').min(1).max(280),
});
export const LiveLotInput = z.strictObject({ lot_id: Id });
export const LiveAskInput = z.strictObject({ lot_id: Id, ask: Ask });
export const LiveFloorBidInput = z.strictObject({
  lot_id: Id,
  ask: Ask,
  paddle: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/),
  source: z.enum(['floor', 'phone']).default('floor'),
});
/** The auctioneer's bid for the consignor at the ask it answers (only below the reserve). */
export const LiveReserveBidInput = z.strictObject({ lot_id: Id, ask: Ask });
export const LiveHammerInput = z.strictObject({ lot_id: Id, outcome: z.enum(['sold', 'passed']) });
export const LiveUndoInput = z.strictObject({ lot_id: Id, reason: multilineText('Reason').min(1).max(500) });
export const LiveBidInput = z.strictObject({ lot_id: Id, ask: Ask });

/** A lot's standing in the room after a call: its ask, the standing bid and who leads it. */
export const LiveLotStanding = z.object({
  lot_id: z.string(),
  ask: z.number(),
  price: z.number().nullable(),
  leading: z.boolean(),
});
export type LiveLotStanding = z.infer<typeof LiveLotStanding>;

const clerk = <I extends z.ZodType, O extends z.ZodType>(path: `/api/${string}`, input: I, output: O) =>
  action({ path, side: 'command', auth: 'auctioneer', input, output });

export const liveActions = {
  liveOpenSale: clerk('/api/live/sale/open', LiveSaleInput, NoData),
  liveCallLot: clerk('/api/live/sale/callLot', LiveCallLotInput, LiveLotStanding),
  livePause: clerk('/api/live/sale/pause', LivePauseInput, NoData),
  liveResume: clerk('/api/live/sale/resume', LiveSaleInput, NoData),
  liveMessage: clerk('/api/live/sale/message', LiveMessageInput, NoData),
  liveCloseSale: clerk('/api/live/sale/close', LiveSaleInput, NoData),
  liveAsk: clerk('/api/live/lot/ask', LiveAskInput, LiveLotStanding),
  liveFloorBid: clerk('/api/live/lot/floorBid', LiveFloorBidInput, LiveLotStanding),
  /** Bids the ask for the consignor while it is below the reserve (Sotheby's "on behalf of the consignor"). */
  liveReserveBid: clerk('/api/live/lot/reserveBid', LiveReserveBidInput, LiveLotStanding),
  liveFairWarning: clerk('/api/live/lot/fairWarning', LiveLotInput, NoData),
  liveHammer: clerk('/api/live/lot/hammer', LiveHammerInput, NoData),
  liveUndo: clerk('/api/live/lot/undo', LiveUndoInput, NoData),
  /** A bidder's paddle for the sale (the same one again if taken already). */
  liveRegister: action({
    path: '/api/live/register',
    side: 'command',
    auth: 'user',
    input: LiveSaleInput,
    output: z.object({ paddle: z.string() }),
  }),
  /** An internet bid at the ask the bidder saw: refused if it moved, never taken at another price. */
  liveBid: action({
    path: '/api/live/bid',
    side: 'command',
    auth: 'user',
    input: LiveBidInput,
    output: LiveLotStanding,
  }),
} as const;
