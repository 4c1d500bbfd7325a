import type { LotEvent } from '@wine/event-schemas';
import { availableAt, type ListedLot, reserveMet } from './lot.ts';

/**
 * How a lot's auction ends (DOMAIN.md "A lot's bottles are sold once, whichever way"): buy now, the
 * auction and every later way of selling decide on the lot's stream against `qty - sold - held`, so
 * the auction sells only what no buyer bought or holds, and a buy-now sale that takes the last bottle
 * ends the auction at once.
 */

/** Holds that lapsed at `now`, given back in the log so it says why their bottles are free again. */
export const releaseLapsed = (state: ListedLot, now: number): LotEvent[] =>
  Object.entries(state.holds)
    .filter(([, hold]) => hold.expiresAt <= now)
    .map(([reservationId]) => ({
      type: 'ReservationReleased',
      data: { reservationId, reason: 'expired' },
    }));

/**
 * The close at the (extended) close time: the leader wins what remains (the quantity less what buy
 * now sold and what live checkouts hold), at the price, if the reserve is met and a bottle remains.
 * Lapsed holds are released first when the auction sells, so no lapsed hold can be sold after it.
 */
export function closeAuction(state: ListedLot, now: Date): LotEvent[] {
  const at = now.getTime();
  const remaining = availableAt(state, at);
  const met = state.leader !== null && reserveMet(state.lot, state.leader.max);
  const winner = met && remaining > 0 ? (state.leader?.bidderId ?? null) : null;
  return [
    ...(winner ? releaseLapsed(state, at) : []),
    {
      type: 'LotClosed',
      data: {
        outcome: winner ? 'sold' : 'unsold',
        winnerId: winner,
        hammerPrice: winner ? state.price : null,
        losers: state.bidders.filter((b) => b !== winner),
        bidCount: state.bidCount,
        reserveMet: met,
        closesAt: state.lot.closesAt,
        quantity: winner ? remaining : 0,
        endedBy: 'close',
      },
    },
  ];
}

/**
 * A buy-now sale of `qty` bottles that leaves none: on an open auction it ends the auction now. The lot
 * is sold (by buy now), nobody wins it at auction (no auction invoice), and every bidder lost.
 */
export function soldOut(state: ListedLot, qty: number, now: Date): LotEvent[] {
  if (state.status !== 'open' || !state.lot.auction) return [];
  if (state.lot.quantity - state.sold - qty > 0) return [];
  return [
    {
      type: 'LotClosed',
      data: {
        outcome: 'sold',
        winnerId: null,
        hammerPrice: null,
        losers: state.bidders,
        bidCount: state.bidCount,
        reserveMet: state.leader !== null && reserveMet(state.lot, state.leader.max),
        closesAt: now.toISOString(),
        quantity: 0,
        endedBy: 'sold_out',
      },
    },
  ];
}
