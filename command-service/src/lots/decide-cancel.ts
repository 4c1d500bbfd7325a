import type { LotEvent, RecordedEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { type BiddingRules, decideBid } from './decide-bid.ts';
import { availableAt, evolveLot, type ListedLot, type Lot, reserveMet } from './lot.ts';

/** A maximum as a bidder set it: the bid (or raise) that set it, who, and the amount. */
export interface BookEntry {
  bidId: string;
  bidderId: string;
  max: number;
}

/**
 * Every maximum still standing on a lot, in the order set: its own bids and raises, less those the
 * house cancelled. Read from the lot's events when a cancel is asked for, so the folded state (loaded
 * for every bid) carries no list that grows with each bid.
 */
export function bookOf(events: readonly Pick<RecordedEvent, 'type' | 'data'>[]): BookEntry[] {
  const book: BookEntry[] = [];
  const cancelled = new Set<string>();
  for (const { type, data } of events) {
    if (type === 'BidPlaced' || type === 'MaxBidRaised') {
      const d = data as { bidId: string; bidderId: string; maxAmount: number };
      book.push({ bidId: d.bidId, bidderId: d.bidderId, max: d.maxAmount });
    } else if (type === 'BidsCancelled') {
      for (const id of (data as { bidIds: string[] }).bidIds) cancelled.add(id);
    }
  }
  return book.filter((entry) => !cancelled.has(entry.bidId));
}

/** Where the bids stood when the book was read: a bid or raise since then changes one of them. */
export const bidsSeen = (state: Lot) =>
  state.status === 'empty' ? null : { bidCount: state.bidCount, leaderMax: state.leader?.max ?? null };

/** Issue 33 bid/bidCancel: one bid, or every bid of one bidder, cancelled by the house with a reason. */
export interface CancelBids {
  type: 'CancelBids';
  /** The standing maxima in order (bookOf), read when the lot stood at `seen`. */
  book: BookEntry[];
  seen: { bidCount: number; leaderMax: number | null } | null;
  /** The bid to cancel (its bidder's other bids stay), or null with `bidderId` for all of theirs. */
  bidId: string | null;
  bidderId: string | null;
  reason: string;
  /** Minutes after now the close moves to (never earlier than it is); 0 leaves it. */
  extendMinutes: number;
  /** A lot that closed unsold opens again (the admin's explicit choice), closing `extendMinutes` from now. */
  reopen: boolean;
  rules: BiddingRules;
  now: Date;
}

/** Issue 33 bid/manualAward: the lot sold to a registered buyer at a price. */
export interface AwardLot {
  type: 'AwardLot';
  buyerId: string;
  price: number;
  reason: string;
  /** The admin confirms a price below the standing online maximum or the reserve. */
  confirm: boolean;
  /** A seller may award only their own lot. */
  sellerId: string | null;
  now: Date;
}

/**
 * DOMAIN.md "Bids", run again: the remaining maxima placed in their order on the lot as listed, each
 * decided as a bid then (a maximum the lower ladder no longer accepts is left out). Time, the start and
 * the close play no part: every maximum was accepted in time once.
 */
export function replayLadder(
  state: ListedLot,
  book: readonly BookEntry[],
  cancelled: ReadonlySet<string>,
  rules: BiddingRules,
) {
  const at = new Date(Date.parse(state.lot.startsAt));
  let replay: Lot = evolveLot(
    { status: 'empty' },
    {
      type: 'LotListed',
      data: { ...state.lot, closesAt: new Date(8.64e15).toISOString() },
    },
  );
  replay = { ...(replay as ListedLot), sold: state.sold };
  const rows: Extract<LotEvent, { type: 'BidsCancelled' }>['data']['rows'] = [];
  for (const entry of book) {
    if (cancelled.has(entry.bidId)) continue;
    let events: LotEvent[];
    try {
      events = decideBid(
        {
          type: 'PlaceBid',
          bidId: entry.bidId,
          bidderId: entry.bidderId,
          amount: entry.max,
          hasCard: true,
          now: at,
          rules,
        },
        replay,
      );
    } catch {
      continue;
    }
    for (const event of events) {
      if (event.type === 'LotExtended') continue;
      replay = evolveLot(replay, event);
      if (event.type === 'BidPlaced' || event.type === 'ProxyBidPlaced') {
        const { bidId, bidderId, amount, maxAmount, leads } = event.data;
        rows.push({ bidId, bidderId, amount, maxAmount, leads, proxy: event.type === 'ProxyBidPlaced' });
      }
    }
  }
  return { state: replay as ListedLot, rows };
}

export function decideCancel(command: CancelBids, state: Lot): LotEvent[] {
  if (state.status === 'empty') throw new AppError('LOT_NOT_FOUND');
  if (state.status === 'withdrawn') throw new AppError('LOT_NOT_OPEN');
  // A bid or raise landed after the book was read: the route reads it again.
  if (JSON.stringify(bidsSeen(state)) !== JSON.stringify(command.seen)) throw new AppError('BIDS_CHANGED');
  const targets = command.book.filter((entry) =>
    command.bidId ? entry.bidId === command.bidId : entry.bidderId === command.bidderId,
  );
  const first = targets[0];
  if (!first) throw new AppError('BID_NOT_FOUND');
  // Cancelling one bid of a bidder who raised it later cancels that bid only; a raise is its own entry.
  const now = command.now.getTime();
  let closesAt: string | null = null;
  if (state.status === 'closed') {
    if (state.outcome === 'sold') throw new AppError('BID_CANCEL_SOLD');
    if (!command.reopen) throw new AppError('BID_CANCEL_CLOSED');
    if (command.extendMinutes < 1) throw new AppError('REOPEN_NEEDS_TIME');
    closesAt = new Date(now + command.extendMinutes * 60_000).toISOString();
  } else if (command.extendMinutes > 0) {
    const extended = now + command.extendMinutes * 60_000;
    if (extended > Date.parse(state.lot.closesAt)) closesAt = new Date(extended).toISOString();
  }
  const cancelled = new Set(targets.map((entry) => entry.bidId));
  const { state: after, rows } = replayLadder(state, command.book, cancelled, command.rules);
  const leader = after.leader;
  return [
    {
      type: 'BidsCancelled',
      data: {
        bidIds: [...cancelled],
        bidderId: first.bidderId,
        reason: command.reason,
        before: { price: state.price, leaderId: state.leader?.bidderId ?? null },
        after: {
          price: after.price,
          leaderId: leader?.bidderId ?? null,
          leaderMax: leader?.max ?? null,
          nextBid: after.nextBid,
          reserveMet: leader !== null && reserveMet(state.lot, leader.max),
        },
        rows,
        closesAt,
        reopened: state.status === 'closed',
      },
    },
  ];
}

export function decideAward(command: AwardLot, state: Lot): LotEvent[] {
  if (state.status === 'empty') throw new AppError('LOT_NOT_FOUND');
  if (command.sellerId !== null && state.lot.sellerId !== command.sellerId)
    throw new AppError('NOT_YOUR_LOT');
  if (state.status === 'withdrawn') throw new AppError('LOT_NOT_OPEN');
  if (state.status === 'closed' && state.outcome === 'sold') throw new AppError('LOT_ALREADY_SOLD');
  if (command.buyerId === state.lot.sellerId) throw new AppError('OWN_LOT');
  const remaining = availableAt(state, command.now.getTime());
  if (remaining < 1) throw new AppError('LOT_SOLD_OUT');
  const leader = state.status === 'open' ? state.leader : null;
  const belowBid = leader !== null && leader.bidderId !== command.buyerId && command.price < leader.max;
  const belowReserve = state.lot.reserve !== null && command.price < state.lot.reserve;
  if ((belowBid || belowReserve) && !command.confirm)
    throw new AppError(belowBid ? 'AWARD_BELOW_BID' : 'AWARD_BELOW_RESERVE');
  if ((belowBid || belowReserve) && !command.reason.trim()) throw new AppError('AWARD_NEEDS_REASON');
  return [
    {
      type: 'LotAwarded',
      data: {
        buyerId: command.buyerId,
        price: command.price,
        reason: command.reason,
        belowBid,
        belowReserve,
      },
    },
    {
      type: 'LotClosed',
      data: {
        outcome: 'sold',
        winnerId: command.buyerId,
        hammerPrice: command.price,
        losers: state.bidders.filter((b) => b !== command.buyerId),
        bidCount: state.bidCount,
        reserveMet: !belowReserve,
        closesAt: command.now.toISOString(),
        quantity: remaining,
        endedBy: 'award',
      },
    },
  ];
}
