import { buyNowAvailable, initialQuantity } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { aLot } from '../test-utils/fixtures.ts';
import { buyNowOfferOf, quantityTermsOf } from './lot-terms.ts';

describe('the lot as the shared rules read it', () => {
  it('takes a lot the server calls started as started, and one it does not as starting at date_added', () => {
    const started = buyNowOfferOf(aLot({ auction: 0, buynow: 1, bprice: 10_000 }));
    expect(started).toMatchObject({ open: true, auction: false, buyNow: true, buyNowPrice: 10_000 });
    expect(buyNowAvailable(started, Date.parse('2029-12-31T00:00:00.000Z'))).toBe(true);

    const ahead = buyNowOfferOf(aLot({ buynow: 1, bprice: 10_000, future_active: true }));
    expect(ahead).toMatchObject({ open: false, startsAt: Date.parse('2030-01-01T12:00:00.000Z') });
    expect(buyNowAvailable(ahead, Date.parse('2030-01-02T00:00:00.000Z'))).toBe(false);
  });

  it('counts the stock left as the quantity less what is sold, never below none', () => {
    expect(quantityTermsOf(aLot({ qty: 12, sold: 5, bid_count: 0 }))).toEqual({
      remaining: 7,
      bidCount: 0,
      enforceMinimum: false,
      minimumQuantity: 1,
    });
    expect(quantityTermsOf(aLot({ qty: 3, sold: 5 })).remaining).toBe(0);
    expect(initialQuantity(quantityTermsOf(aLot({ qty: 6, sold: 6, bid_count: 0 })))).toBe(0);
  });
});
