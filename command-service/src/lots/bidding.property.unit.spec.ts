import { defaultBidIncrements, type IncrementRule, incrementAt } from '@wine/contracts';
import { type LotEvent, type LotListedData, events as registry } from '@wine/event-schemas';
import { listedLot } from '@wine/platform/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BiddingRules, type LotCommand, lotDecider } from './decide.ts';
import type { ListedLot, Lot } from './lot.ts';

/**
 * Random bid sequences against the lot decider (issue "Live auction core", property-based tests).
 * The reference values (who should lead, what the price should be) are computed here from the
 * accepted maximums, independently of the decider's own bookkeeping.
 */

const $ = (dollars: number) => Math.round(dollars * 100);
const START = Date.parse('2026-11-20T12:00:00.000Z');
const CLOSE = Date.parse('2026-11-20T13:00:00.000Z');
const BIDDERS = ['ann', 'bob', 'cat', 'dan'] as const;

const lotData = (openingBid: number, reserve: number | null): LotListedData =>
  listedLot({
    openingBid,
    reserve,
    startsAt: new Date(START).toISOString(),
    closesAt: new Date(CLOSE).toISOString(),
  });

const percentTable: IncrementRule[] = [
  { from_amount: 0, to_amount: $(499.99), increment: $(5), value_type: 'fixed' },
  { from_amount: $(500), to_amount: null, increment: 7.5, value_type: 'percentage' },
];

/** One step of a sequence: who bids, how far above (or below) next_bid, and how much later. */
const step = fc.record({
  bidder: fc.constantFrom(...BIDDERS),
  /** Dollars relative to next_bid; negative ones must be refused. */
  over: fc.oneof(fc.integer({ min: -30, max: 40 }), fc.integer({ min: 0, max: 5_000 })),
  /** Milliseconds since the previous step: mostly quick, sometimes minutes (to cross the close). */
  later: fc.oneof(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 60_000, max: 20 * 60_000 })),
});

const scenario = fc.record({
  proxy: fc.boolean(),
  table: fc.constantFrom(defaultBidIncrements, percentTable),
  openingBid: fc.integer({ min: 1, max: 2_000 }).map($),
  reserve: fc.option(fc.integer({ min: 1, max: 6_000 }).map($), { nil: null }),
  window: fc.constantFrom(2, 5),
  extend: fc.constantFrom(3, 5),
  steps: fc.array(step, { minLength: 1, maxLength: 40 }),
});

interface Accepted {
  /** Each bidder's current maximum and the step at which they reached it. */
  maxes: Map<string, { max: number; at: number }>;
}

const fold = (events: readonly LotEvent[]) =>
  events.reduce(lotDecider.evolve, lotDecider.initialState()) as ListedLot;

/** DOMAIN.md: once the leader's maximum reaches the reserve the price is at least the reserve. */
const withReserve = (reserve: number | null, price: number, leaderMax: number) =>
  reserve !== null && leaderMax >= reserve ? Math.max(price, reserve) : price;

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function run(s: Scenario) {
  const rules: BiddingRules = {
    increments: s.table,
    proxy: s.proxy,
    softCloseWindowMinutes: s.window,
    softCloseExtendMinutes: s.extend,
  };
  const history: LotEvent[] = [{ type: 'LotListed', data: lotData(s.openingBid, s.reserve) }];
  const accepted: Accepted = { maxes: new Map() };
  let now = START;
  let state = fold(history);

  s.steps.forEach((st, i) => {
    now += st.later;
    const amount = Math.max(0, state.nextBid + $(st.over));
    const command: LotCommand = {
      type: 'PlaceBid',
      bidId: `bid-${i}`,
      bidderId: st.bidder,
      amount,
      hasCard: true,
      now: new Date(now),
      rules,
    };
    const before = state;
    const wasLeader = before.leader?.bidderId === st.bidder;
    let decided: LotEvent[];
    try {
      decided = lotDecider.decide(command, before);
    } catch {
      // Refused: nothing is written, so nothing changes. A refusal is due only for a reason.
      const late = now >= Date.parse(before.lot.closesAt);
      const low = amount < before.nextBid;
      const notHigher = s.proxy && wasLeader && amount <= (before.leader?.max ?? 0);
      expect(late || low || notHigher, `step ${i} refused without a reason`).toBe(true);
      return;
    }

    // No bid is accepted at or after the (extended) close.
    expect(now).toBeLessThan(Date.parse(before.lot.closesAt));
    expect(amount).toBeGreaterThanOrEqual(before.nextBid);
    history.push(...decided);
    state = fold(history);

    // The soft close never shortens a lot.
    expect(Date.parse(state.lot.closesAt)).toBeGreaterThanOrEqual(Date.parse(before.lot.closesAt));
    if (Date.parse(before.lot.closesAt) - now < s.window * 60_000) {
      expect(Date.parse(state.lot.closesAt)).toBeGreaterThanOrEqual(now + s.extend * 60_000);
    }

    if (!s.proxy) {
      // Hard bidding: the amount is the price and its bidder leads.
      expect(state.price).toBe(amount);
      expect(state.leader?.bidderId).toBe(st.bidder);
      return;
    }

    accepted.maxes.set(st.bidder, { max: amount, at: i });
    const ranked = [...accepted.maxes.entries()].sort((a, b) => b[1].max - a[1].max || a[1].at - b[1].at);
    const [top, second] = ranked;
    // The leader always holds the highest maximum, the earliest on ties.
    expect(state.leader).toEqual({ bidderId: top?.[0], max: top?.[1].max });
    // The price never exceeds the leader's maximum.
    expect(state.price).toBeLessThanOrEqual(state.leader?.max ?? 0);

    if (wasLeader) {
      // DOMAIN.md: raising one's own maximum moves no price, unless it lifts the price to the reserve.
      expect(state.price).toBe(withReserve(s.reserve, before.price, amount));
    } else if (second) {
      // Two bidders compete: min(leader max, second max + increment), lifted to a reached reserve.
      const l = top?.[1].max ?? 0;
      const m2 = second[1].max;
      expect(state.price).toBe(withReserve(s.reserve, Math.min(l, m2 + incrementAt(s.table, m2)), l));
    } else {
      expect(state.price).toBe(withReserve(s.reserve, s.openingBid, amount));
    }
  });
  return { history, state, rules };
}

describe('lot decider properties over random bid sequences', () => {
  it('keeps every bidding invariant at every step', () => {
    fc.assert(
      fc.property(scenario, (s) => void run(s)),
      { numRuns: 400 },
    );
  });

  it('gives the same state when the stored events are replayed (JSON round trip, schema validated)', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { history, state } = run(s);
        const replayed = history.map(
          (e) =>
            ({
              type: e.type,
              data: registry.upcast(
                e.type,
                registry.currentVersion(e.type),
                JSON.parse(JSON.stringify(e.data)),
              ).data,
            }) as LotEvent,
        );
        expect(fold(replayed)).toEqual(state);
      }),
      { numRuns: 200 },
    );
  });

  it('closes once, after the last close, selling only when the reserve is met', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { history, state } = run(s);
        const closesAt = Date.parse(state.lot.closesAt);
        expect(lotDecider.decide({ type: 'CloseLot', now: new Date(closesAt - 1) }, state)).toEqual([]);
        const [closed, ...rest] = lotDecider.decide({ type: 'CloseLot', now: new Date(closesAt) }, state);
        expect(rest).toEqual([]);
        expect(closed?.type).toBe('LotClosed');
        if (closed?.type !== 'LotClosed') return;
        const met = state.leader !== null && (s.reserve === null || state.leader.max >= s.reserve);
        expect(closed.data.winnerId).toBe(met ? state.leader?.bidderId : null);
        expect(closed.data.hammerPrice).toBe(met ? state.price : null);
        const after: Lot = fold([...history, closed]);
        expect(lotDecider.decide({ type: 'CloseLot', now: new Date(closesAt + 60_000) }, after)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
