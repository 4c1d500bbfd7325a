import type { LotDocument } from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { LOTS, lotsProjection } from './project.ts';
import { type LotStock, remainingOf } from './stock.ts';
import { lotView } from './view.ts';

const lotOf = async (docs: DocumentStore) =>
  (await docs.collection<LotDocument & LotStock>(LOTS).findOne({ _id: 's-1' })) as LotDocument & LotStock;
const hold = (reservationId: string, qty: number, expiresAt = '2026-11-22T12:30:00.000Z') => ({
  reservationId,
  invoiceId: `inv-${reservationId}`,
  buyerId: 'ann',
  qty,
  unitPrice: 9_000,
  expiresAt,
});

/** A lot of 6 bottles: checkouts hold 2 (r-1) and 1 (r-2); r-2 is released, r-1 is paid (sold). */
function checkouts() {
  const record = eventRecorder();
  const s = 'lot-s-1';
  return [
    record(s, 'LotListed', listedLot({ lotId: 's-1', quantity: 6, buyNow: true, buyNowPrice: 9_000 })),
    record(s, 'StockReserved', hold('r-1', 2)),
    record(s, 'StockReserved', hold('r-2', 1)),
    record(s, 'ReservationReleased', { reservationId: 'r-2', reason: 'payment_failed' }),
    record(s, 'StockSold', { reservationId: 'r-1', invoiceId: 'inv-r-1', qty: 2 }),
  ];
}

describe('lots projection: stock', () => {
  it('counts what checkouts hold, and gives back a released hold by its own quantity', async () => {
    const events = checkouts();
    const held = await lotOf(await applyEvents([lotsProjection], events.slice(0, 3)));
    expect(held).toMatchObject({ sold: 0, reserved: 3 });
    const released = await lotOf(await applyEvents([lotsProjection], events.slice(0, 4)));
    expect(released).toMatchObject({ sold: 0, reserved: 2 });
  });

  it('moves a paid hold to sold', async () => {
    const lot = await lotOf(await applyEvents([lotsProjection], checkouts()));
    expect(lot).toMatchObject({ qty: 6, sold: 2, reserved: 0, reservations: [] });
  });

  it('is idempotent when the events are delivered twice', async () => {
    const events = checkouts();
    const once = await lotOf(await applyEvents([lotsProjection], events.slice(0, 3)));
    const twice = await lotOf(
      await applyEvents([lotsProjection], [...events.slice(0, 3), ...events.slice(0, 3)]),
    );
    expect(twice).toEqual(once);
    const all = await lotOf(await applyEvents([lotsProjection], [...events, ...events]));
    expect(all).toMatchObject({ sold: 2, reserved: 0 });
  });

  it('leaves what remains: the quantity less sold and live holds, a lapsed hold counting as free', async () => {
    const events = checkouts();
    const lot = await lotOf(await applyEvents([lotsProjection], events.slice(0, 3)));
    expect(remainingOf(lot, new Date('2026-11-22T12:10:00.000Z'))).toBe(3);
    expect(remainingOf(lot, new Date('2026-11-22T12:31:00.000Z'))).toBe(6);
    const sold = await lotOf(await applyEvents([lotsProjection], events));
    expect(remainingOf(sold, new Date('2026-11-22T12:10:00.000Z'))).toBe(4);
  });

  it('keeps the holds out of the lot as anyone sees it', async () => {
    const lot = await lotOf(await applyEvents([lotsProjection], checkouts().slice(0, 3)));
    const view = lotView(lot, new Date('2026-11-22T12:10:00.000Z'), null);
    expect(view).not.toHaveProperty('reservations');
    expect(view).not.toHaveProperty('reserved');
    expect(view.sold).toBe(0);
  });
});
