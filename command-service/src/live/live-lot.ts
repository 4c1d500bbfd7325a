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
        bidCount: state.bidCount + 1,
        bidders: state.bidders.includes(bidderId) ? state.bidders : [...state.bidders, bidderId],
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
