import { describe, expect, it } from 'vitest';
import { MAX_BID_CENTS } from '../money.ts';
import {
  bidOptions,
  buyNowUnitPrice,
  defaultBidIncrements,
  type IncrementRule,
  incrementAt,
  nextBid,
} from './bidding.ts';
import { bidMessages } from './messages.ts';

const $ = (dollars: number) => Math.round(dollars * 100);

describe('increment table (DOMAIN.md "Bids")', () => {
  it.each([
    [1, 1],
    [99, 1],
    [99.99, 1],
    [100, 10],
    [299, 10],
    [300, 20],
    [499, 20],
    [500, 50],
    [999, 50],
    [1000, 100],
    [2999, 100],
    [3000, 200],
    [4999, 200],
    [5000, 500],
    [250_000, 500],
  ])('at $%d the increment is $%d', (price, increment) => {
    expect(incrementAt(defaultBidIncrements, $(price))).toBe($(increment));
  });

  it('crosses the row boundaries: $99 -> $100, $4,999 -> $5,199, $5,000 -> $5,500', () => {
    const next = (p: number) => nextBid(defaultBidIncrements, { openingBid: 0, price: $(p), hasBids: true });
    expect(next(99)).toBe($(100));
    expect(next(4999)).toBe($(5199));
    expect(next(5000)).toBe($(5500));
  });

  it('uses the first row below every range (the seeds fallback)', () => {
    expect(incrementAt(defaultBidIncrements, 50)).toBe($(1));
  });

  it('computes a percentage row against the amount, rounded up to a whole dollar', () => {
    const table: IncrementRule[] = [
      { from_amount: 0, to_amount: $(999.99), increment: $(25), value_type: 'fixed' },
      { from_amount: $(1000), to_amount: null, increment: 5, value_type: 'percentage' },
    ];
    expect(incrementAt(table, $(1000))).toBe($(50));
    expect(incrementAt(table, $(1010))).toBe($(51)); // 50.50 rounds up
    expect(incrementAt(table, $(999))).toBe($(25));
  });

  it('asks the opening bid when nobody has bid', () => {
    expect(nextBid(defaultBidIncrements, { openingBid: $(250), price: $(250), hasBids: false })).toBe($(250));
  });
});

describe('bid dropdown (seeds 000 §9)', () => {
  it('offers 10 amounts from next_bid, each stepped by the increment of its range', () => {
    expect(bidOptions(defaultBidIncrements, $(280)).map((c) => c / 100)).toEqual([
      280, 290, 300, 320, 340, 360, 380, 400, 420, 440,
    ]);
  });

  it('stops at the per-lot ceiling', () => {
    const options = bidOptions(defaultBidIncrements, MAX_BID_CENTS - $(600));
    expect(options.every((o) => o <= MAX_BID_CENTS)).toBe(true);
    expect(options).toHaveLength(2);
  });
});

describe('buy-now unit price with quantity discounts', () => {
  const rows = [
    { quantity: 6, bprice: $(90) },
    { quantity: 12, bprice: $(80) },
  ];
  it.each([
    [1, 100],
    [5, 100],
    [6, 90],
    [11, 90],
    [12, 80],
    [48, 80],
  ])('%d bottles cost $%d each', (qty, price) => {
    expect(buyNowUnitPrice($(100), rows, qty)).toBe($(price));
  });
});

describe('bid messages', () => {
  it("formats 'Min. Bid {amount}' in dollars with two decimals", () => {
    expect(bidMessages.minBid($(1100))).toBe('Min. Bid $1,100.00');
  });
});
