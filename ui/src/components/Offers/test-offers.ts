import type { OfferPage, OfferView } from '@wine/contracts';

/**
 * An offer as the offer lists answer it (for the specs): 6 bottles of lot-7 at $80.00, asked $90.00,
 * countered by the seller and waiting for the buyer until 2030-01-10 12:00 UTC.
 */
export function anOffer(overrides: Partial<OfferView> = {}): OfferView {
  return {
    id: 'offer-1',
    product_id: 'lot-7',
    title: '2015 Château Margaux',
    image: null,
    kind: 'offer',
    status: 'countered',
    turn: 'buyer',
    qty: 6,
    price: 8_000,
    offered_price: 7_000,
    asking_price: 9_000,
    counters: 1,
    max_counters: 3,
    made_at: '2030-01-08T12:00:00.000Z',
    updated_at: '2030-01-09T10:00:00.000Z',
    expires_at: '2030-01-10T12:00:00.000Z',
    reason: null,
    invoice_id: null,
    paid: false,
    history: [
      { at: '2030-01-08T12:00:00.000Z', by: 'buyer', action: 'made', price: 7_000, qty: 6, reason: null },
      {
        at: '2030-01-09T10:00:00.000Z',
        by: 'seller',
        action: 'countered',
        price: 8_000,
        qty: 6,
        reason: null,
      },
    ],
    buyer_name: null,
    buyer_email: null,
    seller_id: null,
    ...overrides,
  };
}

/** A page of offers, all of them on one page. */
export const pageOf = (records: OfferView[]): OfferPage => ({
  records,
  totalRecords: records.length,
  setDisp: records.length,
});
