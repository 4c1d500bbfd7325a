import { type LotDocument, remainingStock } from '@wine/contracts';
import type { StockEvent } from '@wine/event-schemas';
import { guardedPipeline } from '../core/guarded.ts';
import type { ProjectedOperation, RecordedOf } from '../core/projection.ts';

/** A checkout's hold on a lot (StockReserved), kept until it is released or sold. */
export type LotReservation = {
  id: string;
  qty: number;
  expires_at: string;
};

/**
 * What the read side keeps on a lot beside LotDocument, never in a view: the holds of checkouts not
 * yet paid or released, and the bottles they hold. Absent on a lot no checkout has touched.
 */
export type LotStock = {
  reserved?: number;
  reservations?: LotReservation[];
};

export const stockEventTypes = [
  'StockReserved',
  'ReservationReleased',
  'StockSold',
  'StockReturned',
] as const;

/** The lot's holds without `reservationId` (a pipeline expression). */
const holdsWithout = (reservationId: string) => ({
  $filter: {
    input: { $ifNull: ['$reservations', []] },
    as: 'hold',
    cond: { $ne: ['$$hold.id', { $literal: reservationId }] },
  },
});

/** `reserved` follows the holds kept, so a release needs no memory of its hold's quantity but the lot's. */
const countReserved = { $set: { reserved: { $sum: '$reservations.qty' } } };

/**
 * DOMAIN.md "Buy now and cart": the holds on a lot's stream. A hold adds its bottles to `reserved`; a
 * release or a sale takes its hold's bottles off (found by its id on the lot); a sale adds its
 * quantity to `sold`. Keyed by reservation id, so a hold seen twice is counted once. `lots` is the
 * lots read model's collection.
 */
export function projectStock(
  lots: string,
  lotId: string,
  event: RecordedOf<StockEvent>,
): ProjectedOperation[] {
  switch (event.type) {
    case 'StockReserved': {
      const hold: LotReservation = {
        id: event.data.reservationId,
        qty: event.data.qty,
        expires_at: event.data.expiresAt,
      };
      return [
        guardedPipeline(lots, lotId, event, [
          { $set: { reservations: { $concatArrays: [holdsWithout(hold.id), [{ $literal: hold }]] } } },
          countReserved,
        ]),
      ];
    }
    case 'ReservationReleased':
      return [
        guardedPipeline(lots, lotId, event, [
          { $set: { reservations: holdsWithout(event.data.reservationId) } },
          countReserved,
        ]),
      ];
    case 'StockSold':
      return [
        guardedPipeline(lots, lotId, event, [
          {
            $set: {
              sold: { $add: [{ $ifNull: ['$sold', 0] }, event.data.qty] },
              reservations: holdsWithout(event.data.reservationId),
            },
          },
          countReserved,
        ]),
      ];
    case 'StockReturned':
      // Issue 31: a return's good bottles can be sold again.
      return [
        guardedPipeline(lots, lotId, event, [
          { $set: { sold: { $max: [0, { $subtract: [{ $ifNull: ['$sold', 0] }, event.data.qty] }] } } },
        ]),
      ];
    default:
      return [];
  }
}

/**
 * What a lot still has to sell at `now`: its quantity less what is sold and what live holds keep. A
 * hold past its expiry counts as free, as the decider counts it (stock-events.ts), even before its
 * release is in the log.
 */
export function remainingOf(lot: LotDocument & LotStock, now: Date): number {
  const held = (lot.reservations ?? [])
    .filter((hold) => Date.parse(hold.expires_at) > now.getTime())
    .reduce((sum, hold) => sum + hold.qty, 0);
  return remainingStock(lot.qty, lot.sold + held);
}
