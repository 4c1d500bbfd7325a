import { defaultBidIncrements } from '@wine/contracts';
import type { LotEvent, LotListedData } from '@wine/event-schemas';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { type BiddingRules, type LotCommand, lotDecider } from './decide.ts';

const $ = (dollars: number) => Math.round(dollars * 100);
const start = new Date('2026-11-20T12:00:00.000Z');
const close = new Date('2026-11-27T18:00:00.000Z');
const duringAuction = new Date('2026-11-25T12:00:00.000Z');
const minutesBeforeClose = (m: number) => new Date(close.getTime() - m * 60_000);

const lot = (over: Partial<LotListedData> = {}): LotListedData =>
  listedLot({ startsAt: start.toISOString(), closesAt: close.toISOString(), ...over });
const listed = (over: Partial<LotListedData> = {}): LotEvent => ({ type: 'LotListed', data: lot(over) });

const proxy: BiddingRules = {
  increments: defaultBidIncrements,
  proxy: true,
  softCloseWindowMinutes: 5,
  softCloseExtendMinutes: 5,
};
const hard: BiddingRules = { ...proxy, proxy: false };

const bid = (
  bidderId: string,
  dollars: number,
  over: Partial<Extract<LotCommand, { type: 'PlaceBid' }>> = {},
): LotCommand => ({
  type: 'PlaceBid',
  bidId: `b-${bidderId}-${dollars}`,
  bidderId,
  amount: $(dollars),
  hasCard: true,
  now: duringAuction,
  rules: proxy,
  ...over,
});

/** The events an accepted command appends (the spec decides; this folds them into the next given). */
const after = (given: LotEvent[], command: LotCommand) => [
  ...given,
  ...lotDecider.decide(command, given.reduce(lotDecider.evolve, lotDecider.initialState())),
];

const spec = deciderSpec(lotDecider);

describe('lot decider: proxy bidding (DOMAIN.md "Bids")', () => {
  it('opens at the opening bid whatever the first maximum', () => {
    spec([listed()])
      .when(bid('ann', 500))
      .then([
        {
          type: 'BidPlaced',
          data: {
            bidId: 'b-ann-500',
            bidderId: 'ann',
            amount: $(100),
            maxAmount: $(500),
            leads: true,
            outbidUserId: null,
            nextBid: $(110),
            reserveMet: true,
            biddingType: 'proxy',
          },
        },
      ]);
  });

  it('keeps the leader when a lower maximum comes in, answering at that maximum plus its increment', () => {
    const given = after([listed()], bid('ann', 500));
    spec(given)
      .when(bid('bob', 300))
      .then([
        {
          type: 'BidPlaced',
          data: {
            bidId: 'b-bob-300',
            bidderId: 'bob',
            amount: $(300),
            maxAmount: $(300),
            leads: false,
            outbidUserId: null,
            nextBid: $(320),
            reserveMet: true,
            biddingType: 'proxy',
          },
        },
        {
          type: 'ProxyBidPlaced',
          data: {
            bidId: 'b-bob-300-proxy',
            bidderId: 'ann',
            amount: $(320),
            maxAmount: $(500),
            leads: true,
            outbidUserId: null,
            nextBid: $(340),
            reserveMet: true,
            reason: 'proxy',
            answersBidId: 'b-bob-300',
          },
        },
      ]);
  });

  it('caps the answer at the leader’s maximum', () => {
    const given = after([listed()], bid('ann', 305));
    spec(given)
      .when(bid('bob', 300))
      .then([
        expect.objectContaining({ type: 'BidPlaced' }) as never,
        {
          type: 'ProxyBidPlaced',
          data: expect.objectContaining({ bidderId: 'ann', amount: $(305), leads: true }) as never,
        },
      ]);
  });

  it('gives the lead to the earlier bidder on equal maximums', () => {
    const given = after([listed()], bid('ann', 400));
    spec(given)
      .when(bid('bob', 400))
      .then([
        {
          type: 'BidPlaced',
          data: expect.objectContaining({ bidderId: 'bob', amount: $(400), leads: false }) as never,
        },
        {
          type: 'ProxyBidPlaced',
          data: expect.objectContaining({ bidderId: 'ann', amount: $(400), leads: true }) as never,
        },
      ]);
  });

  it('lets a higher maximum lead at the old maximum plus its increment, spending the old maximum first', () => {
    const given = after([listed()], bid('ann', 400));
    spec(given)
      .when(bid('bob', 1000))
      .then([
        {
          type: 'ProxyBidPlaced',
          data: {
            bidId: 'b-bob-1000-proxy',
            bidderId: 'ann',
            amount: $(400),
            maxAmount: $(400),
            leads: true,
            outbidUserId: null,
            nextBid: $(420),
            reserveMet: true,
            reason: 'proxy',
            answersBidId: 'b-bob-1000',
          },
        },
        {
          type: 'BidPlaced',
          data: {
            bidId: 'b-bob-1000',
            bidderId: 'bob',
            amount: $(420),
            maxAmount: $(1000),
            leads: true,
            outbidUserId: 'ann',
            nextBid: $(440),
            reserveMet: true,
            biddingType: 'proxy',
          },
        },
      ]);
  });

  it('leads at the newcomer’s maximum when it is below the old maximum plus the increment', () => {
    const given = after([listed()], bid('ann', 400));
    spec(given)
      .when(bid('bob', 410))
      .then([
        expect.objectContaining({ type: 'ProxyBidPlaced' }) as never,
        {
          type: 'BidPlaced',
          data: expect.objectContaining({
            bidderId: 'bob',
            amount: $(410),
            leads: true,
            outbidUserId: 'ann',
          }) as never,
        },
      ]);
  });

  it('lets the leader raise their own maximum without moving the price', () => {
    const given = after(after([listed()], bid('ann', 400)), bid('bob', 200));
    spec(given)
      .when(bid('ann', 900, { bidId: 'raise' }))
      .then([
        {
          type: 'MaxBidRaised',
          data: { bidId: 'raise', bidderId: 'ann', maxAmount: $(900), previousMax: $(400) },
        },
      ]);
  });

  it('refuses a raise that is not above the leader’s own maximum', () => {
    const given = after(after([listed()], bid('ann', 400)), bid('bob', 200));
    spec(given)
      .when(bid('ann', 400))
      .thenThrows({ code: 'MAX_NOT_HIGHER', message: 'Your maximum bid is already $400.00' });
  });

  it('refuses an amount below next_bid with the seeds message', () => {
    const given = after([listed()], bid('ann', 400));
    spec(given).when(bid('bob', 105)).thenThrows({ code: 'MIN_BID', message: 'Min. Bid $110.00' });
    spec([listed()]).when(bid('bob', 99.99)).thenThrows({ message: 'Min. Bid $100.00' });
  });

  it('caps a maximum at $999,999.99', () => {
    spec([listed()]).when(bid('ann', 1_000_000)).thenThrows({ code: 'BID_CAPPED' });
    spec([listed()])
      .when(bid('ann', 999_999.99))
      .then([{ type: 'BidPlaced', data: expect.objectContaining({ maxAmount: 99_999_999 }) as never }]);
  });
});

describe('lot decider: the hidden reserve', () => {
  it('keeps the opening price while the only maximum is below the reserve', () => {
    spec([listed({ reserve: $(1000) })])
      .when(bid('ann', 900))
      .then([
        { type: 'BidPlaced', data: expect.objectContaining({ amount: $(100), reserveMet: false }) as never },
      ]);
  });

  it('jumps to the reserve once a maximum reaches it', () => {
    spec([listed({ reserve: $(1000) })])
      .when(bid('ann', 1500))
      .then([
        { type: 'BidPlaced', data: expect.objectContaining({ amount: $(1000), reserveMet: true }) as never },
      ]);
  });

  it('jumps to the reserve when the leader’s raise reaches it, recorded as an automatic bid', () => {
    const given = after([listed({ reserve: $(1000) })], bid('ann', 500));
    spec(given)
      .when(bid('ann', 1200, { bidId: 'raise' }))
      .then([
        {
          type: 'MaxBidRaised',
          data: { bidId: 'raise', bidderId: 'ann', maxAmount: $(1200), previousMax: $(500) },
        },
        {
          type: 'ProxyBidPlaced',
          data: expect.objectContaining({
            bidderId: 'ann',
            amount: $(1000),
            reason: 'reserve',
            reserveMet: true,
          }) as never,
        },
      ]);
  });

  it('answers a challenger at least at the reserve when the leader’s maximum reaches it', () => {
    const given = after([listed({ reserve: $(1000) })], bid('ann', 2000));
    spec(given)
      .when(bid('bob', 1100))
      .then([
        expect.objectContaining({ type: 'BidPlaced' }) as never,
        {
          type: 'ProxyBidPlaced',
          data: expect.objectContaining({ bidderId: 'ann', amount: $(1200) }) as never,
        },
      ]);
  });
});

describe('lot decider: hard bidding (proxy_bidding_settings 0)', () => {
  it('takes the amount as the price and outbids the leader', () => {
    const given = after([listed()], bid('ann', 150, { rules: hard }));
    spec(given)
      .when(bid('bob', 170, { rules: hard }))
      .then([
        {
          type: 'BidPlaced',
          data: {
            bidId: 'b-bob-170',
            bidderId: 'bob',
            amount: $(170),
            maxAmount: $(170),
            leads: true,
            outbidUserId: 'ann',
            nextBid: $(180),
            reserveMet: true,
            biddingType: 'hard',
          },
        },
      ]);
  });

  it('needs at least next_bid', () => {
    const given = after([listed()], bid('ann', 150, { rules: hard }));
    spec(given)
      .when(bid('bob', 155, { rules: hard }))
      .thenThrows({ message: 'Min. Bid $160.00' });
  });
});

describe('lot decider: who may bid, and when (server clock)', () => {
  it('needs a card on file', () => {
    spec([listed()])
      .when(bid('ann', 100, { hasCard: false }))
      .thenThrows({ code: 'ADD_CARD', message: 'Please add a card to place bid' });
  });

  it('refuses the seller', () => {
    spec([listed()]).when(bid('seller', 100)).thenThrows({ code: 'OWN_LOT' });
  });

  it('refuses a lot that has not started (future_active)', () => {
    spec([listed({ startsAt: '2026-11-26T00:00:00.000Z' })])
      .when(bid('ann', 100))
      .thenThrows({ code: 'NOT_STARTED' });
  });

  it('refuses a bid that reaches the server at or after the close', () => {
    spec([listed()])
      .when(bid('ann', 100, { now: close }))
      .thenThrows({ code: 'BIDDING_CLOSED' });
  });

  it('refuses unknown, withdrawn, closed and buy-now-only lots', () => {
    spec([]).when(bid('ann', 100)).thenThrows({ code: 'LOT_NOT_FOUND' });
    spec([listed(), { type: 'LotWithdrawn', data: { reason: 'damaged label' } }])
      .when(bid('ann', 100))
      .thenThrows({ code: 'LOT_WITHDRAWN' });
    const closed = after([listed()], { type: 'CloseLot', now: close });
    spec(closed).when(bid('ann', 100)).thenThrows({ code: 'BIDDING_CLOSED' });
    spec([listed({ auction: false, buyNow: true, buyNowPrice: $(90) })])
      .when(bid('ann', 100))
      .thenThrows({ code: 'NOT_AUCTION' });
  });
});

describe('lot decider: soft close', () => {
  it('moves the close to five minutes after a bid with less than five minutes left', () => {
    const at = minutesBeforeClose(2);
    spec([listed()])
      .when(bid('ann', 100, { now: at }))
      .then([
        expect.objectContaining({ type: 'BidPlaced' }) as never,
        {
          type: 'LotExtended',
          data: {
            previousClose: close.toISOString(),
            closesAt: new Date(at.getTime() + 5 * 60_000).toISOString(),
            bidId: 'b-ann-100',
            rule: 'soft-close',
            windowMinutes: 5,
            extendMinutes: 5,
          },
        },
      ]);
  });

  it('leaves a close with five minutes or more to go', () => {
    spec([listed()])
      .when(bid('ann', 100, { now: minutesBeforeClose(5) }))
      .then([expect.objectContaining({ type: 'BidPlaced' }) as never]);
  });

  it('uses the extended close for the next bid and for closing', () => {
    const extended = after([listed()], bid('ann', 100, { now: minutesBeforeClose(1) }));
    // The original close has passed, the extended one (4 minutes later) has not.
    spec(extended)
      .when(bid('bob', 200, { now: new Date(close.getTime() + 60_000) }))
      .then([
        // ann's maximum is the price already: no automatic row before bob's.
        expect.objectContaining({ type: 'BidPlaced' }) as never,
        expect.objectContaining({ type: 'LotExtended' }) as never,
      ]);
    spec(extended)
      .when({ type: 'CloseLot', now: new Date(close.getTime() + 60_000) })
      .then([]);
  });

  it('follows configured numbers', () => {
    const rules = { ...proxy, softCloseWindowMinutes: 2, softCloseExtendMinutes: 1 };
    const at = minutesBeforeClose(0.5);
    spec([listed()])
      .when(bid('ann', 100, { now: at, rules }))
      .then([
        expect.objectContaining({ type: 'BidPlaced' }) as never,
        {
          type: 'LotExtended',
          data: expect.objectContaining({ closesAt: new Date(at.getTime() + 60_000).toISOString() }) as never,
        },
      ]);
  });
});

describe('lot decider: closing', () => {
  it('sells to the leader at the price, naming everyone else who bid', () => {
    const given = after(after(after([listed()], bid('ann', 500)), bid('bob', 300)), bid('cat', 350));
    spec(given)
      .when({ type: 'CloseLot', now: close })
      .then([
        {
          type: 'LotClosed',
          data: {
            outcome: 'sold',
            winnerId: 'ann',
            hammerPrice: $(370),
            losers: ['bob', 'cat'],
            bidCount: 5,
            reserveMet: true,
            closesAt: close.toISOString(),
          },
        },
      ]);
  });

  it('leaves a lot unsold when the reserve was not met', () => {
    const given = after([listed({ reserve: $(1000) })], bid('ann', 500));
    spec(given)
      .when({ type: 'CloseLot', now: close })
      .then([
        {
          type: 'LotClosed',
          data: {
            outcome: 'unsold',
            winnerId: null,
            hammerPrice: null,
            losers: ['ann'],
            bidCount: 1,
            reserveMet: false,
            closesAt: close.toISOString(),
          },
        },
      ]);
  });

  it('closes exactly once, and not before its time', () => {
    spec([listed()]).when({ type: 'CloseLot', now: duringAuction }).then([]);
    const closed = after([listed()], { type: 'CloseLot', now: close });
    spec(closed).when({ type: 'CloseLot', now: close }).then([]);
  });
});

describe('lot decider: update and withdraw', () => {
  const admin = { kind: 'admin' } as const;
  it('updates details, recording only what changed', () => {
    spec([listed()])
      .when({
        type: 'UpdateLot',
        changes: { title: 'Latour 2010', producer: 'Château Latour' },
        by: admin,
        now: duringAuction,
      })
      .then([{ type: 'LotUpdated', data: { title: 'Latour 2010', changed: ['title'] } }]);
  });

  it('keeps the deal fixed once the lot has bids', () => {
    const given = after([listed()], bid('ann', 300));
    spec(given)
      .when({ type: 'UpdateLot', changes: { openingBid: $(50) }, by: admin, now: duringAuction })
      .thenThrows({ code: 'LOT_HAS_BIDS' });
  });

  it('lets a seller change and withdraw their own lots only', () => {
    spec([listed()])
      .when({ type: 'WithdrawLot', reason: 'sold privately', by: { kind: 'seller', userId: 'someone' } })
      .thenThrows({ code: 'NOT_YOUR_LOT' });
    spec([listed()])
      .when({ type: 'WithdrawLot', reason: 'sold privately', by: { kind: 'seller', userId: 'seller' } })
      .then([{ type: 'LotWithdrawn', data: { reason: 'sold privately' } }]);
  });

  it('cannot withdraw a closed lot', () => {
    spec(after([listed()], { type: 'CloseLot', now: close }))
      .when({ type: 'WithdrawLot', reason: 'late', by: admin })
      .thenThrows({ code: 'LOT_NOT_OPEN' });
  });
});
