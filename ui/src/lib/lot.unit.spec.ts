import { type LotView, buyNowAvailable as offerAvailable } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { aLot } from '../test-utils/fixtures.ts';
import { availabilityText, descriptionText, imageUrls } from './lot.ts';
import { buyNowOfferOf } from './lot-terms.ts';

const NOW = Date.parse('2030-01-01T00:00:00.000Z');
const inDays = (d: number) => new Date(NOW + d * 86_400_000).toISOString();

/** The lot page's question: the shared rule (contracts) on the lot as the page maps it. */
const buyNowAvailable = (lot: LotView, now: number) => offerAvailable(buyNowOfferOf(lot), now);

describe('imageUrls', () => {
  it('serves files from /uploads/product/ and keeps only http(s) external URLs', () => {
    const lot = aLot({
      allattachmentlist: [
        { type: 1, file_name: 'a b.jpg' },
        { type: 2, file_name: 'https://cdn.test/x.png' },
        { type: 2, file_name: 'javascript:alert(1)' },
      ],
    });
    expect(imageUrls(lot)).toEqual(['/uploads/product/a%20b.jpg', 'https://cdn.test/x.png']);
  });
});

describe('buyNowAvailable', () => {
  it('is never offered on an auction-only lot, always on an open buy-now-only lot', () => {
    expect(buyNowAvailable(aLot({ auction: 1, buynow: 0 }), NOW)).toBe(false);
    expect(buyNowAvailable(aLot({ auction: 0, buynow: 1, bprice: 100 }), NOW)).toBe(true);
    expect(buyNowAvailable(aLot({ auction: 0, buynow: 1, bprice: 100, market_status: 'sold' }), NOW)).toBe(
      false,
    );
    expect(buyNowAvailable(aLot({ auction: 0, buynow: 1, bprice: 100, future_active: true }), NOW)).toBe(
      false,
    );
  });

  it('offers buy now on an auction lot below price + 20% with 2 days or more left', () => {
    const lot = { auction: 1 as const, buynow: 1 as const, bprice: 10_000, qty: 2, date_closed: inDays(3) };
    expect(buyNowAvailable(aLot({ ...lot, wprice: 23_999 }), NOW)).toBe(true);
    expect(buyNowAvailable(aLot({ ...lot, wprice: 24_000 }), NOW)).toBe(false);
    expect(buyNowAvailable(aLot({ ...lot, wprice: 100, date_closed: inDays(1.9) }), NOW)).toBe(false);
  });

  it('judges the price per bottle the auction still sells, once buy now sold some (as the server does)', () => {
    const lot = { auction: 1 as const, buynow: 1 as const, bprice: 10_000, qty: 3, date_closed: inDays(3) };
    expect(buyNowAvailable(aLot({ ...lot, sold: 2, wprice: 11_000 }), NOW)).toBe(true);
    expect(buyNowAvailable(aLot({ ...lot, sold: 2, wprice: 13_000 }), NOW)).toBe(false);
  });
});

describe('availabilityText', () => {
  it("shows 'Pre-arrival' as is and more than 12 as '12+'", () => {
    expect(availabilityText({ qty: 40, sold: 0, custitem_gvo_invwebdisplay: 'Pre-arrival' })).toBe(
      'Pre-arrival',
    );
    expect(availabilityText({ qty: 40, sold: 27, custitem_gvo_invwebdisplay: null })).toBe('12+');
    expect(availabilityText({ qty: 12, sold: 0, custitem_gvo_invwebdisplay: null })).toBe('12');
  });
});

describe('descriptionText', () => {
  it('keeps the words and drops the markup', () => {
    expect(descriptionText('<p>Deep <b>ruby</b>.</p><script>alert(1)</script><p>Long finish.</p>')).toBe(
      'Deep ruby.\n\nLong finish.',
    );
  });
});
