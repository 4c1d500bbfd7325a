import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { lotDecider } from './decide.ts';
import { $, annLeads, bid, hard, listed, placed, placedHard, proxyAnswer } from './fixtures.ts';

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
    const given = [listed(), annLeads(500)];
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
    const given = [listed(), annLeads(305)];
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
    const given = [listed(), annLeads(400)];
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
    const given = [listed(), annLeads(400)];
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
    const given = [listed(), annLeads(400)];
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
    const given = [
      listed(),
      annLeads(400),
      placed('bob', { max: 200, at: 200, next: 210, leads: false }),
      proxyAnswer('b-bob-200', 'ann', { max: 400, at: 210, next: 220 }),
    ];
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
    const given = [
      listed(),
      annLeads(400),
      placed('bob', { max: 200, at: 200, next: 210, leads: false }),
      proxyAnswer('b-bob-200', 'ann', { max: 400, at: 210, next: 220 }),
    ];
    spec(given)
      .when(bid('ann', 400))
      .thenThrows({ code: 'MAX_NOT_HIGHER', message: 'Your maximum bid is already $400.00' });
  });

  it('refuses an amount below next_bid with the seeds message', () => {
    const given = [listed(), annLeads(400)];
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
    const given = [listed({ reserve: $(1000) }), annLeads(500, { reserveMet: false })];
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
    const given = [listed({ reserve: $(1000) }), placed('ann', { max: 2000, at: 1000, next: 1100 })];
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
    const given = [listed(), placedHard('ann', 150, 160)];
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
    const given = [listed(), placedHard('ann', 150, 160)];
    spec(given)
      .when(bid('bob', 155, { rules: hard }))
      .thenThrows({ message: 'Min. Bid $160.00' });
  });
});
