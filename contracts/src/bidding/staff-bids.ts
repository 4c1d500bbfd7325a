import { z } from 'zod';
import { action } from '../action.ts';
import { MAX_BID_CENTS } from '../money.ts';
import { multilineText } from '../text.ts';

const Id = z.string().min(1).max(64);

/**
 * Issue 33 bid/bidCancel: one bid (`bidId`) or every bid of one bidder (`bidderId`) cancelled with a
 * reason; the close may be extended, and a lot that closed unsold reopened (the admin's explicit choice).
 */
export const BidCancelFields = z.strictObject({
  id: Id,
  bidId: Id.optional(),
  bidderId: Id.optional(),
  reason: multilineText('Reason').min(1, 'Required!').max(500),
  /** Minutes from now the close moves to (never earlier); a week at most. */
  extendMinutes: z.number().int().min(0).max(10_080).default(0),
  reopen: z.boolean().default(false),
});
export const BidCancelInput = BidCancelFields.refine(
  (input) => (input.bidId === undefined) !== (input.bidderId === undefined),
  { message: 'Name one bid or one bidder', path: ['bidId'] },
);
export type BidCancelInput = z.input<typeof BidCancelInput>;

const Standing = z.object({ price: z.number(), leaderId: z.string().nullable() });

export const BidCancelResult = z.object({
  id: z.string(),
  cancelled: z.number(),
  before: Standing,
  after: Standing.extend({ nextBid: z.number() }),
  closesAt: z.string(),
});
export type BidCancelResult = z.infer<typeof BidCancelResult>;

/**
 * Issue 33 bid/manualAward: the lot sold to a registered buyer (by id, or by the e-mail they signed up
 * with) at a price; below the standing online maximum or the reserve only when confirmed with a reason.
 */
export const ManualAwardFields = z.strictObject({
  id: Id,
  buyerId: Id.optional(),
  buyerEmail: z.email().max(254).optional(),
  price: z.number().int().min(100).max(MAX_BID_CENTS),
  reason: multilineText('Reason').max(500).default(''),
  confirm: z.boolean().default(false),
});
export const ManualAwardInput = ManualAwardFields.refine(
  (input) => (input.buyerId === undefined) !== (input.buyerEmail === undefined),
  { message: 'Name the buyer by id or by e-mail', path: ['buyerEmail'] },
);
export type ManualAwardInput = z.input<typeof ManualAwardInput>;

export const ManualAwardResult = z.object({ id: z.string(), winnerId: z.string(), hammerPrice: z.number() });

/** One row of a lot's bids as the staff see them: who (named), the amount, the maximum behind it. */
export const StaffBidRow = z.object({
  bidId: z.string(),
  bidderId: z.string(),
  bidderName: z.string(),
  amount: z.number(),
  maxAmount: z.number(),
  proxy: z.boolean(),
  at: z.string(),
  /** Cancelled by the house (or left behind when the ladder was run again). */
  declined: z.boolean(),
});
export type StaffBidRow = z.infer<typeof StaffBidRow>;

export const StaffLotBids = z.object({
  records: z.array(StaffBidRow),
  /** Each bidder's standing: leading or not, their maximum, how many bids they placed. */
  bidders: z.array(
    z.object({
      bidderId: z.string(),
      name: z.string(),
      status: z.string(),
      maxBid: z.number(),
      bids: z.number(),
    }),
  ),
});
export type StaffLotBids = z.infer<typeof StaffLotBids>;

/** The back office's side of bidding (seeds 001 §7 "Bids (back-office side)"). */
export const staffBidActions = {
  bidCancel: action({
    path: '/api/bid/bidCancel',
    side: 'command',
    auth: 'admin',
    input: BidCancelInput,
    output: BidCancelResult,
  }),
  manualAward: action({
    path: '/api/bid/manualAward',
    side: 'command',
    auth: 'admin',
    input: ManualAwardInput,
    output: ManualAwardResult,
  }),
  sellerManualAward: action({
    path: '/api/seller/bid/manualAward',
    side: 'command',
    auth: 'seller',
    input: ManualAwardInput,
    output: ManualAwardResult,
  }),
  staffLotBids: action({
    path: '/api/admin/product/bids',
    side: 'query',
    auth: 'admin',
    input: z.strictObject({ id: Id }),
    output: StaffLotBids,
  }),
} as const;
