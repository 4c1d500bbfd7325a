import type { LotEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { buyNowLine } from './buy-now.ts';
import { releaseLapsed, soldOut } from './ending.ts';
import type { Lot } from './lot.ts';

/**
 * The stock commands on a lot's stream (DOMAIN.md "Buy now and cart"): a checkout holds bottles,
 * gives them back, or turns its hold into a sale once paid. The lot stream's expected revision makes
 * every hold see every other, so no two checkouts together take more than the lot holds.
 */
export type StockCommand =
  | {
      type: 'ReserveStock';
      reservationId: string;
      invoiceId: string;
      buyerId: string;
      qty: number;
      now: Date;
      expiresAt: Date;
    }
  | {
      type: 'ReleaseReservation';
      reservationId: string;
      reason: 'checkout_failed' | 'payment_failed' | 'expired';
    }
  | { type: 'SellReservation'; reservationId: string; invoiceId: string; now: Date }
  /** Issue 31: a received return's good bottles back on the stock, once per return. */
  | { type: 'RestockReturn'; returnId: string; invoiceId: string; qty: number };

export function decideStock(command: StockCommand, state: Lot): LotEvent[] {
  if (state.status === 'empty') throw new AppError('LOT_NOT_FOUND');
  switch (command.type) {
    case 'ReserveStock': {
      if (state.holds[command.reservationId] || state.sales[command.reservationId] !== undefined) return [];
      // Holds that lapsed are given back first, so the log says why their bottles are free again.
      const lapsed = releaseLapsed(state, command.now.getTime());
      // Every buy-now rule, against the stock neither sold nor held (buy-now.ts); seeds 000 §5: once
      // the auction has bids, a checkout takes all that remains or nothing.
      const { unitPrice } = buyNowLine(state, command.qty, command.buyerId, command.now);
      // An unpaid hold never outlasts the auction's close: the close must know what it sells, and an
      // order paid later (offline, in 14 days) could otherwise take the lot from its bidders unpaid.
      if (state.lot.auction && command.expiresAt.getTime() > Date.parse(state.lot.closesAt))
        throw new AppError('HOLD_PAST_CLOSE');
      return [
        ...lapsed,
        {
          type: 'StockReserved',
          data: {
            reservationId: command.reservationId,
            invoiceId: command.invoiceId,
            buyerId: command.buyerId,
            qty: command.qty,
            unitPrice,
            expiresAt: command.expiresAt.toISOString(),
          },
        },
      ];
    }
    case 'ReleaseReservation':
      return state.holds[command.reservationId]
        ? [
            {
              type: 'ReservationReleased',
              data: { reservationId: command.reservationId, reason: command.reason },
            },
          ]
        : [];
    case 'SellReservation': {
      if (state.sales[command.reservationId] !== undefined) return [];
      const hold = state.holds[command.reservationId];
      // A hold still on the stream is sold even if it lapsed a moment ago: nobody else took it.
      if (!hold) throw new AppError('RESERVATION_LAPSED');
      return [
        {
          type: 'StockSold',
          data: { reservationId: command.reservationId, invoiceId: command.invoiceId, qty: hold.qty },
        },
        // The last bottle sold by buy now ends the lot's auction in the same append (lots/ending.ts).
        ...soldOut(state, hold.qty, command.now),
      ];
    }
    case 'RestockReturn': {
      if (state.restocked?.[command.returnId] !== undefined || command.qty < 1) return [];
      const { returnId, invoiceId, qty } = command;
      return [{ type: 'StockReturned', data: { returnId, invoiceId, qty } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}
