import { defaultBidIncrements } from '@wine/contracts';
import type { LotEvent, LotListedData } from '@wine/event-schemas';
import { closedUnsold as closedUnsoldData, listedLot } from '@wine/platform/testing';
import { type BiddingRules, type LotCommand, lotDecider } from './decide.ts';

/** A lot listed for a week of bidding and the bids on it, for the lot decider's given/when/then specs. */
export const $ = (dollars: number) => Math.round(dollars * 100);
export const start = new Date('2026-11-20T12:00:00.000Z');
export const close = new Date('2026-11-27T18:00:00.000Z');
export const duringAuction = new Date('2026-11-25T12:00:00.000Z');
export const minutesBeforeClose = (m: number) => new Date(close.getTime() - m * 60_000);

export const lot = (over: Partial<LotListedData> = {}): LotListedData =>
  listedLot({ startsAt: start.toISOString(), closesAt: close.toISOString(), ...over });
export const listed = (over: Partial<LotListedData> = {}): LotEvent => ({
  type: 'LotListed',
  data: lot(over),
});

export const proxy: BiddingRules = {
  increments: defaultBidIncrements,
  proxy: true,
  softCloseWindowMinutes: 5,
  softCloseExtendMinutes: 5,
};
export const hard: BiddingRules = { ...proxy, proxy: false };

export const bid = (
  bidderId: string,
  dollars: number,
  over: Partial<Extract<LotCommand, { type: 'PlaceBid' }>> = {},
): LotCommand => ({
  type: 'PlaceBid',
  bidId: `b-${bidderId}-${dollars}`,
  bidderId,
  amount: $(dollars),
  hasCard: true,
  now: duringAuction,
  rules: proxy,
  ...over,
});

type Data<T extends LotEvent['type']> = Extract<LotEvent, { type: T }>['data'];

/*
 * The events an accepted command appends, written out (not decided): a given built by the decider under
 * test would change with it, so a broken decider could not fail its own specs. Amounts in dollars.
 */

/** A bid as recorded: the bidder's maximum `max`, shown at `at`, with the next bid `next`. */
export const placed = (
  bidderId: string,
  { max, at, next, ...over }: { max: number; at: number; next: number } & Partial<Data<'BidPlaced'>>,
): LotEvent => ({
  type: 'BidPlaced',
  data: {
    bidId: `b-${bidderId}-${max}`,
    bidderId,
    amount: $(at),
    nextBid: $(next),
    biddingType: 'proxy',
    maxAmount: $(max),
    leads: true,
    outbidUserId: null,
    reserveMet: true,
    ...over,
  },
});

/** A hard bid (no maximum above it) of `at`, leading, with the next bid `next`. */
export const placedHard = (bidderId: string, at: number, next: number): LotEvent =>
  placed(bidderId, { max: at, at, next, biddingType: 'hard' });

/** The leader's maximum answering another's bid `answersBidId` at `at`. */
export const proxyAnswer = (
  answersBidId: string,
  bidderId: string,
  { max, at, next }: { max: number; at: number; next: number },
): LotEvent => ({
  type: 'ProxyBidPlaced',
  data: {
    bidId: `${answersBidId}-proxy`,
    bidderId,
    amount: $(at),
    maxAmount: $(max),
    leads: true,
    outbidUserId: null,
    nextBid: $(next),
    reserveMet: true,
    reason: 'proxy',
    answersBidId,
  },
});

/** A lot with no bids closed at its close, unsold. */
export const closedUnsold: LotEvent = {
  type: 'LotClosed',
  data: closedUnsoldData({ closesAt: close.toISOString() }),
};

/** ann's opening bid with a maximum of `max` on a lot that opens at $100. */
export const annLeads = (max: number, over: Partial<Data<'BidPlaced'>> = {}): LotEvent =>
  placed('ann', { max, at: 100, next: 110, ...over });

/** What the lot decider appends for a command: the `when` of a spec that reads the events itself. */
export const decided = (given: LotEvent[], command: LotCommand) =>
  lotDecider.decide(command, given.reduce(lotDecider.evolve, lotDecider.initialState()));
