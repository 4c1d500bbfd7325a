import { type IncrementRule, incrementAt, MAX_BID_CENTS } from '@wine/contracts';
import type { LotEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { availableAt, type ListedLot, type Lot, reserveMet } from '../lots/lot.ts';

/**
 * Issue 37: the live room's calls on a lot's stream (DOMAIN.md "Live room"). The auctioneer opens the
 * lot at an ask (the advance bids' price plus the increment, or the opening bid), moves the ask, takes
 * floor and phone bids; internet bidders bid the ask they saw, refused when it moved. After every bid
 * the house bids for the absentee maximum at the next ask while it reaches it (at the same amount, the
 * earlier absentee wins). Below a reserve no bid reached, the auctioneer may bid for the consignor
 * (Sotheby's "on behalf of the consignor"), never at or above the reserve, and a lot whose last bid is
 * the consignor's is passed, never sold. The server's order decides: a bid that arrives after the
 * hammer is refused and written as missed, for the clerk. Sold or passed can be undone until the room
 * moves on, which writes LotClosed as a timed lot's close does; a lot the sale closes without calling
 * is closed unsold.
 */
export type LiveCommand =
  | { type: 'OpenLiveLot'; auctionId: string; increments: readonly IncrementRule[]; now: Date }
  | { type: 'ChangeAsk'; ask: number }
  | {
      type: 'TakeLiveBid';
      bidId: string;
      source: 'internet' | 'floor' | 'phone';
      bidderId: string;
      paddle: string | null;
      /** The ask the bidder answered (the internet bidder's screen; the clerk's console). */
      ask: number;
      /** An internet bidder has a card on file (seeds 000 §5); the clerk vouches for the floor. */
      hasCard: boolean;
      increments: readonly IncrementRule[];
    }
  | {
      /** The auctioneer bids the ask for the consignor (the lot's seller), only below the reserve. */
      type: 'TakeLiveBid';
      bidId: string;
      source: 'consignor';
      ask: number;
      increments: readonly IncrementRule[];
    }
  | { type: 'FairWarning' }
  | { type: 'Hammer'; outcome: 'sold' | 'passed' }
  | { type: 'UndoCall'; reason: string }
  | {
      /**
       * The room is done with the lot: it moved on from the lot's standing call. With `closedSale`, the
       * sale of that id closed: a lot of it the room never called is closed unsold.
       */
      type: 'FinishLiveLot';
      now: Date;
      closedSale?: string;
    };

type TakeLiveBid = Extract<LiveCommand, { type: 'TakeLiveBid' }>;

const nextAsk = (increments: readonly IncrementRule[], amount: number) =>
  amount + incrementAt(increments, amount);

/** The lot open in the room, its call not yet made. */
function biddable(state: Lot): ListedLot & { live: NonNullable<ListedLot['live']> } {
  if (state.status === 'empty' || state.status === 'draft') throw new AppError('LOT_NOT_FOUND');
  if (state.status !== 'open' || !state.live) throw new AppError('LIVE_LOT_NOT_OPEN');
  if (state.live.hammer) throw new AppError('LIVE_LOT_HAMMERED');
  return state as ListedLot & { live: NonNullable<ListedLot['live']> };
}

/** The bid taken, and the house's answer for the absentee maximum while it reaches the ask. */
function taken(
  state: ListedLot & { live: NonNullable<ListedLot['live']> },
  command: TakeLiveBid,
  bidderId: string,
): LotEvent[] {
  const { bidId, source, ask, increments } = command;
  const paddle = command.source === 'consignor' ? null : command.paddle;
  const bid: LotEvent = {
    type: 'LiveBidTaken',
    data: {
      bidId,
      source,
      bidderId,
      paddle,
      amount: ask,
      nextAsk: nextAsk(increments, ask),
      answersBidId: null,
    },
  };
  const absentee = state.live.absentee;
  if (!absentee || absentee.bidderId === bidderId || absentee.max < ask) return [bid];
  // The house bids the next ask for the absentee when the maximum reaches it; at the same amount as
  // the bid (the maximum exactly the ask), the earlier absentee keeps the lead there.
  const answer = absentee.max >= nextAsk(increments, ask) ? nextAsk(increments, ask) : ask;
  return [
    bid,
    {
      type: 'LiveBidTaken',
      data: {
        bidId: `${bidId}-absentee`,
        source: 'absentee',
        bidderId: absentee.bidderId,
        paddle: null,
        amount: answer,
        nextAsk: nextAsk(increments, answer),
        answersBidId: bidId,
      },
    },
  ];
}

/**
 * The standing bid the lot opens at: the advance bids' price, or the reserve when the leader's
 * maximum reaches it (the absentee leads at the reserve, as a timed lot's price jumps to it).
 */
function openingPrice(state: ListedLot): number {
  const { reserve } = state.lot;
  const max = state.leader?.max ?? 0;
  return reserve !== null && max >= reserve ? Math.max(state.price, reserve) : state.price;
}

/**
 * The auctioneer's bid for the consignor (the lot's seller) at the ask, while the ask is below the
 * reserve: it keeps the bidding going up to the reserve when no buyer's bid reached it. An absentee
 * maximum answers it as it answers any bid.
 */
function consignorBid(state: Lot, command: Extract<TakeLiveBid, { source: 'consignor' }>): LotEvent[] {
  const open = biddable(state);
  if (command.ask !== open.live.ask) throw new AppError('ASK_MOVED', { params: { ask: open.live.ask } });
  const { reserve } = open.lot;
  if (reserve === null || command.ask >= reserve) throw new AppError('LIVE_CONSIGNOR_BID_LIMIT');
  if (open.live.leaderSource === 'consignor') throw new AppError('LIVE_ALREADY_LEADING');
  return taken(open, command, open.lot.sellerId);
}

/**
 * A lot of a live sale that closed without calling it: unsold, its advance bidders lost (their
 * maximums stand no more), out of the catalogue; below its reserve the house's second chance follows,
 * as after any close.
 */
function neverCalled(state: ListedLot, auctionId: string, now: Date): LotEvent[] {
  if (!state.inLiveSale || state.scheduledIn !== auctionId) return [];
  return [
    {
      type: 'LotClosed',
      data: {
        outcome: 'unsold',
        winnerId: null,
        hammerPrice: null,
        losers: state.bidders,
        bidCount: state.bidCount,
        reserveMet: state.leader !== null && reserveMet(state.lot, state.leader.max),
        closesAt: now.toISOString(),
        quantity: 0,
        endedBy: 'close',
      },
    },
  ];
}

export function decideLive(command: LiveCommand, state: Lot): LotEvent[] {
  switch (command.type) {
    case 'OpenLiveLot': {
      if (state.status === 'empty' || state.status === 'draft') throw new AppError('LOT_NOT_FOUND');
      if (state.lot.auctionId !== command.auctionId || !state.lot.auction)
        throw new AppError('LOT_NOT_IN_SALE');
      // Opened already (a retried call, or a second clerk's click): nothing more.
      if (state.live && !state.live.hammer && state.status === 'open') return [];
      if (state.status !== 'open' || state.live) throw new AppError('LIVE_LOT_CALLED');
      if (availableAt(state, command.now.getTime()) === 0) throw new AppError('LOT_SOLD_OUT');
      const leaderId = state.bidCount > 0 ? (state.leader?.bidderId ?? null) : null;
      const price = state.bidCount > 0 ? openingPrice(state) : null;
      const ask = price === null ? Math.max(state.lot.openingBid, 100) : nextAsk(command.increments, price);
      const absenteeMax = leaderId !== null ? state.leader?.max : undefined;
      return [
        {
          type: 'LiveLotOpened',
          data: {
            auctionId: command.auctionId,
            ask,
            price,
            leaderId,
            ...(absenteeMax !== undefined && { absenteeMax }),
          },
        },
      ];
    }
    case 'ChangeAsk': {
      const open = biddable(state);
      const { ask } = command;
      const floor = open.live.price === null ? 1 : open.live.price + 1;
      if (!Number.isSafeInteger(ask) || ask < floor || ask > MAX_BID_CENTS)
        throw new AppError('LIVE_ASK_INVALID');
      return ask === open.live.ask ? [] : [{ type: 'LiveAskChanged', data: { ask } }];
    }
    case 'TakeLiveBid': {
      if (command.source === 'consignor') return consignorBid(state, command);
      if (state.status === 'empty' || state.status === 'draft') throw new AppError('LOT_NOT_FOUND');
      // After the hammer an internet bid is written as missed, for the clerk to see; the route refuses it.
      if (state.status === 'open' && state.live?.hammer && command.source === 'internet')
        return [
          {
            type: 'LiveBidMissed',
            data: { bidId: command.bidId, bidderId: command.bidderId, ask: command.ask },
          },
        ];
      const open = biddable(state);
      if (command.ask !== open.live.ask) throw new AppError('ASK_MOVED', { params: { ask: open.live.ask } });
      if (open.lot.sellerId === command.bidderId) throw new AppError('OWN_LOT');
      if (command.source === 'internet' && !command.hasCard) throw new AppError('ADD_CARD');
      if (open.live.leaderId === command.bidderId) throw new AppError('LIVE_ALREADY_LEADING');
      return taken(open, command, command.bidderId);
    }
    case 'FairWarning': {
      const open = biddable(state);
      return open.live.warned ? [] : [{ type: 'LiveFairWarning', data: {} }];
    }
    case 'Hammer': {
      const open = biddable(state);
      const { leaderId, price } = open.live;
      if (command.outcome === 'passed')
        return [{ type: 'LiveLotHammered', data: { outcome: 'passed', bidderId: null, amount: null } }];
      if (!leaderId || price === null) throw new AppError('LIVE_NO_BID');
      // The consignor's bid is the house keeping the lot below its reserve: nobody buys it.
      if (open.live.leaderSource === 'consignor') throw new AppError('LIVE_CONSIGNOR_LEADS');
      if (open.lot.reserve !== null && price < open.lot.reserve) throw new AppError('LIVE_RESERVE_NOT_MET');
      return [{ type: 'LiveLotHammered', data: { outcome: 'sold', bidderId: leaderId, amount: price } }];
    }
    case 'UndoCall': {
      if (state.status !== 'open' || !state.live?.hammer) throw new AppError('LIVE_NOTHING_TO_UNDO');
      return [
        {
          type: 'LiveCallUndone',
          data: { call: state.live.hammer.outcome, reason: command.reason.slice(0, 500) },
        },
      ];
    }
    case 'FinishLiveLot': {
      if (command.closedSale !== undefined && state.status === 'open' && !state.live)
        return neverCalled(state, command.closedSale, command.now);
      // Once: the room moved on from a lot whose call stands.
      if (state.status !== 'open' || !state.live?.hammer) return [];
      const { hammer } = state.live;
      const sold = hammer.outcome === 'sold' && hammer.bidderId !== null && hammer.amount !== null;
      const remaining = availableAt(state, command.now.getTime());
      return [
        {
          type: 'LotClosed',
          data: {
            outcome: sold ? 'sold' : 'unsold',
            winnerId: sold ? hammer.bidderId : null,
            hammerPrice: sold ? hammer.amount : null,
            losers: state.bidders.filter((b) => b !== (sold ? hammer.bidderId : null)),
            bidCount: state.bidCount,
            reserveMet: sold || (state.live.price !== null && (state.lot.reserve ?? 0) <= state.live.price),
            closesAt: command.now.toISOString(),
            quantity: sold ? remaining : 0,
            endedBy: 'close',
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}
