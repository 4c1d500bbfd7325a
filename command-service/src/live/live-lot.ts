import type { LiveLotEvent, liveBidSources } from '@wine/event-schemas';
import type { ListedLot } from '../lots/lot.ts';

/** Issue 37: a lot in the live room, as its stream's live events leave it. */
export interface LiveLot {
  auctionId: string;
  /** Cents: the amount a bid now answers. */
  ask: number;
  /** Cents: the standing bid, or null before the first. */
  price: number | null;
  leaderId: string | null;
  leaderSource: (typeof liveBidSources)[number] | null;
  /** The absentee maximum the house still bids for (the advance bids' leader), while it can. */
  absentee: { bidderId: string; max: number } | null;
  warned: boolean;
  /** The last call, until it is undone or the room moves on (LotClosed). */
  hammer: { outcome: 'sold' | 'passed'; bidderId: string | null; amount: number | null } | null;
}

type Taken = Extract<LiveLotEvent, { type: 'LiveBidTaken' }>['data'];

/**
 * A buyer's bid in the room is the lot's standing bid, as a timed bid is: it counts, its bidder is one
 * of the lot's bidders (told won or lost at the close), and it leads with its amount as its maximum (an
 * absentee's with the maximum the house bids for), so what follows the close (the house's second
 * chance to the top bidder below the reserve) reads the room's top bidder. A consignor's bid is none
 * of these: the seller bids for nothing, loses nothing and is offered nothing.
 */
const standingBid = (state: ListedLot, live: LiveLot, bid: Taken): Partial<ListedLot> => ({
  price: bid.amount,
  bidCount: state.bidCount + 1,
  bidders: state.bidders.includes(bid.bidderId) ? state.bidders : [...state.bidders, bid.bidderId],
  leader: {
    bidderId: bid.bidderId,
    max: bid.source === 'absentee' && live.absentee ? Math.max(live.absentee.max, bid.amount) : bid.amount,
  },
});

/** The lot after one of its live events (lot.ts folds the others). Pure. */
export function evolveLive(state: ListedLot, event: LiveLotEvent): ListedLot {
  const live = state.live;
  switch (event.type) {
    case 'LiveLotOpened': {
      const { auctionId, ask, price, leaderId } = event.data;
      const absentee =
        leaderId && state.leader?.bidderId === leaderId
          ? { bidderId: leaderId, max: state.leader.max }
          : null;
      return {
        ...state,
        live: {
          auctionId,
          ask,
          price,
          leaderId,
          leaderSource: leaderId ? 'absentee' : null,
          absentee,
          warned: false,
          hammer: null,
        },
      };
    }
    case 'LiveAskChanged':
      return live ? { ...state, live: { ...live, ask: event.data.ask } } : state;
    case 'LiveBidTaken': {
      if (!live) return state;
      const { bidderId, source, amount, nextAsk } = event.data;
      // An absentee maximum the price went past is spent: the house bids no more for it.
      const absentee = live.absentee && live.absentee.max >= amount ? live.absentee : null;
      return {
        ...state,
        ...(source !== 'consignor' && standingBid(state, live, event.data)),
        live: {
          ...live,
          ask: nextAsk,
          price: amount,
          leaderId: bidderId,
          leaderSource: source,
          absentee,
          warned: false,
        },
      };
    }
    case 'LiveBidMissed':
      return state;
    case 'LiveFairWarning':
      return live ? { ...state, live: { ...live, warned: true } } : state;
    case 'LiveLotHammered':
      return live ? { ...state, live: { ...live, hammer: event.data } } : state;
    case 'LiveCallUndone':
      return live ? { ...state, live: { ...live, hammer: null, warned: false } } : state;
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
