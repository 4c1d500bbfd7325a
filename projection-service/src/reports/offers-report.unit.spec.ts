import { describe, expect, it } from 'vitest';
import { eventRecorder } from '../core/testing.ts';
import { computeReport } from './books.ts';
import { ledgerRowsOf } from './ledger.ts';
import { reportWindow } from './window.ts';

// eventRecorder: the n-th event happens at 2026-11-22T12:00Z + n minutes.
const at = (n: number) => new Date(Date.parse('2026-11-22T12:00:00.000Z') + n * 60_000).toISOString();
const window = (asOf: string) =>
  reportWindow({ from: '2026-11-01', to: '2026-11-30', asOf }, new Date('2026-12-01T00:00:00Z'));
const expires = '2026-11-24T12:00:00.000Z';

/** Four offers on a $100 lot: accepted after a counter, declined, expired, and one still open. */
function offersLog() {
  const record = eventRecorder();
  const made = (offerId: string, buyerId: string, price: number, qty: number) =>
    record('lot-l1', 'OfferMade', { offerId, buyerId, qty, price, expiresAt: expires, asking: 10_000 });
  return [
    made('o-1', 'ann', 8_000, 2), // 1
    made('o-2', 'bob', 5_000, 1), // 2
    made('o-3', 'cat', 7_000, 1), // 3
    record('lot-l1', 'OfferCountered', {
      offerId: 'o-1',
      by: 'seller',
      actorId: 'sam',
      price: 9_000,
      qty: 2,
      expiresAt: expires,
    }), // 4
    record('lot-l1', 'OfferDeclined', {
      offerId: 'o-2',
      by: 'seller',
      actorId: 'sam',
      reason: 'price_too_low',
      note: '',
    }), // 5
    record('lot-l1', 'OfferAccepted', {
      offerId: 'o-1',
      by: 'buyer',
      actorId: 'ann',
      price: 9_000,
      qty: 2,
      reservationId: 'h-1',
      invoiceId: 'inv-o1',
    }), // 6
    record('lot-l1', 'OfferExpired', { offerId: 'o-3' }), // 7
    made('o-4', 'dee', 9_500, 1), // 8
    // Not an offer: makes no row.
    record('lot-l1', 'LotWithdrawn', { reason: 'x', by: 'admin' }), // 9
  ];
}

describe('the offers report (issue 36 §7)', () => {
  const rows = offersLog().flatMap(ledgerRowsOf);

  it('counts offers made, accepted, declined and expired, and the gap between asking and accepted', () => {
    const { records, totals } = computeReport('getOffers', rows, window(at(60)));
    expect(records.map((r) => [r.offer_id, r.status, r.accepted, r.gap, r.gap_percent])).toEqual([
      ['o-1', 'accepted', 18_000, 2_000, 10],
      ['o-2', 'declined', 0, 0, 0],
      ['o-3', 'expired', 0, 0, 0],
      ['o-4', 'open', 0, 0, 0],
    ]);
    expect(records[0]).toMatchObject({
      made_at: at(1),
      asking: 20_000,
      offered: 16_000,
      qty: 2,
      buyer_id: 'ann',
    });
    expect(totals).toMatchObject({
      made: 4,
      accepted_count: 1,
      declined: 1,
      expired: 1,
      gap: 2_000,
      accepted: 18_000,
    });
  });

  it('reads as the books stood at an earlier instant: before the acceptance, the offer was open', () => {
    const { records, totals } = computeReport('getOffers', rows, window(at(5)));
    expect(records.map((r) => [r.offer_id, r.status])).toEqual([
      ['o-1', 'open'],
      ['o-2', 'declined'],
      ['o-3', 'open'],
    ]);
    expect(totals).toMatchObject({ made: 3, accepted_count: 0, gap: 0 });
  });

  it('leaves out offers made outside the range', () => {
    const november = reportWindow(
      { from: '2026-11-23', to: '2026-11-30', asOf: at(60) },
      new Date('2026-12-01T00:00:00Z'),
    );
    expect(computeReport('getOffers', rows, november).records).toEqual([]);
  });
});
