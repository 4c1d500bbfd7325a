import type { LotEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { lotDecider } from './decide.ts';
import { $, bid, close, decided, duringAuction, listed, placed, placedHard } from './fixtures.ts';

/**
 * DOMAIN.md "A lot's bottles are sold once, whichever way" (issue 30 item 1): buy now and the auction
 * decide on the lot's stream against `qty - sold - held`.
 */
const spec = deciderSpec(lotDecider);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** An auction-and-buy-now lot of `quantity` bottles at $100 a bottle by buy now. */
const both = (quantity: number) => listed({ quantity, buyNow: true, buyNowPrice: $(100), openingBid: $(50) });

const reserved = (id: string, qty: number, expiresAt: Date, buyerId = 'eve'): LotEvent => ({
  type: 'StockReserved',
  data: {
    reservationId: id,
    invoiceId: `inv-${id}`,
    buyerId,
    qty,
    unitPrice: $(100),
    expiresAt: expiresAt.toISOString(),
  },
});
const sold = (id: string, qty: number): LotEvent => ({
  type: 'StockSold',
  data: { reservationId: id, invoiceId: `inv-${id}`, qty },
});
const reserve = (id: string, qty: number, now = duringAuction) =>
  ({
    type: 'ReserveStock',
    reservationId: id,
    invoiceId: `inv-${id}`,
    buyerId: 'eve',
    qty,
    now,
    expiresAt: new Date(now.getTime() + 15 * MIN),
  }) as const;
const sell = (id: string, now = duringAuction) =>
  ({ type: 'SellReservation', reservationId: id, invoiceId: `inv-${id}`, now }) as const;
const soon = new Date(duringAuction.getTime() + 15 * MIN);
/** ann's maximum of $60 on the $50 opening bid. */
const annBids60 = placed('ann', { max: 60, at: 50, next: 51 });
/** The auction ended by buy now selling the last bottle, with `losers` its bidders. */
const soldOut = (losers: string[]): LotEvent => ({
  type: 'LotClosed',
  data: {
    outcome: 'sold',
    winnerId: null,
    hammerPrice: null,
    losers,
    bidCount: losers.length,
    reserveMet: losers.length > 0,
    closesAt: duringAuction.toISOString(),
    quantity: 0,
    endedBy: 'sold_out',
  },
});

describe('a lot sold out by buy now', () => {
  it('ends the auction at once when buy now sells the last bottle: sold, no winner, every bidder lost', () => {
    const given = [both(2), annBids60, reserved('r1', 2, soon)];
    spec(given)
      .when(sell('r1'))
      .then([
        sold('r1', 2),
        {
          type: 'LotClosed',
          data: {
            outcome: 'sold',
            winnerId: null,
            hammerPrice: null,
            losers: ['ann'],
            bidCount: 1,
            reserveMet: true,
            closesAt: duringAuction.toISOString(),
            quantity: 0,
            endedBy: 'sold_out',
          },
        },
      ]);
  });

  it('keeps the auction going while a bottle remains', () => {
    spec([both(3), reserved('r1', 2, soon)])
      .when(sell('r1'))
      .then([sold('r1', 2)]);
  });

  it('refuses a bid once every bottle is sold, saying the lot is sold out', () => {
    const given = [both(2), reserved('r1', 2, soon), sold('r1', 2), soldOut([])];
    spec(given)
      .when(bid('ann', 60))
      .thenThrows({ code: 'LOT_SOLD_OUT', message: /sold out/ });
  });

  it('refuses a bid while a checkout holds every bottle left, and takes it once the hold lapsed', () => {
    const given = [both(2), annBids60, reserved('r1', 2, soon)];
    spec(given).when(bid('bob', 100)).thenThrows({ code: 'LOT_SOLD_OUT' });
    const lapsed = new Date(soon.getTime() + MIN);
    const taken = decided(given, bid('bob', 100, { now: lapsed }));
    expect(taken.map((e) => e.type)).toEqual(['ProxyBidPlaced', 'BidPlaced']);
  });

  it('never closes it a second time at its close, and issues no auction sale', () => {
    const given = [both(2), annBids60, reserved('r1', 2, soon), sold('r1', 2), soldOut(['ann'])];
    spec(given).when({ type: 'CloseLot', now: close }).then([]);
  });

  it('says a sold-out lot is sold out to a buyer, not "Max Quantity 0"', () => {
    const given = [both(2), reserved('r1', 2, soon), sold('r1', 2), soldOut([])];
    spec(given).when(reserve('r2', 1)).thenThrows({ code: 'LOT_SOLD_OUT', message: 'This lot is sold out' });
    // A buy-now-only lot stays open when it sells out; it is sold out all the same.
    const only = listed({ auction: false, buyNow: true, buyNowPrice: $(100), quantity: 2 });
    spec([only, reserved('r1', 2, soon), sold('r1', 2)])
      .when(reserve('r2', 1))
      .thenThrows({ code: 'LOT_SOLD_OUT', message: 'This lot is sold out' });
  });
});

describe('an unpaid hold on an auction lot', () => {
  it('cannot outlast the auction close (an offline order to pay in 14 days)', () => {
    const offline = {
      ...reserve('r1', 1),
      expiresAt: new Date(close.getTime() + 1),
    };
    spec([both(2)])
      .when(offline)
      .thenThrows({ code: 'HOLD_PAST_CLOSE' });
    spec([both(2)])
      .when({ ...offline, expiresAt: close })
      .then([reserved('r1', 1, close)]);
  });
});

describe('a checkout on a lot whose auction has bids (seeds 000 §5)', () => {
  it('cannot hold part of what remains, only all of it', () => {
    const given = [both(3), reserved('r0', 1, soon), sold('r0', 1), annBids60];
    spec(given)
      .when(reserve('r1', 1))
      .thenThrows({ code: 'BUY_NOW_QUANTITY', message: 'Minimum Quantity 2' });
    spec(given)
      .when(reserve('r1', 2))
      .then([reserved('r1', 2, soon)]);
  });
});

describe('a lot whose bottles buy now sold or holds', () => {
  it('cannot have its quantity changed to less than those bottles', () => {
    const admin = { kind: 'admin' } as const;
    const given = [both(4), reserved('r0', 2, soon), sold('r0', 2), reserved('r1', 1, soon)];
    spec(given)
      .when({ type: 'UpdateLot', changes: { quantity: 2 }, by: admin, now: duringAuction })
      .thenThrows({ code: 'QUANTITY_BELOW_SOLD', message: /3 bottles already sold or held/ });
    spec(given)
      .when({ type: 'UpdateLot', changes: { quantity: 3 }, by: admin, now: duringAuction })
      .then([{ type: 'LotUpdated', data: { quantity: 3, changed: ['quantity'] } }]);
  });
});

describe('buy now beside an auction that sells what remains', () => {
  it('is judged on the price per bottle the auction still sells (seeds 000 §4.4)', () => {
    // Three bottles, two bought by buy now: the auction's price is for the one left.
    const given = [both(3), reserved('r0', 2, soon), sold('r0', 2)];
    // $110 for one bottle is below $100 + 20%: buy now stays.
    spec([...given, placedHard('ann', 110, 120)])
      .when(reserve('r1', 1))
      .then([reserved('r1', 1, soon)]);
    // $130 for one bottle is not ($43.33 a bottle over three would have been).
    spec([...given, placedHard('ann', 130, 140)])
      .when(reserve('r1', 1))
      .thenThrows({ code: 'BUY_NOW_UNAVAILABLE' });
  });
});

describe('the auction at its close sells what remains', () => {
  const closed = (quantity: number, winner: string | null, hammer: number | null, losers: string[]) =>
    ({
      type: 'LotClosed',
      data: {
        outcome: winner ? 'sold' : 'unsold',
        winnerId: winner,
        hammerPrice: hammer,
        losers,
        bidCount: 1,
        reserveMet: true,
        closesAt: close.toISOString(),
        quantity,
        endedBy: 'close',
      },
    }) as const;

  it('sells the quantity less what buy now sold, at the price', () => {
    const given = [both(3), reserved('r1', 1, soon), sold('r1', 1), annBids60];
    spec(given)
      .when({ type: 'CloseLot', now: close })
      .then([closed(2, 'ann', $(50), [])]);
  });

  it('leaves out the bottles a live checkout holds at the close', () => {
    const offline = new Date(close.getTime() + 14 * DAY);
    const given = [both(3), reserved('r1', 1, offline), annBids60];
    spec(given)
      .when({ type: 'CloseLot', now: close })
      .then([closed(2, 'ann', $(50), [])]);
  });

  it('gives back lapsed holds first, so none of them can be sold after the auction sold their bottles', () => {
    const given = [both(3), reserved('r1', 1, soon), annBids60];
    spec(given)
      .when({ type: 'CloseLot', now: close })
      .then([
        { type: 'ReservationReleased', data: { reservationId: 'r1', reason: 'expired' } },
        closed(3, 'ann', $(50), []),
      ]);
    const done: LotEvent[] = [
      ...given,
      { type: 'ReservationReleased', data: { reservationId: 'r1', reason: 'expired' } },
      closed(3, 'ann', $(50), []),
    ];
    spec(done).when(sell('r1', close)).thenThrows({ code: 'RESERVATION_LAPSED' });
  });

  it('sells nothing at auction when live checkouts hold every bottle left: the bidders lost', () => {
    const offline = new Date(close.getTime() + 14 * DAY);
    const given = [both(2), annBids60, reserved('r1', 2, offline)];
    spec(given)
      .when({ type: 'CloseLot', now: close })
      .then([closed(0, null, null, ['ann'])]);
  });
});
