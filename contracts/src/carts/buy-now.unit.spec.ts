import { describe, expect, it } from 'vitest';
import {
  type BuyNowOffer,
  buyNowAvailable,
  initialQuantity,
  type QuantityTerms,
  quantityMessage,
  quantityProblem,
  remainingStock,
} from './buy-now.ts';

const DAY = 24 * 3600_000;
const now = Date.parse('2026-11-24T12:00:00Z');
const offer = (over: Partial<BuyNowOffer> = {}): BuyNowOffer => ({
  open: true,
  auction: true,
  buyNow: true,
  buyNowPrice: 10_000,
  currentPrice: 20_000,
  quantity: 2,
  startsAt: now - DAY,
  closesAt: now + 3 * DAY,
  ...over,
});

describe('buyNowAvailable (seeds 000 §4.4)', () => {
  it('offers buy now on an open auction lot below the buy-now price plus 20% with 2 days left', () => {
    // 20,000 / 2 = 10,000 a unit, below 12,000.
    expect(buyNowAvailable(offer(), now)).toBe(true);
  });

  it('stops once the per-unit price reaches the buy-now price plus 20%', () => {
    expect(buyNowAvailable(offer({ currentPrice: 24_000 }), now)).toBe(false);
    expect(buyNowAvailable(offer({ currentPrice: 23_998 }), now)).toBe(true);
  });

  it('stops when fewer than 2 days remain', () => {
    expect(buyNowAvailable(offer({ closesAt: now + 2 * DAY }), now)).toBe(true);
    expect(buyNowAvailable(offer({ closesAt: now + 2 * DAY - 1 }), now)).toBe(false);
  });

  it('always offers a buy-now-only lot while it is open and started', () => {
    const only = offer({ auction: false, currentPrice: 1_000_000, closesAt: now + 60_000 });
    expect(buyNowAvailable(only, now)).toBe(true);
    expect(buyNowAvailable({ ...only, startsAt: now + 1 }, now)).toBe(false);
    expect(buyNowAvailable({ ...only, closesAt: now }, now)).toBe(false);
  });

  it('never offers an auction-only, closed or unpriced lot', () => {
    expect(buyNowAvailable(offer({ buyNow: false }), now)).toBe(false);
    expect(buyNowAvailable(offer({ open: false }), now)).toBe(false);
    expect(buyNowAvailable(offer({ buyNowPrice: null }), now)).toBe(false);
  });
});

describe('the quantity rules (seeds 000 §5)', () => {
  const terms = (over: Partial<QuantityTerms> = {}): QuantityTerms => ({
    remaining: 6,
    bidCount: 0,
    enforceMinimum: false,
    minimumQuantity: 1,
    ...over,
  });

  it('counts the remaining stock as quantity less sold, never below 0', () => {
    expect(remainingStock(6, 2)).toBe(4);
    expect(remainingStock(2, 5)).toBe(0);
  });

  it('starts at all that remains once the lot has bids, else the enforced minimum, else 1', () => {
    expect(initialQuantity(terms({ bidCount: 3 }))).toBe(6);
    expect(initialQuantity(terms({ enforceMinimum: true, minimumQuantity: 3 }))).toBe(3);
    expect(initialQuantity(terms())).toBe(1);
    expect(initialQuantity(terms({ remaining: 0 }))).toBe(0);
  });

  it('asks for a whole quantity of at least 1', () => {
    for (const qty of [null, 0, -1, 1.5])
      expect(quantityProblem(terms(), qty)).toEqual({ rule: 'enterQuantity' });
  });

  it('sells a lot with bids whole', () => {
    expect(quantityProblem(terms({ bidCount: 1 }), 2)).toEqual({ rule: 'minQuantity', count: 6 });
    expect(quantityProblem(terms({ bidCount: 1 }), 6)).toBeNull();
  });

  it('holds an enforced minimum and never sells more than remains', () => {
    expect(quantityProblem(terms({ enforceMinimum: true, minimumQuantity: 3 }), 2)).toEqual({
      rule: 'minQuantity',
      count: 3,
    });
    expect(quantityProblem(terms(), 7)).toEqual({ rule: 'maxQuantity', count: 6 });
    expect(quantityProblem(terms(), 6)).toBeNull();
  });

  it('says a lot with nothing left is sold out, whatever the quantity (not "Max Quantity 0")', () => {
    for (const qty of [null, 0, 1, 6])
      expect(quantityProblem(terms({ remaining: 0, bidCount: 2 }), qty)).toEqual({ rule: 'soldOut' });
    expect(quantityMessage({ rule: 'soldOut' })).toBe('This lot is sold out');
  });

  it("words each problem with the seeds' texts", () => {
    expect(quantityMessage({ rule: 'enterQuantity' })).toBe('Enter quantity');
    expect(quantityMessage({ rule: 'minQuantity', count: 3 })).toBe('Minimum Quantity 3');
    expect(quantityMessage({ rule: 'maxQuantity', count: 6 })).toBe('Max Quantity 6');
  });
});
