import { formatMoney, type IncrementRule, incrementAt, MAX_BID_CENTS, nextBid } from '@wine/contracts';
import type { LotEvent, LotListedData } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { availableAt, type ListedLot, type Lot, reserveMet } from './lot.ts';

/** The market's bidding configuration a bid is decided with (DOMAIN.md "Bids"). */
export interface BiddingRules {
  increments: readonly IncrementRule[];
  /** proxy_bidding_settings non-zero: a bid is a maximum; otherwise the amount is the price. */
  proxy: boolean;
  softCloseWindowMinutes: number;
  softCloseExtendMinutes: number;
}

/** seeds 000 §4.3 bid/confirm: the bidding part of the lot decider. */
export interface PlaceBid {
  type: 'PlaceBid';
  bidId: string;
  bidderId: string;
  /** Cents: the maximum (proxy) or the price (hard). */
  amount: number;
  /** The bidder has a card on file (seeds 000 §5). */
  hasCard: boolean;
  now: Date;
  rules: BiddingRules;
  /** The bidding type the bidder's page showed (bidding_type), when it sent one: it must be the market's. */
  biddingType?: 'proxy' | 'hard' | undefined;
}

/** DOMAIN.md: once a maximum reaches the reserve the price jumps to at least the reserve. */
const withReserve = (lot: LotListedData, price: number, leaderMax: number) =>
  lot.reserve !== null && leaderMax >= lot.reserve ? Math.max(price, lot.reserve) : price;

/** The refusals every bid meets before its amount is looked at, in the order a bidder can fix them. */
function checkBiddable(state: Lot, command: PlaceBid): ListedLot {
  const marketType = command.rules.proxy ? 'proxy' : 'hard';
  if (command.biddingType && command.biddingType !== marketType)
    throw new AppError('WRONG_BIDDING_TYPE', { params: { type: marketType } });
  if (state.status === 'empty') throw new AppError('LOT_NOT_FOUND');
  if (state.status === 'withdrawn') throw new AppError('LOT_WITHDRAWN');
  const now = command.now.getTime();
  // DOMAIN.md: a lot's bottles are sold once. With none left (bought, or held by a buyer's checkout),
  // there is nothing for the auction to sell: say so, rather than only that bidding closed.
  if (state.lot.auction && availableAt(state, now) === 0) throw new AppError('LOT_SOLD_OUT');
  if (state.status === 'closed') throw new AppError('BIDDING_CLOSED');
  if (!state.lot.auction) throw new AppError('NOT_AUCTION');
  if (now < Date.parse(state.lot.startsAt)) throw new AppError('NOT_STARTED');
  // The server clock decides: a bid that arrives at or after the (extended) close is refused.
  if (now >= Date.parse(state.lot.closesAt)) throw new AppError('BIDDING_CLOSED');
  if (state.lot.sellerId === command.bidderId) throw new AppError('OWN_LOT');
  if (!command.hasCard) throw new AppError('ADD_CARD');
  if (command.amount > MAX_BID_CENTS)
    throw new AppError('BID_CAPPED', { params: { amount: formatMoney(MAX_BID_CENTS) } });
  if (command.amount < state.nextBid)
    throw new AppError('MIN_BID', { params: { amount: formatMoney(state.nextBid) } });
  return state;
}

/** DOMAIN.md "Bids": the events one accepted bid causes, before the soft close is looked at. */
function bidEvents(state: ListedLot, command: PlaceBid): LotEvent[] {
  const { lot, leader, price } = state;
  const { bidId, bidderId, amount: m, rules } = command;
  const next = (p: number) =>
    nextBid(rules.increments, { openingBid: lot.openingBid, price: p, hasBids: true });
  const inc = (p: number) => incrementAt(rules.increments, p);

  /** The bidder's own row: it stands at `amount`, with their maximum behind it. */
  const own = (
    amount: number,
    row: { maxAmount: number; leads: boolean; outbidUserId: string | null; reserveMet: boolean },
  ): LotEvent => ({
    type: 'BidPlaced',
    data: {
      bidId,
      bidderId,
      amount,
      nextBid: next(amount),
      biddingType: rules.proxy ? 'proxy' : 'hard',
      ...row,
    },
  });
  /** A row the system places for a maximum (it always leads): answering this bid, or reaching the reserve. */
  const auto = (who: string, amount: number, maxAmount: number, reason: 'proxy' | 'reserve'): LotEvent => ({
    type: 'ProxyBidPlaced',
    data: {
      bidId: `${bidId}-${reason}`,
      bidderId: who,
      amount,
      maxAmount,
      leads: true,
      outbidUserId: null,
      nextBid: next(amount),
      reserveMet: reserveMet(lot, maxAmount),
      reason,
      answersBidId: bidId,
    },
  });

  if (!rules.proxy) {
    // Hard bidding: the amount is the price.
    const outbidUserId = leader && leader.bidderId !== bidderId ? leader.bidderId : null;
    return [own(m, { maxAmount: m, leads: true, outbidUserId, reserveMet: reserveMet(lot, m) })];
  }

  if (!leader) {
    const p = withReserve(lot, lot.openingBid, m);
    return [own(p, { maxAmount: m, leads: true, outbidUserId: null, reserveMet: reserveMet(lot, m) })];
  }

  if (leader.bidderId === bidderId) {
    // The leader raises their own maximum: the price stays, unless the raise reaches the reserve.
    if (m <= leader.max)
      throw new AppError('MAX_NOT_HIGHER', { params: { amount: formatMoney(leader.max) } });
    const raised: LotEvent = {
      type: 'MaxBidRaised',
      data: { bidId, bidderId, maxAmount: m, previousMax: leader.max },
    };
    const lifted = withReserve(lot, price, m);
    return lifted === price ? [raised] : [raised, auto(bidderId, lifted, m, 'reserve')];
  }

  const h = leader.max;
  if (m > h) {
    // The newcomer leads at min(M, H + increment(H)); the old leader's maximum is spent first.
    const spent = h > price ? [auto(leader.bidderId, h, h, 'proxy')] : [];
    const p = withReserve(lot, Math.min(m, h + inc(h)), m);
    return [
      ...spent,
      own(p, { maxAmount: m, leads: true, outbidUserId: leader.bidderId, reserveMet: reserveMet(lot, m) }),
    ];
  }

  // M <= H: the leader stays (at M == H the earlier bid wins) and answers at min(H, M + increment(M)).
  const p = withReserve(lot, Math.min(h, m + inc(m)), h);
  return [
    own(m, { maxAmount: m, leads: false, outbidUserId: null, reserveMet: reserveMet(lot, h) }),
    auto(leader.bidderId, p, h, 'proxy'),
  ];
}

/**
 * DOMAIN.md soft close: a bid accepted with less than the window left moves the close to `extend`
 * minutes after the bid; it never shortens a close.
 */
function softClose(state: ListedLot, command: PlaceBid): LotEvent[] {
  const { softCloseWindowMinutes: window, softCloseExtendMinutes: extend } = command.rules;
  const close = Date.parse(state.lot.closesAt);
  const now = command.now.getTime();
  if (close - now >= window * 60_000) return [];
  const extended = now + extend * 60_000;
  if (extended <= close) return [];
  return [
    {
      type: 'LotExtended',
      data: {
        previousClose: state.lot.closesAt,
        closesAt: new Date(extended).toISOString(),
        bidId: command.bidId,
        rule: 'soft-close',
        windowMinutes: window,
        extendMinutes: extend,
      },
    },
  ];
}

/** A bid on the lot's stream: refused, or the bid, the automatic answers and the soft close it causes. */
export function decideBid(command: PlaceBid, state: Lot): LotEvent[] {
  const lot = checkBiddable(state, command);
  return [...bidEvents(lot, command), ...softClose(lot, command)];
}
