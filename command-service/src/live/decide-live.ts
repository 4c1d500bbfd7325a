import { type IncrementRule, incrementAt, MAX_BID_CENTS } from '@wine/contracts';
import type { LotEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { availableAt, type ListedLot, type Lot } from '../lots/lot.ts';

/**
 * Issue 37: the live room's calls on a lot's stream (DOMAIN.md "Live room"). The auctioneer opens the
 * lot at an ask (the advance bids' price plus the increment, or the opening bid), moves the ask, takes
 * floor and phone bids; internet bidders bid the ask they saw, refused when it moved. After every bid
 * the house bids for the absentee maximum at the next ask while it reaches it (at the same amount, the
 * earlier absentee wins). The server's order decides: a bid that arrives after the hammer is refused
 * and written as missed, for the clerk. Sold or passed can be undone until the room moves on, which
 * writes LotClosed as a timed lot's close does.
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
  | { type: 'FairWarning' }
  | { type: 'Hammer'; outcome: 'sold' | 'passed' }
  | { type: 'UndoCall'; reason: string }
  | { type: 'FinishLiveLot'; now: Date };

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
  command: Extract<LiveCommand, { type: 'TakeLiveBid' }>,
): LotEvent[] {
  const { bidId, source, bidderId, paddle, ask, increments } = command;
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
      const price = state.bidCount > 0 ? state.price : null;
      const leaderId = price !== null ? (state.leader?.bidderId ?? null) : null;
      const ask = price === null ? Math.max(state.lot.openingBid, 100) : nextAsk(command.increments, price);
      return [{ type: 'LiveLotOpened', data: { auctionId: command.auctionId, ask, price, leaderId } }];
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
      return taken(open, command);
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
