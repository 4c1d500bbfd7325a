import { z } from 'zod';
import { MAX_BID_CENTS } from '../money.ts';

/**
 * The bidding rules the server decides with and the browser shows (DOMAIN.md "Bids", seeds 000 §9).
 * One copy, shared by the lot decider and the bid dropdown. Money is integer cents.
 */

/** seeds 000 §3.2 "Bid increment rule": a row of the increment table, amounts in cents (inclusive). */
export const IncrementRule = z.strictObject({
  from_amount: z.number().int().min(0),
  /** null: and up. */
  to_amount: z.number().int().min(0).nullable(),
  /** Cents for a fixed row; a percent of the current amount for a percentage row. */
  increment: z.number().positive(),
  value_type: z.enum(['fixed', 'percentage']),
});
export type IncrementRule = z.infer<typeof IncrementRule>;

const dollars = (d: number) => d * 100;

/**
 * DOMAIN.md: the default table when none is configured (a leading US online wine auction's):
 * 1-99: 1; 100-299: 10; 300-499: 20; 500-999: 50; 1000-2999: 100; 3000-4999: 200; 5000 and up: 500.
 * Each row runs to the cent before the next one starts ($99.99 is still in the first row).
 */
export const defaultBidIncrements: readonly IncrementRule[] = [
  [0, 1],
  [100, 10],
  [300, 20],
  [500, 50],
  [1000, 100],
  [3000, 200],
  [5000, 500],
].map(([from, increment], i, rows) => ({
  from_amount: dollars(from as number),
  to_amount: rows[i + 1] ? dollars((rows[i + 1] as number[])[0] as number) - 1 : null,
  increment: dollars(increment as number),
  value_type: 'fixed' as const,
}));

/**
 * The increment at `amount` (the current price): the row whose range holds it; below the first row
 * (or with no matching row) the first row's increment (seeds 000 §9: "fallback is the first default
 * increment"). A percentage row is that percent of the amount, rounded up to a whole dollar.
 */
export function incrementAt(table: readonly IncrementRule[], amount: number): number {
  const row =
    table.find((r) => amount >= r.from_amount && (r.to_amount === null || amount <= r.to_amount)) ??
    table[0] ??
    (defaultBidIncrements[0] as IncrementRule);
  if (row.value_type === 'percentage') {
    return Math.max(100, Math.ceil((amount * row.increment) / 100 / 100) * 100);
  }
  return row.increment;
}

/** DOMAIN.md: next_bid = the opening bid with no bids, else the current price + increment(price). */
export function nextBid(
  table: readonly IncrementRule[],
  lot: { openingBid: number; price: number; hasBids: boolean },
): number {
  return lot.hasBids ? lot.price + incrementAt(table, lot.price) : lot.openingBid;
}

/**
 * seeds 000 §9 "Bid dropdown": `count` options starting at next_bid, each stepped by the increment
 * of the range it falls in; none above the per-lot ceiling.
 */
export function bidOptions(table: readonly IncrementRule[], next: number, count = 10): number[] {
  const options: number[] = [];
  for (let amount = next; options.length < count && amount <= MAX_BID_CENTS; ) {
    options.push(amount);
    amount += incrementAt(table, amount);
  }
  return options;
}

/** DOMAIN.md "Buy now and cart": the unit price is the discount row whose quantity range holds qty. */
export function buyNowUnitPrice(
  bprice: number,
  discounts: readonly { quantity: number; bprice: number }[],
  qty: number,
): number {
  let price = bprice;
  let best = 0;
  for (const row of discounts) {
    if (row.quantity <= qty && row.quantity > best) {
      best = row.quantity;
      price = row.bprice;
    }
  }
  return price;
}

/** The market's settings (DOMAIN.md: "Both numbers are configuration"); sent to the UI in getDefault. */
export const MarketSettings = z.object({
  /** seeds 000 §4.3: proxy bidding when non-zero, else hard bidding. */
  proxy_bidding_settings: z.union([z.literal(0), z.literal(1)]),
  /** A bid with less than this many minutes left extends the close... */
  soft_close_window_minutes: z.number(),
  /** ...to this many minutes after the bid. */
  soft_close_extend_minutes: z.number(),
  /** seeds 000 §1: bids carry a 20% buyer's premium. */
  buyer_premium: z.number(),
  bid_increments: z.array(IncrementRule).readonly(),
});
export type MarketSettings = z.infer<typeof MarketSettings>;

export const defaultMarketSettings: MarketSettings = {
  proxy_bidding_settings: 1,
  soft_close_window_minutes: 5,
  soft_close_extend_minutes: 5,
  buyer_premium: 20,
  bid_increments: defaultBidIncrements,
};
