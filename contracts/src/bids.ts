import { z } from 'zod';
import { bidMessages } from './bidding.ts';

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

export interface BidConfirmResult {
  id: string;
  wprice: number;
  next_bid: number;
  bid_count: number;
  bidtopstatus: 'winner' | 'outbid';
  /** The (possibly extended) close. */
  date_closed: string;
  position: string;
}

/** seeds 000 §5 buy-now form: product_id ('Product ID required'), qty ('Enter quantity'). */
const CartLine = z.strictObject({
  product_id: z.string({ error: 'Product ID required' }).trim().min(1, 'Product ID required').max(64),
  qty: z.number({ error: 'Enter quantity' }).int('Enter quantity').min(1, 'Enter quantity').max(100_000),
});

/** seeds 000 §7 addToCart: cart, a list of {product_id, qty}. */
export const AddToCartInput = z.strictObject({
  cart: z
    .array(CartLine)
    .min(1, 'Product ID required')
    .max(50)
    .refine((lines) => new Set(lines.map((l) => l.product_id)).size === lines.length, {
      message: 'each product once',
    }),
});
export type AddToCartInput = z.input<typeof AddToCartInput>;

/** seeds 000 §7 addWatchlist / removeWatchlist: project_id. */
export const WatchlistInput = z.strictObject({ project_id: z.string().min(1).max(64) });

/** seeds 000 §7 "Bid history search": 10 rows a page. */
export const BidHistoryInput = z.strictObject({
  id: z.string().min(1).max(64),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(50).default(10),
});

/** seeds 000 §3.2 "Bid history row", with 'My Bid' / 'Other' decided by the server. */
export interface BidHistoryRow {
  id: string;
  /** The caller's own id on their rows; null on other people's (bidders are not named publicly). */
  user_id: string | null;
  mine: boolean;
  proposed_amount: number;
  created_at: string;
  declined: 0 | 1;
  /** Placed automatically for a maximum (proxy) or to reach the reserve. */
  proxy: boolean;
}

/** seeds 000 §7 getAllSimilarProducts: three, closing soonest, never the lot itself. */
export const SimilarProductsInput = z.strictObject({
  id: z.string().min(1).max(64),
  limit: z.number().int().min(1).max(12).default(3),
});

/** seeds 000 §2.3 /auctions/:type (My Bids), /watchlist/:type. */
export const myBidTypes = ['all', 'winning', 'outbid', 'won', 'lost'] as const;
export const MyBidsInput = z.strictObject({
  type: z.enum(myBidTypes).default('all'),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(25),
});
export const WatchlistListInput = z.strictObject({
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(25),
});

/** seeds 000 §3.2 "Cart counts": auctionCount (won, unpaid) and buynowCount (cart lines), each with totalRecords. */
export interface PendingCounts {
  auctionCount: { totalRecords: number };
  buynowCount: { totalRecords: number };
}

export const SetSellerInput = z.strictObject({ id: z.string().min(1).max(64), seller: z.boolean() });

/** /auction: the auctions with open lots. */
export interface AuctionSummary {
  auctionid: string;
  lot_count: number;
  open_count: number;
  first_close: string;
  last_close: string;
  countries: string[];
}
