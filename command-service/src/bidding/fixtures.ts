import { defaultBidIncrements } from '@wine/contracts';
import type { LotEvent, LotListedData } from '@wine/event-schemas';
import { listedLot } from '@wine/platform/testing';
import { type BiddingRules, type LotCommand, lotDecider } from '../lots/decide.ts';

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

/** The events an accepted command appends (the spec decides; this folds them into the next given). */
export const after = (given: LotEvent[], command: LotCommand) => [
  ...given,
  ...lotDecider.decide(command, given.reduce(lotDecider.evolve, lotDecider.initialState())),
];
