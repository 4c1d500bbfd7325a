import {
  initialQuantity as initialFor,
  type LotView,
  quantityMessage,
  quantityProblem,
} from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { aLot } from '../test-utils/fixtures.ts';
import { applyLotMessage, applyUserMessage } from './apply-lot-message.ts';
import { checkBidAmount } from './bid-form.ts';
import { quantityTermsOf } from './lot-terms.ts';

/** The buy-now box's questions: the shared rules (contracts) on the lot as the page maps it. */
const initialQuantity = (lot: LotView) => initialFor(quantityTermsOf(lot));
const checkQuantity = (lot: LotView, qty: number | null) => {
  const problem = quantityProblem(quantityTermsOf(lot), qty);
  return problem && quantityMessage(problem);
};

describe('bid amount (seeds 000 §5)', () => {
  it.each([
    ['', { error: 'Select bid amount' }],
    ['12a', { error: 'Numbers only!' }],
    ['1,299.99', { error: 'Min. Bid $1,300.00' }],
    ['$1,300', { cents: 130_000 }],
    ['1300.50', { cents: 130_050 }],
    ['1000000', { error: 'A bid is capped at $999,999.99' }],
  ])('%j gives %j', (text, expected) => {
    expect(checkBidAmount(text, 130_000)).toEqual(expected);
  });
});

describe('buy-now quantity (seeds 000 §5)', () => {
  const lot = (over: Parameters<typeof aLot>[0] = {}) =>
    aLot({ qty: 12, sold: 0, bid_count: 0, minimumquantity: 1, enforceminqtyinternally: 0, ...over });

  it('starts at the remaining stock with bids, the enforced minimum, else 1 or 0', () => {
    expect(initialQuantity(lot({ bid_count: 2, sold: 2 }))).toBe(10);
    expect(initialQuantity(lot({ enforceminqtyinternally: 1, minimumquantity: 3 }))).toBe(3);
    expect(initialQuantity(lot())).toBe(1);
    expect(initialQuantity(lot({ sold: 12 }))).toBe(0);
  });

  it('asks for all that remains once the lot has bids, the enforced minimum, and no more than the stock', () => {
    expect(checkQuantity(lot(), null)).toBe('Enter quantity');
    expect(checkQuantity(lot({ bid_count: 1 }), 5)).toBe('Minimum Quantity 12');
    expect(checkQuantity(lot({ bid_count: 1 }), 12)).toBeNull();
    expect(checkQuantity(lot({ enforceminqtyinternally: 1, minimumquantity: 3 }), 2)).toBe(
      'Minimum Quantity 3',
    );
    expect(checkQuantity(lot({ custitem_gvo_invwebdisplay: 'Pre-arrival' }), 13)).toBe('Max Quantity 12');
    expect(checkQuantity(lot(), 6)).toBeNull();
  });
});

describe('live lot (seeds 000 §4.6)', () => {
  const mine = aLot({ bidtopstatus: 'winner', bid_or_not: 2, watchlistid: 1, my_max_bid: 200_000 });
  const publicLot = aLot({ wprice: 150_000, next_bid: 160_000, bid_count: 5 });

  it('takes the public fields of a change and keeps the user’s own when the change did not touch them', () => {
    const next = applyLotMessage(mine, {
      type: 'bidAddtime',
      position: '9',
      events: ['BidPlaced'],
      event: 'BidPlaced',
      lot: publicLot,
      below_five: 0,
      date_closed: publicLot.date_closed,
    });
    expect(next).toMatchObject({
      wprice: 150_000,
      next_bid: 160_000,
      bidtopstatus: 'winner',
      bid_or_not: 2,
      watchlistid: 1,
      my_max_bid: 200_000,
    });
  });

  it('keeps the lot the seller’s own when a change arrives (the public view is no one’s)', () => {
    const sellers = aLot({ own_lot: 1 });
    const next = applyLotMessage(sellers, {
      type: 'lotChanged',
      position: '11',
      events: ['LotUpdated'],
      event: 'LotUpdated',
      lot: aLot({ title: '2015 Château Margaux (OWC)', own_lot: 0 }),
    });
    expect(next).toMatchObject({ title: '2015 Château Margaux (OWC)', own_lot: 1 });
  });

  it('takes the user’s new standing when the change carries it, and the watchlist flag from watchlistAdded', () => {
    const status = { bidtopstatus: 'outbid' as const, bid_or_not: 2, my_max_bid: 200_000 };
    const outbid = applyUserMessage(mine, {
      type: 'bidAddtime',
      position: '10',
      events: ['BidPlaced'],
      event: 'BidPlaced',
      lot: publicLot,
      below_five: 0,
      date_closed: publicLot.date_closed,
      status,
      outbid: true,
    });
    expect(outbid.bidtopstatus).toBe('outbid');
    expect(
      applyUserMessage(outbid, { type: 'watchlistAdded', position: '11', lot_id: mine.id, status: 0 })
        .watchlistid,
    ).toBe(0);
    expect(
      applyUserMessage(outbid, { type: 'watchlistAdded', position: '12', lot_id: 'other', status: 0 }),
    ).toBe(outbid);
  });
});
