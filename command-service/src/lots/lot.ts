import type { LotEvent, LotListedData } from '@wine/event-schemas';

/** The bidder whose maximum leads, and when that maximum was reached (ties go to the earlier one). */
export interface Leader {
  bidderId: string;
  max: number;
}

export interface ListedLot {
  status: 'open' | 'closed' | 'withdrawn';
  /** The lot's details as listed and updated; `closesAt` is the (possibly extended) close. */
  lot: LotListedData;
  /** The current price in cents (wprice): the opening bid until someone bids. */
  price: number;
  /** Visible bid rows (bids and automatic bids). */
  bidCount: number;
  leader: Leader | null;
  nextBid: number;
  /** Everyone who bid, in the order of their first bid. */
  bidders: string[];
  outcome: 'sold' | 'unsold' | null;
}

/** The lot aggregate's state, folded from its stream. */
export type Lot = { status: 'empty' } | ListedLot;

export const initialLot = (): Lot => ({ status: 'empty' });

/** A lot without a reserve sells at any price; with one, only to a maximum that reaches it (hidden). */
export const reserveMet = (lot: LotListedData, max: number) => lot.reserve === null || max >= lot.reserve;

const withBidder = (bidders: string[], bidderId: string) =>
  bidders.includes(bidderId) ? bidders : [...bidders, bidderId];

export function evolveLot(state: Lot, event: LotEvent): Lot {
  if (event.type === 'LotListed') {
    const lot = event.data;
    return {
      status: 'open',
      lot,
      price: lot.openingBid,
      bidCount: 0,
      leader: null,
      nextBid: lot.openingBid,
      bidders: [],
      outcome: null,
    };
  }
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'LotUpdated': {
      const { changed: _changed, ...changes } = event.data;
      const lot = { ...state.lot, ...changes };
      // Before the first bid the opening bid is the price and the next bid.
      return state.bidCount === 0
        ? { ...state, lot, price: lot.openingBid, nextBid: lot.openingBid }
        : { ...state, lot };
    }
    case 'LotWithdrawn':
      return { ...state, status: 'withdrawn' };
    case 'BidPlaced':
    case 'ProxyBidPlaced': {
      const bid = event.data;
      return {
        ...state,
        price: bid.amount,
        bidCount: state.bidCount + 1,
        nextBid: bid.nextBid,
        leader: bid.leads ? { bidderId: bid.bidderId, max: bid.maxAmount } : state.leader,
        bidders: event.type === 'BidPlaced' ? withBidder(state.bidders, bid.bidderId) : state.bidders,
      };
    }
    case 'MaxBidRaised':
      return state.leader?.bidderId === event.data.bidderId
        ? { ...state, leader: { ...state.leader, max: event.data.maxAmount } }
        : state;
    case 'LotExtended':
      return { ...state, lot: { ...state.lot, closesAt: event.data.closesAt } };
    case 'LotClosed':
      return { ...state, status: 'closed', outcome: event.data.outcome };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
