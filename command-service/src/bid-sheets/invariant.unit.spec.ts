import { defaultBidIncrements } from '@wine/contracts';
import type { BidSheetEvent } from '@wine/event-schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BidSheetCommand, bidSheetDecider, type LotFacts } from './decide.ts';
import { type ActiveSheet, type BidSheet, committed } from './sheet.ts';

/**
 * Issue 37 §6, the sheet's invariant under every order of wins, losses and refusals: whatever the
 * lots do, after every step Σ placed open caps × (1 + premium) + Σ won hammers with their premium ≤
 * the limit; no group has two lines placed or won; no cap exceeds its line's maximum; every cap placed
 * was a bid the lot took.
 */
const PREMIUM = 20;

interface Model {
  state: BidSheet;
  closed: Set<string>;
}

function step(model: Model, command: BidSheetCommand): BidSheetEvent[] {
  const events = bidSheetDecider.decide(command, model.state);
  model.state = events.reduce(bidSheetDecider.evolve, model.state);
  return events;
}

function checkInvariant(state: BidSheet) {
  const sheet = state as ActiveSheet;
  expect(committed(sheet)).toBeLessThanOrEqual(sheet.limit);
  for (const group of sheet.groups) {
    const holding = sheet.lines.filter(
      (l) => group.includes(l.lotId) && (l.status === 'bidding' || l.status === 'won'),
    );
    expect(holding.length).toBeLessThanOrEqual(1);
  }
  for (const line of sheet.lines) if (line.cap !== null) expect(line.cap).toBeLessThanOrEqual(line.max);
}

/** The house's step over lots whose facts the spec chose; checks each cap placed is one the lot takes. */
function place(model: Model, facts: LotFacts[]) {
  const lots = Object.fromEntries(facts.map((f) => [f.lotId, f]));
  for (const event of step(model, {
    type: 'PlaceLines',
    lots,
    premiumPercent: PREMIUM,
    increments: defaultBidIncrements,
    canBid: true,
  })) {
    const lot = lots[(event.data as { lotId: string }).lotId] as LotFacts;
    if (event.type === 'BidSheetLinePlaced') expect(event.data.cap).toBeGreaterThanOrEqual(lot.nextBid);
    if (event.type === 'BidSheetLineRaised') {
      if (lot.ownMax === null) expect(event.data.cap).toBeGreaterThanOrEqual(lot.nextBid);
      else expect(event.data.cap).toBeGreaterThan(lot.ownMax);
    }
  }
  checkInvariant(model.state);
}

const saved = (limit: number, maxes: number[], groups: string[][]): BidSheetEvent => ({
  type: 'BidSheetSaved',
  data: {
    auctionId: 'a1',
    bidderId: 'ann',
    limit,
    lines: maxes.map((max, i) => ({ lotId: `l${i}`, max })),
    groups: groups.map((lotIds) => ({ lotIds })),
  },
});

const open = (model: Model, lotId: string, nextBid: number, over: Partial<LotFacts> = {}): LotFacts => ({
  lotId,
  takes: model.closed.has(lotId) ? 'never' : 'now',
  nextBid,
  ownMax: null,
  sellerId: 'sam',
  ...over,
});

/** Every permutation of `items`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('the limit, whatever the lots do', () => {
  it('holds for every order of closes, each won or lost, with a raise or a placement after each', () => {
    // $3,000 for four lots ($1,200 ... $600 maximums), l0 or l1: never all at once.
    const maxes = [120_000, 90_000, 80_000, 60_000];
    const lots = maxes.map((_, i) => `l${i}`);
    let runs = 0;
    for (const order of permutations(lots)) {
      for (let wins = 0; wins < 2 ** lots.length; wins++) {
        const model: Model = { state: bidSheetDecider.initialState(), closed: new Set() };
        model.state = bidSheetDecider.evolve(model.state, saved(300_000, maxes, [['l0', 'l1']]));
        place(
          model,
          lots.map((id) => open(model, id, 10_000)),
        );
        for (const [k, lotId] of order.entries()) {
          const line = (model.state as ActiveSheet).lines.find((l) => l.lotId === lotId);
          const bidding = line?.status === 'bidding' && line.cap !== null;
          // The bidder wins only a lot the house bid on, at most at its cap.
          const winner = bidding && (wins >> k) & 1 ? 'ann' : 'bob';
          const hammer = winner === 'ann' ? Math.max(10_000, (line?.cap ?? 0) - 5_000) : 200_000;
          model.closed.add(lotId);
          step(model, {
            type: 'RecordOutcome',
            lotId,
            winnerId: winner,
            hammerPrice: hammer,
            premiumPercent: PREMIUM,
          });
          checkInvariant(model.state);
          place(
            model,
            lots.map((id) => open(model, id, 10_000)),
          );
        }
        const sheet = model.state as ActiveSheet;
        // Every lot closed: what stays committed is exactly what was won, with its premium.
        const wonTotal = sheet.lines
          .filter((l) => l.status === 'won')
          .reduce((sum, l) => sum + l.amount + l.premium, 0);
        expect(committed(sheet)).toBe(wonTotal);
        runs += 1;
      }
    }
    expect(runs).toBe(24 * 16);
  });

  it('holds under random sheets, prices, closes and refusals', () => {
    const line = fc.integer({ min: 10, max: 5_000 }).map((d) => d * 100);
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('place' as const),
        prices: fc.array(fc.integer({ min: 1, max: 6_000 }), { minLength: 8, maxLength: 8 }),
        later: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        leads: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('close' as const),
        lot: fc.nat(7),
        win: fc.boolean(),
        below: fc.nat(100_000),
      }),
      fc.record({
        kind: fc.constant('refuse' as const),
        lot: fc.nat(7),
        code: fc.constantFrom('MIN_BID', 'BIDDING_CLOSED', 'MAX_NOT_HIGHER'),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1_000, max: 2_000_000 }),
        fc.array(fc.nat(3), { minLength: 8, maxLength: 8 }),
        fc.array(action, { minLength: 1, maxLength: 40 }),
        (maxes, limit, groupOf, actions) => {
          const lots = maxes.map((_, i) => `l${i}`);
          // Lots with the same group number (1..3) form an either/or group when two or more share it.
          const groups = [1, 2, 3]
            .map((g) => lots.filter((_, i) => groupOf[i] === g))
            .filter((group) => group.length >= 2);
          const model: Model = { state: bidSheetDecider.initialState(), closed: new Set() };
          model.state = bidSheetDecider.evolve(model.state, saved(limit, maxes, groups));
          for (const act of actions) {
            const sheet = model.state as ActiveSheet;
            if (act.kind === 'place') {
              place(
                model,
                lots.map((id, i) => {
                  const current = sheet.lines.find((l) => l.lotId === id);
                  const leads = act.leads && current?.status === 'bidding' ? current.cap : null;
                  return open(model, id, (act.prices[i] ?? 1) * 100, {
                    ownMax: leads,
                    ...(act.later[i] && !model.closed.has(id) && { takes: 'later' as const }),
                  });
                }),
              );
            } else if (act.kind === 'close') {
              const lotId = lots[act.lot % lots.length] as string;
              const current = sheet.lines.find((l) => l.lotId === lotId);
              const bidding = current?.status === 'bidding' && current.cap !== null;
              const win = act.win && bidding;
              model.closed.add(lotId);
              step(model, {
                type: 'RecordOutcome',
                lotId,
                winnerId: win ? 'ann' : 'bob',
                hammerPrice: win ? Math.max(1, (current?.cap ?? 1) - act.below) : 1_000,
                premiumPercent: PREMIUM,
              });
            } else {
              const lotId = lots[act.lot % lots.length] as string;
              const current = sheet.lines.find((l) => l.lotId === lotId);
              if (current?.cap != null)
                step(model, { type: 'RecordRefusal', lotId, cap: current.cap, code: act.code });
            }
            checkInvariant(model.state);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
