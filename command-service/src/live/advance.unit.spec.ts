import type { LotEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { lotDecider } from '../lots/decide.ts';
import { $, annLeads, listed, placed, proxy, start } from '../lots/fixtures.ts';
import type { PlaceAdvanceBid } from './advance.ts';

/**
 * Issue 37, seeds 001 §7: advance (absentee) bids on a lot of a live sale, given/when/then on the lot's
 * stream. The sale starts on the 20th (the lots' start) and their scheduled close is the 27th; amounts
 * in dollars, the default increments ($10 from $100).
 */
const spec = deciderSpec(lotDecider);
const SALE = 'sale-1';
const before = new Date('2026-11-10T12:00:00.000Z');
const afterClose = new Date('2026-12-01T12:00:00.000Z');
const inSale = listed({ sellerId: 'sam', auctionId: SALE, openingBid: $(100), reserve: null });
const scheduled: LotEvent = {
  type: 'LotScheduled',
  data: {
    auctionId: SALE,
    lotNumber: '7',
    startsAt: start.toISOString(),
    closesAt: '2026-11-27T18:00:00.000Z',
    live: true,
  },
};
const catalogue = [inSale, scheduled];

const advance = (
  bidderId: string,
  dollars: number,
  over: Partial<PlaceAdvanceBid> = {},
): PlaceAdvanceBid => ({
  type: 'PlaceAdvanceBid',
  bidId: `b-${bidderId}-${dollars}`,
  bidderId,
  amount: $(dollars),
  hasCard: true,
  now: before,
  rules: proxy,
  window: 'absentee',
  ...over,
});

describe('advance bids on a lot of a live sale (issue 37)', () => {
  it('takes a maximum before the sale starts and after the lot’s scheduled close, as a proxy bid', () => {
    spec(catalogue)
      .when(advance('ann', 300))
      .then([placed('ann', { max: 300, at: 100, next: 110 })]);
    spec(catalogue)
      .when(advance('ann', 300, { now: afterClose }))
      .then([placed('ann', { max: 300, at: 100, next: 110 })]);
  });

  it('runs the proxy ladder between advance maximums, whatever the timed bidding setting', () => {
    spec([...catalogue, annLeads(300)])
      .when(advance('bob', 200, { rules: { ...proxy, proxy: false } }))
      .then([
        placed('bob', { max: 200, at: 200, next: 210, leads: false }),
        {
          type: 'ProxyBidPlaced',
          data: {
            bidId: 'b-bob-200-proxy',
            bidderId: 'ann',
            amount: $(210),
            maxAmount: $(300),
            leads: true,
            outbidUserId: null,
            nextBid: $(220),
            reserveMet: true,
            reason: 'proxy',
            answersBidId: 'b-bob-200',
          },
        },
      ]);
  });

  it('checks what bid/confirm checks: a card, not one’s own lot, at least the next bid', () => {
    spec(catalogue)
      .when(advance('ann', 300, { hasCard: false }))
      .thenThrows({ code: 'ADD_CARD' });
    spec(catalogue).when(advance('sam', 300)).thenThrows({ code: 'OWN_LOT' });
    spec([...catalogue, annLeads(300)])
      .when(advance('bob', 105))
      .thenThrows({ code: 'MIN_BID' });
  });

  it('refuses a timed lot, a lot the auctioneer called, and a lot whose sale is over', () => {
    spec([inSale]).when(advance('ann', 300)).thenThrows({ code: 'ADVANCE_NOT_LIVE' });
    const called: LotEvent = {
      type: 'LiveLotOpened',
      data: { auctionId: SALE, ask: $(100), price: null, leaderId: null },
    };
    spec([...catalogue, called])
      .when(advance('ann', 300))
      .thenThrows({ code: 'ADVANCE_LOT_CALLED' });
    const closed: LotEvent = {
      type: 'LotClosed',
      data: {
        outcome: 'unsold',
        winnerId: null,
        hammerPrice: null,
        losers: [],
        bidCount: 0,
        reserveMet: false,
        closesAt: afterClose.toISOString(),
        quantity: 0,
        endedBy: 'close',
      },
    };
    spec([...catalogue, closed])
      .when(advance('ann', 300))
      .thenThrows({ code: 'ADVANCE_LOT_CLOSED' });
  });

  it('takes a future proxy only while the sale is ahead', () => {
    spec(catalogue)
      .when(advance('ann', 300, { window: 'future' }))
      .then([placed('ann', { max: 300, at: 100, next: 110 })]);
    spec(catalogue)
      .when(advance('ann', 300, { window: 'future', now: start }))
      .thenThrows({ code: 'ADVANCE_SALE_STARTED' });
  });
});
