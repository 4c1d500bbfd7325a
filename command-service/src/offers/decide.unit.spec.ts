import type { LotEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../core/decider.ts';
import { deciderSpec } from '../core/decider-spec.ts';
import { type LotCommand, lotDecider } from '../lots/decide.ts';
import { $, annLeads, closedUnsold, duringAuction, listed } from '../lots/fixtures.ts';
import type { OfferActor } from './decide.ts';

/** Issue 36: offers on the lot's stream, given/when/then through the lot's own decider. */
const spec = deciderSpec(lotDecider);
const now = duringAuction;
const later = (hours: number) => new Date(now.getTime() + hours * 3600_000);
const expiresAt = later(48);
const payBy = later(24 * 7);

/** A buy-now-only lot of `quantity` bottles at $100, sold by `sam`. */
const fixedPrice = (quantity = 3, over: Parameters<typeof listed>[0] = {}) =>
  listed({ sellerId: 'sam', auction: false, buyNow: true, buyNowPrice: $(100), quantity, ...over });

const sale = (offerId: string) => ({ reservationId: `H-${offerId}`, invoiceId: `O-${offerId}`, payBy });
const make = (offerId: string, buyerId: string, dollars: number, qty = 1): LotCommand => ({
  type: 'MakeOffer',
  offerId,
  buyerId,
  qty,
  price: $(dollars),
  now,
  expiresAt,
  sale: sale(offerId),
});
const made = (
  offerId: string,
  buyerId: string,
  dollars: number,
  qty = 1,
  asking: number | null = $(100),
): LotEvent => ({
  type: 'OfferMade',
  data: { offerId, buyerId, qty, price: $(dollars), expiresAt: expiresAt.toISOString(), asking },
});
const seller: OfferActor = { side: 'seller', id: 'sam', admin: false };
const admin: OfferActor = { side: 'seller', id: 'ada', admin: true };
const buyer = (id: string): OfferActor => ({ side: 'buyer', id, admin: false });
const counter = (offerId: string, by: OfferActor, dollars: number, qty = 1): LotCommand => ({
  type: 'CounterOffer',
  offerId,
  by,
  price: $(dollars),
  qty,
  now,
  expiresAt,
  maxCounters: 3,
});
const countered = (offerId: string, by: OfferActor, dollars: number, qty = 1): LotEvent => ({
  type: 'OfferCountered',
  data: { offerId, by: by.side, actorId: by.id, price: $(dollars), qty, expiresAt: expiresAt.toISOString() },
});
const accept = (offerId: string, by: OfferActor, at = now): LotCommand => ({
  type: 'AcceptOffer',
  offerId,
  by,
  now: at,
  sale: sale(offerId),
});
const acceptedAs = (
  offerId: string,
  by: OfferActor,
  buyerId: string,
  dollars: number,
  qty = 1,
): LotEvent[] => [
  {
    type: 'OfferAccepted',
    data: {
      offerId,
      by: by.side,
      actorId: by.id,
      price: $(dollars),
      qty,
      reservationId: `H-${offerId}`,
      invoiceId: `O-${offerId}`,
    },
  },
  {
    type: 'StockReserved',
    data: {
      reservationId: `H-${offerId}`,
      invoiceId: `O-${offerId}`,
      buyerId,
      qty,
      unitPrice: $(dollars),
      expiresAt: payBy.toISOString(),
    },
  },
];
const soldOut = (offerId: string): LotEvent => ({
  type: 'OfferDeclined',
  data: { offerId, by: 'house', actorId: 'house', reason: 'sold_out', note: '' },
});

describe('offers on a lot (issue 36)', () => {
  it('takes an offer on a fixed-price lot, holding nothing; the same offer again writes nothing', () => {
    spec([fixedPrice()])
      .when(make('o1', 'ann', 80))
      .then([made('o1', 'ann', 80)]);
    spec([fixedPrice(), made('o1', 'ann', 80)])
      .when(make('o1', 'ann', 80))
      .then([]);
  });

  it('refuses offers where the lot takes none, on one’s own lot, and at a price that is not whole cents', () => {
    spec([listed({ sellerId: 'sam' })])
      .when(make('o1', 'ann', 80))
      .thenThrows({ code: 'OFFERS_NOT_TAKEN' });
    spec([fixedPrice()])
      .when(make('o1', 'sam', 80))
      .thenThrows({ code: 'OWN_LOT' });
    for (const price of [0, -100, 12.5, Number.NaN]) {
      spec([fixedPrice()])
        .when({ ...(make('o1', 'ann', 80) as Extract<LotCommand, { type: 'MakeOffer' }>), price })
        .thenThrows({ code: 'OFFER_PRICE' });
    }
    spec([fixedPrice(2)])
      .when(make('o1', 'ann', 80, 3))
      .thenThrows({ code: 'OFFER_QUANTITY' });
  });

  it('takes an offer on an auction lot once it closed unsold', () => {
    const auction = listed({ sellerId: 'sam' });
    const closed = lotDecider.decide({ type: 'CloseLot', now: later(24 * 30) }, fold(lotDecider, [auction]));
    expect(closed.map((e) => e.type)).toEqual(['LotClosed']);
    expect(closed[0]?.data).toMatchObject({ outcome: 'unsold' });
    spec([auction])
      .when(make('o1', 'ann', 80))
      .thenThrows({ code: 'OFFERS_NOT_TAKEN' });
    spec([auction, ...closed])
      .when(make('o1', 'ann', 80))
      .then([made('o1', 'ann', 80, 1, auction.type === 'LotListed' ? auction.data.buyNowPrice : null)]);
  });

  it('replaces a buyer’s open offer with their new one', () => {
    spec([fixedPrice(), made('o1', 'ann', 80)])
      .when(make('o2', 'ann', 85))
      .then([{ type: 'OfferWithdrawn', data: { offerId: 'o1', reason: 'replaced' } }, made('o2', 'ann', 85)]);
  });

  it('answers in turn: the seller counters, the buyer accepts, and the bottles are held for the invoice', () => {
    const given = [fixedPrice(), made('o1', 'ann', 80)];
    spec(given)
      .when(counter('o1', seller, 90))
      .then([countered('o1', seller, 90)]);
    // Not the buyer's turn before the counter; not the seller's after it.
    spec(given)
      .when(accept('o1', buyer('ann')))
      .thenThrows({ code: 'OFFER_NOT_YOUR_TURN' });
    const afterCounter = [...given, countered('o1', seller, 90)];
    spec(afterCounter).when(accept('o1', seller)).thenThrows({ code: 'OFFER_NOT_YOUR_TURN' });
    spec(afterCounter)
      .when(accept('o1', buyer('ann')))
      .then(acceptedAs('o1', buyer('ann'), 'ann', 90));
    // Accepted once: the same sale again writes nothing; anything else finds it closed.
    const done = [...afterCounter, ...acceptedAs('o1', buyer('ann'), 'ann', 90)];
    spec(done)
      .when(accept('o1', buyer('ann')))
      .then([]);
    spec(done)
      .when(counter('o1', buyer('ann'), 85))
      .thenThrows({ code: 'OFFER_CLOSED' });
  });

  it('lets only the lot’s seller or an admin answer for the house, never on their own offer, and only its buyer for the buyer', () => {
    const given = [fixedPrice(), made('o1', 'ann', 80)];
    spec(given)
      .when(accept('o1', { side: 'seller', id: 'mallory', admin: false }))
      .thenThrows({ code: 'OFFER_NOT_FOUND' });
    spec(given)
      .when(accept('o1', admin))
      .then(acceptedAs('o1', admin, 'ann', 80));
    const adminsOwn = [fixedPrice(), made('o1', 'ada', 80)];
    spec(adminsOwn).when(accept('o1', admin)).thenThrows({ code: 'OWN_LOT' });
    const countered_ = [...given, countered('o1', seller, 90)];
    spec(countered_)
      .when(accept('o1', buyer('bob')))
      .thenThrows({ code: 'OFFER_NOT_FOUND' });
  });

  it('limits the counters, and refuses answers once the offer expired; the expiry is written once', () => {
    let given: LotEvent[] = [fixedPrice(), made('o1', 'ann', 80)];
    given = [
      ...given,
      countered('o1', seller, 95),
      countered('o1', buyer('ann'), 85),
      countered('o1', seller, 90),
    ];
    spec(given)
      .when(counter('o1', buyer('ann'), 88))
      .thenThrows({ code: 'OFFER_ROUNDS' });
    spec(given)
      .when(accept('o1', buyer('ann'), later(49)))
      .thenThrows({ code: 'OFFER_EXPIRED' });
    spec(given)
      .when({ type: 'ExpireOffer', offerId: 'o1', now: later(47) })
      .then([]);
    spec(given)
      .when({ type: 'ExpireOffer', offerId: 'o1', now: later(48) })
      .then([{ type: 'OfferExpired', data: { offerId: 'o1' } }]);
    spec([...given, { type: 'OfferExpired', data: { offerId: 'o1' } }])
      .when({ type: 'ExpireOffer', offerId: 'o1', now: later(49) })
      .then([]);
  });

  it('sells the last bottle once: the second accept is refused, and the house declines what no longer fits', () => {
    const given = [fixedPrice(1), made('o1', 'ann', 80), made('o2', 'bob', 85), made('o3', 'cat', 70)];
    const first = acceptedAs('o2', seller, 'bob', 85);
    spec(given)
      .when(accept('o2', seller))
      .then([...first, soldOut('o1'), soldOut('o3')]);
    // Decided against the state before the first accept, a second one would sell it again: the
    // stream's expected revision makes it see the first (the int test runs the race itself).
    spec([...given, ...first])
      .when(accept('o1', seller))
      .thenThrows({ code: 'OFFER_QUANTITY' });
  });

  it('answers at once at the lot’s hidden prices: accepted at or above, declined below', () => {
    const rules = fixedPrice(2, { offerRules: { autoAccept: $(95), autoDecline: $(60) } });
    spec([rules])
      .when(make('o1', 'ann', 95))
      .then([
        made('o1', 'ann', 95),
        ...acceptedAs('o1', { side: 'seller', id: 'house', admin: false }, 'ann', 95),
      ]);
    spec([rules])
      .when(make('o1', 'ann', 59))
      .then([
        made('o1', 'ann', 59),
        {
          type: 'OfferDeclined',
          data: { offerId: 'o1', by: 'house', actorId: 'house', reason: 'auto_declined', note: '' },
        },
      ]);
    spec([rules])
      .when(make('o1', 'ann', 80))
      .then([made('o1', 'ann', 80)]);
  });

  it('declines with a reason from the list, and lets the buyer withdraw their own open offer only', () => {
    const given = [fixedPrice(), made('o1', 'ann', 80)];
    spec(given)
      .when({
        type: 'DeclineOffer',
        offerId: 'o1',
        by: seller,
        reason: 'price_too_low',
        note: 'Try $95',
        now,
      })
      .then([
        {
          type: 'OfferDeclined',
          data: { offerId: 'o1', by: 'seller', actorId: 'sam', reason: 'price_too_low', note: 'Try $95' },
        },
      ]);
    spec(given)
      .when({ type: 'WithdrawOffer', offerId: 'o1', buyerId: 'bob' })
      .thenThrows({ code: 'OFFER_NOT_FOUND' });
    spec(given)
      .when({ type: 'WithdrawOffer', offerId: 'o1', buyerId: 'ann' })
      .then([{ type: 'OfferWithdrawn', data: { offerId: 'o1', reason: 'withdrawn' } }]);
  });

  describe('the second chance (issue 36 §4)', () => {
    const reserved = listed({ sellerId: 'sam', reserve: $(300), quantity: 1 });
    const chance = (
      offerId: string,
      by: OfferActor | { side: 'house' },
      price: number | null,
    ): LotCommand => ({
      type: 'OfferSecondChance',
      offerId,
      by,
      price,
      now: later(24 * 30),
      expiresAt,
    });
    const offered = (offerId: string, dollars: number, actorId: string): LotEvent => ({
      type: 'OfferMade',
      data: {
        offerId,
        buyerId: 'ann',
        qty: 1,
        price: $(dollars),
        expiresAt: expiresAt.toISOString(),
        kind: 'second_chance',
        actorId,
        asking: $(300),
      },
    });

    it('offers the lot to its top bidder at the reserve, whose turn it is to answer', () => {
      spec([reserved, annLeads(200), closedUnsold])
        .when(chance('sc1', { side: 'house' }, null))
        .then([offered('sc1', 300, 'house')]);
      spec([reserved, annLeads(200), closedUnsold, offered('sc1', 300, 'house')])
        .when(accept('sc1', seller))
        .thenThrows({ code: 'OFFER_NOT_YOUR_TURN' });
    });

    it('lets the seller name their own price, replacing the open one; nobody else may', () => {
      spec([reserved, annLeads(200), closedUnsold, offered('sc1', 300, 'house')])
        .when(chance('sc2', seller, $(250)))
        .then([
          { type: 'OfferWithdrawn', data: { offerId: 'sc1', reason: 'replaced' } },
          offered('sc2', 250, 'sam'),
        ]);
      spec([reserved, annLeads(200), closedUnsold])
        .when(chance('sc2', { side: 'seller', id: 'someone', admin: false }, $(250)))
        .thenThrows({ code: 'LOT_NOT_FOUND' });
    });

    it('has nobody to offer to without bids, on an open lot, or when no reserve stood in the way', () => {
      spec([reserved, closedUnsold])
        .when(chance('sc1', { side: 'house' }, null))
        .thenThrows({ code: 'SECOND_CHANCE_NONE' });
      spec([reserved, annLeads(200)])
        .when(chance('sc1', { side: 'house' }, null))
        .thenThrows({ code: 'SECOND_CHANCE_NONE' });
      spec([listed({ sellerId: 'sam', reserve: null }), closedUnsold])
        .when(chance('sc1', { side: 'house' }, null))
        .thenThrows({ code: 'SECOND_CHANCE_NONE' });
    });
  });
});
