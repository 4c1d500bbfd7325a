import { AuctionKinds } from '@wine/event-schemas';
import { z } from 'zod';
import { bidMessages } from './messages.ts';
import { myBidTypes } from './my-bid-types.ts';

/**
 * seeds 000 §5 "Bid amount (wsprice)": required ('Select bid amount'), a number ('Numbers only!'),
 * whole cents; the floor ('Min. Bid {amount}') and the ceiling are the lot decider's to judge. A string
 * is digits only: no padding, hex, exponent, boolean or list.
 */
export const BidAmount = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === '') {
    ctx.addIssue({ code: 'custom', message: bidMessages.selectAmount });
    return z.NEVER;
  }
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: bidMessages.numbersOnly });
    return z.NEVER;
  }
  if (!Number.isInteger(n)) {
    ctx.addIssue({ code: 'custom', message: bidMessages.wholeCents });
    return z.NEVER;
  }
  return n;
});

/** seeds 000 §4.3 bid/confirm: wsprice (cents), id (the lot), bidding_type. */
export const BidConfirmInput = z.strictObject({
  id: z.string().min(1).max(64),
  wsprice: BidAmount,
  bidding_type: z.enum(['proxy', 'hard']).optional(),
});
export type BidConfirmInput = z.input<typeof BidConfirmInput>;

export const BidConfirmResult = z.object({
  id: z.string(),
  wprice: z.number(),
  next_bid: z.number(),
  bid_count: z.number(),
  bidtopstatus: z.enum(['winner', 'outbid']),
  /** The (possibly extended) close. */
  date_closed: z.string(),
  position: z.string(),
});
export type BidConfirmResult = z.infer<typeof BidConfirmResult>;

/** seeds 000 §7 "Bid history search": 10 rows a page. */
export const BidHistoryInput = z.strictObject({
  id: z.string().min(1).max(64),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(50).default(10),
});

/** seeds 000 §3.2 "Bid history row", with 'My Bid' / 'Other' decided by the server. */
export const BidHistoryRow = z.object({
  id: z.string(),
  /** The caller's own id on their rows; null on other people's (bidders are not named publicly). */
  user_id: z.string().nullable(),
  mine: z.boolean(),
  proposed_amount: z.number(),
  created_at: z.string(),
  declined: z.union([z.literal(0), z.literal(1)]),
  /** Placed automatically for a maximum (proxy) or to reach the reserve. */
  proxy: z.boolean(),
});
export type BidHistoryRow = z.infer<typeof BidHistoryRow>;

export const MyBidsInput = z.strictObject({
  type: z.enum(myBidTypes).default('all'),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(25),
});

/**
 * /auction: the auctions with open lots. Title, kind, opening, description, premium and location come from
 * the auction (issue 33); lots listed with an auction id no auction was created for have them null.
 */
export const AuctionSummary = z.object({
  auctionid: z.string(),
  title: z.string().nullable(),
  kind: z.enum(AuctionKinds).nullable(),
  starts_at: z.string().nullable(),
  description: z.string(),
  premium_text: z.string(),
  location_id: z.number().nullable(),
  lot_count: z.number(),
  open_count: z.number(),
  first_close: z.string(),
  last_close: z.string(),
  countries: z.array(z.string()),
});
export type AuctionSummary = z.infer<typeof AuctionSummary>;
