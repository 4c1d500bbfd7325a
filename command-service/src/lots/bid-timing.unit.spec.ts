import type { LotEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { lotDecider } from './decide.ts';
import { $, bid, close, closedUnsold, hard, listed, minutesBeforeClose, placed, proxy } from './fixtures.ts';

const spec = deciderSpec(lotDecider);

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
    const closed = [listed(), closedUnsold];
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
    const extended: LotEvent[] = [
      listed(),
      placed('ann', { max: 100, at: 100, next: 110 }),
      {
        type: 'LotExtended',
        data: {
          previousClose: close.toISOString(),
          closesAt: minutesBeforeClose(-4).toISOString(),
          bidId: 'b-ann-100',
          rule: 'soft-close',
          windowMinutes: 5,
          extendMinutes: 5,
        },
      },
    ];
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

describe('lot decider: the bidding type the page showed', () => {
  it('refuses a bid sent as the other bidding type than the market’s, before anything else', () => {
    spec([])
      .when(bid('ann', 100, { biddingType: 'hard' }))
      .thenThrows({ code: 'WRONG_BIDDING_TYPE' });
    spec([listed()])
      .when(bid('ann', 100, { biddingType: 'proxy', rules: hard }))
      .thenThrows({ code: 'WRONG_BIDDING_TYPE' });
    spec([listed()])
      .when(bid('ann', 100, { biddingType: 'proxy' }))
      .then([expect.objectContaining({ type: 'BidPlaced' }) as never]);
  });
});
