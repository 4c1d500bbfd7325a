import type { LotEvent } from '@wine/event-schemas';
import { listedLot } from '@wine/platform/testing';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { lotDecider } from './decide.ts';

const spec = deciderSpec(lotDecider);
const NOW = new Date('2026-11-24T10:00:00.000Z');
const MIN = 60_000;
const listed: LotEvent = {
  type: 'LotListed',
  data: listedLot({
    lotId: 'lot-1',
    auction: false,
    buyNow: true,
    buyNowPrice: 5_000,
    quantity: 3,
    discounts: [{ quantity: 2, price: 4_500 }],
    startsAt: '2026-11-01T00:00:00.000Z',
    closesAt: '2026-12-31T00:00:00.000Z',
  }),
};
const reserve = (reservationId: string, qty: number, now = NOW) =>
  ({
    type: 'ReserveStock',
    reservationId,
    invoiceId: `inv-${reservationId}`,
    buyerId: 'ann',
    qty,
    now,
    expiresAt: new Date(now.getTime() + 15 * MIN),
  }) as const;
const reserved = (reservationId: string, qty: number, unitPrice: number, now = NOW): LotEvent => ({
  type: 'StockReserved',
  data: {
    reservationId,
    invoiceId: `inv-${reservationId}`,
    buyerId: 'ann',
    qty,
    unitPrice,
    expiresAt: new Date(now.getTime() + 15 * MIN).toISOString(),
  },
});

describe('stock holds on a lot', () => {
  it('holds bottles at their quantity-discount price', () => {
    spec([listed])
      .when(reserve('r1', 2))
      .then([reserved('r1', 2, 4_500)]);
  });

  it('never holds more than is neither sold nor held', () => {
    spec([listed, reserved('r1', 2, 4_500)])
      .when(reserve('r2', 2))
      .thenThrows({ code: 'BUY_NOW_QUANTITY', message: 'Max Quantity 1' });
    spec([
      listed,
      reserved('r1', 2, 4_500),
      { type: 'StockSold', data: { reservationId: 'r1', invoiceId: 'inv-r1', qty: 2 } },
    ])
      .when(reserve('r2', 2))
      .thenThrows({ code: 'BUY_NOW_QUANTITY' });
  });

  it('counts a lapsed hold as free, and writes down its release first', () => {
    const later = new Date(NOW.getTime() + 16 * MIN);
    spec([listed, reserved('r1', 3, 4_500)])
      .when(reserve('r2', 3, later))
      .then([
        { type: 'ReservationReleased', data: { reservationId: 'r1', reason: 'expired' } },
        reserved('r2', 3, 4_500, later),
      ]);
  });

  it('sells a hold once, and refuses to sell one that was given back', () => {
    const sold: LotEvent = { type: 'StockSold', data: { reservationId: 'r1', invoiceId: 'inv-r1', qty: 2 } };
    const sell = { type: 'SellReservation', reservationId: 'r1', invoiceId: 'inv-r1', now: NOW } as const;
    spec([listed, reserved('r1', 2, 4_500)])
      .when(sell)
      .then([sold]);
    spec([listed, reserved('r1', 2, 4_500), sold])
      .when(sell)
      .then([]);
    spec([
      listed,
      reserved('r1', 2, 4_500),
      { type: 'ReservationReleased', data: { reservationId: 'r1', reason: 'payment_failed' } },
    ])
      .when(sell)
      .thenThrows({ code: 'RESERVATION_LAPSED' });
  });

  it('releases a hold once', () => {
    const release = { type: 'ReleaseReservation', reservationId: 'r1', reason: 'checkout_failed' } as const;
    spec([listed, reserved('r1', 2, 4_500)])
      .when(release)
      .then([{ type: 'ReservationReleased', data: { reservationId: 'r1', reason: 'checkout_failed' } }]);
    spec([listed]).when(release).then([]);
  });

  it('refuses every stock command on a lot that was never listed', () => {
    const commands = [
      reserve('r1', 1),
      { type: 'ReleaseReservation', reservationId: 'r1', reason: 'expired' },
      { type: 'SellReservation', reservationId: 'r1', invoiceId: 'inv-r1', now: NOW },
      { type: 'RestockReturn', returnId: 'ret-1', invoiceId: 'inv-r1', qty: 1 },
    ] as const;
    for (const command of commands) spec([]).when(command).thenThrows({ code: 'LOT_NOT_FOUND' });
  });

  it('records a retried hold once, whether it is still held or already sold', () => {
    spec([listed, reserved('r1', 2, 4_500)])
      .when(reserve('r1', 2))
      .then([]);
    spec([
      listed,
      reserved('r1', 2, 4_500),
      { type: 'StockSold', data: { reservationId: 'r1', invoiceId: 'inv-r1', qty: 2 } },
    ])
      .when(reserve('r1', 2))
      .then([]);
  });
});
