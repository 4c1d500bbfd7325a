import type { LotEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { type LotCommand, lotDecider } from './decide.ts';
import { bidsSeen, bookOf } from './decide-cancel.ts';
import {
  $,
  annLeads,
  closedUnsold,
  decided,
  duringAuction,
  listed,
  placed,
  proxy,
  proxyAnswer,
} from './fixtures.ts';

const spec = deciderSpec(lotDecider);

/**
 * ann's maximum $500 opens at $100; bob's $300 is answered for ann at $320; cat's $600 spends ann's
 * maximum ($500 for ann) and leads at $520.
 */
const threeBidders: LotEvent[] = [
  listed(),
  annLeads(500),
  placed('bob', { max: 300, at: 300, next: 340, leads: false }),
  proxyAnswer('b-bob-300', 'ann', { max: 500, at: 320, next: 340 }),
  proxyAnswer('b-cat-600', 'ann', { max: 500, at: 500, next: 520 }),
  placed('cat', { max: 600, at: 520, next: 540, outbidUserId: 'ann' }),
];

/** A cancel as the route sends it: the book read from `given` and where its bids stood. */
const cancel = (
  given: LotEvent[],
  over: Partial<Extract<LotCommand, { type: 'CancelBids' }>> = {},
): LotCommand => ({
  type: 'CancelBids',
  book: bookOf(given),
  seen: bidsSeen(given.reduce(lotDecider.evolve, lotDecider.initialState())),
  bidId: null,
  bidderId: 'cat',
  reason: 'Shill bidding',
  extendMinutes: 0,
  reopen: false,
  rules: proxy,
  now: duringAuction,
  ...over,
});

const award = (over: Partial<Extract<LotCommand, { type: 'AwardLot' }>> = {}): LotCommand => ({
  type: 'AwardLot',
  buyerId: 'dan',
  price: $(600),
  reason: '',
  confirm: false,
  sellerId: null,
  now: duringAuction,
  ...over,
});

describe('lot decider: the house cancels bids (issue 33)', () => {
  it('runs the ladder again without them: the price and leader the remaining maxima give', () => {
    const [event] = decided(threeBidders, cancel(threeBidders));
    expect(event).toMatchObject({
      type: 'BidsCancelled',
      data: {
        bidIds: ['b-cat-600'],
        bidderId: 'cat',
        reason: 'Shill bidding',
        before: { price: $(520), leaderId: 'cat' },
        // bob's $300 against ann's $500: ann leads at min(500, 300 + 20).
        after: { price: $(320), leaderId: 'ann', leaderMax: $(500), nextBid: $(340), reserveMet: true },
        closesAt: null,
        reopened: false,
      },
    });
    if (event?.type !== 'BidsCancelled') throw new Error('cancelled');
    expect(event.data.rows.map((r) => [r.bidderId, r.amount / 100, r.proxy, r.leads])).toEqual([
      ['ann', 100, false, true],
      ['bob', 300, false, false],
      ['ann', 320, true, true],
    ]);
  });

  it('asks for the book again when a bid landed after it was read', () => {
    const stale = cancel(threeBidders);
    spec([...threeBidders, placed('dan', { max: 700, at: 550, next: 600, outbidUserId: 'cat' })])
      .when(stale)
      .thenThrows({ code: 'BIDS_CHANGED' });
  });

  it('leaves the lot where the ladder puts it: a next bid below the cancelled one is taken', () => {
    const given = [...threeBidders, ...decided(threeBidders, cancel(threeBidders))];
    const state = given.reduce(lotDecider.evolve, lotDecider.initialState());
    if (state.status !== 'open') throw new Error('open');
    expect({
      price: state.price,
      nextBid: state.nextBid,
      leader: state.leader,
      bidCount: state.bidCount,
    }).toEqual({
      price: $(320),
      nextBid: $(340),
      leader: { bidderId: 'ann', max: $(500) },
      bidCount: 3,
    });
    expect(state.bidders).toEqual(['ann', 'bob']);
    const [bid] = decided(given, {
      type: 'PlaceBid',
      bidId: 'b-dan-340',
      bidderId: 'dan',
      amount: $(340),
      hasCard: true,
      now: duringAuction,
      rules: proxy,
    });
    expect(bid).toMatchObject({ type: 'BidPlaced', data: { amount: $(340), leads: false } });
  });

  it('cancels one bid by its id, the bidder’s other bids staying (the raise to $700 now bids on its own)', () => {
    const given = [
      ...threeBidders,
      {
        type: 'MaxBidRaised',
        data: { bidId: 'b-cat-700', bidderId: 'cat', maxAmount: $(700), previousMax: $(600) },
      } as LotEvent,
    ];
    const [event] = decided(given, cancel(given, { bidId: 'b-cat-600', bidderId: null }));
    expect(event).toMatchObject({
      type: 'BidsCancelled',
      data: { bidIds: ['b-cat-600'], after: { leaderId: 'cat', leaderMax: $(700), price: $(550) } },
    });
  });

  it('moves the close when asked, never earlier; refuses an unknown bid', () => {
    const [later] = decided(threeBidders, cancel(threeBidders, { extendMinutes: 60 * 24 * 3 }));
    expect(later).toMatchObject({
      data: { closesAt: new Date(duringAuction.getTime() + 3 * 86_400_000).toISOString() },
    });
    const [same] = decided(threeBidders, cancel(threeBidders, { extendMinutes: 5 }));
    expect(same).toMatchObject({ data: { closesAt: null } });
    spec(threeBidders)
      .when(cancel(threeBidders, { bidderId: 'zoe' }))
      .thenThrows({ code: 'BID_NOT_FOUND' });
  });

  it('reopens a lot that closed unsold only when the admin says so, for the minutes given', () => {
    const given = [listed({ reserve: $(1000) }), annLeads(500, { reserveMet: false }), closedUnsold];
    spec(given)
      .when(cancel(given, { bidderId: 'ann' }))
      .thenThrows({ code: 'BID_CANCEL_CLOSED' });
    spec(given)
      .when(cancel(given, { bidderId: 'ann', reopen: true }))
      .thenThrows({ code: 'REOPEN_NEEDS_TIME' });
    const [event] = decided(given, cancel(given, { bidderId: 'ann', reopen: true, extendMinutes: 30 }));
    expect(event).toMatchObject({
      data: {
        reopened: true,
        closesAt: new Date(duringAuction.getTime() + 30 * 60_000).toISOString(),
        after: { price: $(100), leaderId: null, nextBid: $(100) },
        rows: [],
      },
    });
    const state = [...given, event as LotEvent].reduce(lotDecider.evolve, lotDecider.initialState());
    expect(state.status).toBe('open');
  });

  it('never cancels the bids of a sold lot (its invoice stands)', () => {
    const sold: LotEvent = {
      type: 'LotClosed',
      data: {
        outcome: 'sold',
        winnerId: 'ann',
        hammerPrice: $(100),
        losers: [],
        bidCount: 1,
        reserveMet: true,
        closesAt: duringAuction.toISOString(),
      },
    };
    const given = [listed(), annLeads(500), sold];
    spec(given)
      .when(cancel(given, { bidderId: 'ann', reopen: true, extendMinutes: 30 }))
      .thenThrows({ code: 'BID_CANCEL_SOLD' });
  });
});

describe('lot decider: manual award (issue 33)', () => {
  it('sells to the chosen buyer at the price: awarded, then closed sold as a close is', () => {
    spec([listed(), annLeads(500)])
      .when(award({ price: $(600) }))
      .then([
        {
          type: 'LotAwarded',
          data: { buyerId: 'dan', price: $(600), reason: '', belowBid: false, belowReserve: false },
        },
        {
          type: 'LotClosed',
          data: {
            outcome: 'sold',
            winnerId: 'dan',
            hammerPrice: $(600),
            losers: ['ann'],
            bidCount: 1,
            reserveMet: true,
            closesAt: duringAuction.toISOString(),
            quantity: 1,
            endedBy: 'award',
          },
        },
      ]);
  });

  it('refuses a price below the standing online maximum or the reserve unless confirmed with a reason', () => {
    spec([listed(), annLeads(500)])
      .when(award({ price: $(400) }))
      .thenThrows({ code: 'AWARD_BELOW_BID' });
    spec([listed(), annLeads(500)])
      .when(award({ price: $(400), confirm: true }))
      .thenThrows({ code: 'AWARD_NEEDS_REASON' });
    const [awarded] = decided(
      [listed(), annLeads(500)],
      award({ price: $(400), confirm: true, reason: 'Private sale agreed' }),
    );
    expect(awarded).toMatchObject({ data: { belowBid: true, reason: 'Private sale agreed' } });
    spec([listed({ reserve: $(1000) })])
      .when(award({ price: $(900) }))
      .thenThrows({ code: 'AWARD_BELOW_RESERVE' });
    // The leader may be awarded at less than their own maximum.
    const [toLeader] = decided([listed(), annLeads(500)], award({ buyerId: 'ann', price: $(100) }));
    expect(toLeader).toMatchObject({ data: { belowBid: false } });
  });

  it('awards an unsold lot, never a sold one, never to its seller, and a seller only their own', () => {
    const [unsold] = decided([listed(), closedUnsold], award());
    expect(unsold?.type).toBe('LotAwarded');
    const sold = [listed(), ...decided([listed()], award())];
    spec(sold)
      .when(award({ buyerId: 'eve' }))
      .thenThrows({ code: 'LOT_ALREADY_SOLD' });
    spec([listed()])
      .when(award({ buyerId: 'seller' }))
      .thenThrows({ code: 'OWN_LOT' });
    spec([listed()])
      .when(award({ sellerId: 'another-seller' }))
      .thenThrows({ code: 'NOT_YOUR_LOT' });
    const [own] = decided([listed()], award({ sellerId: 'seller' }));
    expect(own?.type).toBe('LotAwarded');
  });
});
