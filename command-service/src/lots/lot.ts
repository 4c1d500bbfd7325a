import type { LotEvent, LotListedData } from '@wine/event-schemas';
import { evolveLive, type LiveLot } from '../live/live-lot.ts';

/** The bidder whose maximum leads, and when that maximum was reached (ties go to the earlier one). */
export interface Leader {
  bidderId: string;
  max: number;
}

export interface ListedLot {
  /** 'draft': a seller's listing the house has not approved (issue 33 "Sellers"); nothing bids on it. */
  status: 'open' | 'closed' | 'withdrawn' | 'draft';
  /**
   * Where a seller's draft stands with the house; present only on a lot never listed (a withdrawn draft
   * keeps it, so it is never relisted without an approval).
   */
  review?: 'draft' | 'submitted' | 'returned';
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
  /** Bottles sold by buy now. */
  sold: number;
  /** Checkout holds by reservation id (DOMAIN.md "Buy now and cart"); a lapsed one holds nothing. */
  holds: Record<string, Hold>;
  /**
   * The latest reservations sold, with their bottles, so a sale confirmed twice sells once. Only the
   * last RECENT_SALES are kept: a retry comes within minutes, and a lot with a large stock would
   * otherwise copy every sale it ever made on each event.
   */
  sales: Record<string, number>;
  /** The lot that offers this one again, once relisted (issue 33). */
  relistedAs?: string;
  /** The auction whose schedule placed the lot (issue 33 "Auctions"); absent when none did. */
  scheduledIn?: string;
  /** Issue 31: returns whose good bottles came back on this lot's stock, so a retry restocks once. */
  restocked?: Record<string, number>;
  /** Issue 36: offers made on the lot, by offer id (absent until the first). */
  offers?: Record<string, LotOffer>;
  /** Issue 36 §5: the buyers invited to a private sale (absent until the first). */
  guests?: Record<string, true>;
  /** Issue 37: the lot in the live room, once the auctioneer opened it. */
  live?: LiveLot;
  /** Issue 37: placed in a live sale: it ends by the auctioneer's call, never at its close. */
  inLiveSale?: boolean;
}

/** Issue 36 §5: a private sale is seen and bought by its invited buyers alone; any other lot by anyone. */
export const invitedTo = (state: ListedLot, userId: string) =>
  state.lot.privateSale !== true || state.guests?.[userId] === true;

/** Issue 36: an offer and where it stands; `turn` is the side whose answer it waits for. */
export interface LotOffer {
  buyerId: string;
  qty: number;
  /** Cents a bottle: the last price named (the offer's or a counter's). */
  price: number;
  status: 'open' | 'accepted' | 'declined' | 'withdrawn' | 'expired';
  turn: 'seller' | 'buyer';
  /** Counters made so far. */
  counters: number;
  /** Epoch milliseconds the open offer (or its last counter) lapses. */
  expiresAt: number;
  /** A second-chance offer of the house to the lot's top bidder (reserve not met); absent: the buyer's. */
  kind?: 'second_chance';
  /** Once accepted: the hold and the invoice. */
  reservationId?: string;
  invoiceId?: string;
}

export interface Hold {
  invoiceId: string;
  buyerId: string;
  qty: number;
  unitPrice: number;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** The lot aggregate's state, folded from its stream. */
export type Lot = { status: 'empty' } | ListedLot;

export const initialLot = (): Lot => ({ status: 'empty' });

/** A lot without a reserve sells at any price; with one, only to a maximum that reaches it (hidden). */
export const reserveMet = (lot: LotListedData, max: number) => lot.reserve === null || max >= lot.reserve;

const withBidder = (bidders: string[], bidderId: string) =>
  bidders.includes(bidderId) ? bidders : [...bidders, bidderId];

const withoutHold = (holds: Record<string, Hold>, reservationId: string) => {
  const { [reservationId]: _gone, ...rest } = holds;
  return rest;
};

export const RECENT_SALES = 64;

const recentSales = (sales: Record<string, number>, reservationId: string, qty: number) => {
  const kept = Object.entries(sales).slice(-(RECENT_SALES - 1));
  return Object.fromEntries([...kept, [reservationId, qty]]);
};

/** Bottles held by checkouts whose hold has not lapsed at `now`. */
export const heldAt = (state: ListedLot, now: number): number =>
  Object.values(state.holds).reduce((sum, h) => (h.expiresAt > now ? sum + h.qty : sum), 0);

/** What a buyer can still take now: the quantity less what is sold and what live holds keep. */
export const availableAt = (state: ListedLot, now: number): number =>
  Math.max(0, state.lot.quantity - state.sold - heldAt(state, now));

/** A lot as listed (or drafted): no bids, nothing sold. */
const listed = (lot: LotListedData): ListedLot => ({
  status: 'open',
  lot,
  price: lot.openingBid,
  bidCount: 0,
  leader: null,
  nextBid: lot.openingBid,
  bidders: [],
  outcome: null,
  sold: 0,
  holds: {},
  sales: {},
});

const withOffer = (state: ListedLot, offerId: string, offer: LotOffer): ListedLot => ({
  ...state,
  offers: { ...state.offers, [offerId]: offer },
});

export function evolveLot(state: Lot, event: LotEvent): Lot {
  // Listed: live (an approved draft starts afresh, its review done).
  if (event.type === 'LotListed') return listed(event.data);
  if (event.type === 'LotDrafted') return { ...listed(event.data), status: 'draft', review: 'draft' };
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'LotSubmitted':
      return { ...state, review: 'submitted' };
    case 'LotReturned':
      return { ...state, review: 'returned' };
    case 'LotApproved':
      return state;
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
    case 'LotRelisted':
      return { ...state, relistedAs: event.data.newLotId };
    case 'LotScheduled': {
      const { auctionId, lotNumber, startsAt, closesAt, live } = event.data;
      const { scheduledIn: _left, inLiveSale: _was, ...rest } = state;
      return {
        ...rest,
        ...(auctionId !== null && { scheduledIn: auctionId }),
        ...(auctionId !== null && live === true && { inLiveSale: true }),
        lot: { ...state.lot, auctionId, lotNumber, startsAt, closesAt },
      };
    }
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
    case 'BidsCancelled': {
      const { after, rows, closesAt, reopened } = event.data;
      const leader =
        after.leaderId && after.leaderMax !== null
          ? { bidderId: after.leaderId, max: after.leaderMax }
          : null;
      const bidders: string[] = [];
      for (const row of rows) if (!row.proxy && !bidders.includes(row.bidderId)) bidders.push(row.bidderId);
      return {
        ...state,
        price: after.price,
        leader,
        nextBid: after.nextBid,
        bidCount: rows.length,
        bidders,
        ...(reopened && { status: 'open' as const, outcome: null }),
        ...(closesAt && { lot: { ...state.lot, closesAt } }),
      };
    }
    case 'LotAwarded':
      return state;
    case 'LotExtended':
      return { ...state, lot: { ...state.lot, closesAt: event.data.closesAt } };
    case 'LotClosed':
      return { ...state, status: 'closed', outcome: event.data.outcome };
    case 'StockReserved': {
      const { reservationId, invoiceId, buyerId, qty, unitPrice, expiresAt } = event.data;
      const hold = { invoiceId, buyerId, qty, unitPrice, expiresAt: Date.parse(expiresAt) };
      return { ...state, holds: { ...state.holds, [reservationId]: hold } };
    }
    case 'ReservationReleased':
      return { ...state, holds: withoutHold(state.holds, event.data.reservationId) };
    case 'StockSold':
      return {
        ...state,
        sold: state.sold + event.data.qty,
        holds: withoutHold(state.holds, event.data.reservationId),
        sales: recentSales(state.sales, event.data.reservationId, event.data.qty),
      };
    case 'StockReturned':
      // The good bottles of a return can be sold again (never below nothing sold by buy now).
      return {
        ...state,
        sold: Math.max(0, state.sold - event.data.qty),
        restocked: { ...state.restocked, [event.data.returnId]: event.data.qty },
      };
    case 'OfferMade': {
      const { offerId, buyerId, qty, price, expiresAt, kind } = event.data;
      const secondChance = kind === 'second_chance';
      const made: LotOffer = {
        buyerId,
        qty,
        price,
        status: 'open',
        turn: secondChance ? 'buyer' : 'seller',
        counters: 0,
        expiresAt: Date.parse(expiresAt),
        ...(secondChance && { kind: 'second_chance' as const }),
      };
      return withOffer(state, offerId, made);
    }
    case 'OfferCountered': {
      const { offerId, by, price, qty, expiresAt } = event.data;
      const offer = state.offers?.[offerId];
      if (!offer) return state;
      const turn = by === 'seller' ? 'buyer' : 'seller';
      const countered = {
        price,
        qty,
        turn,
        counters: offer.counters + 1,
        expiresAt: Date.parse(expiresAt),
      } as const;
      return withOffer(state, offerId, { ...offer, ...countered });
    }
    case 'OfferAccepted': {
      const { offerId, price, qty, reservationId, invoiceId } = event.data;
      const offer = state.offers?.[offerId];
      if (!offer) return state;
      return withOffer(state, offerId, {
        ...offer,
        price,
        qty,
        status: 'accepted',
        reservationId,
        invoiceId,
      });
    }
    case 'OfferDeclined':
    case 'OfferWithdrawn':
    case 'OfferExpired': {
      const offer = state.offers?.[event.data.offerId];
      if (!offer) return state;
      const status =
        event.type === 'OfferDeclined'
          ? 'declined'
          : event.type === 'OfferWithdrawn'
            ? 'withdrawn'
            : 'expired';
      return withOffer(state, event.data.offerId, { ...offer, status });
    }
    case 'PrivateSaleInvited':
      return {
        ...state,
        guests: {
          ...state.guests,
          ...Object.fromEntries(event.data.userIds.map((id) => [id, true as const])),
        },
      };
    case 'PrivateSaleJoined':
      return { ...state, guests: { ...state.guests, [event.data.userId]: true } };
    case 'PrivateSaleLinkSent':
      return state;
    case 'LiveLotOpened':
    case 'LiveAskChanged':
    case 'LiveBidTaken':
    case 'LiveBidMissed':
    case 'LiveFairWarning':
    case 'LiveLotHammered':
    case 'LiveCallUndone':
      return evolveLive(state, event);
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
