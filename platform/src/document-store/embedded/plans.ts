/**
 * Index plans (planner.ts uses them): which prefix of an index's fields a filter's equality
 * constraints fix, the range or sort on the next field, the key bounds to walk, and which plan is
 * the cheaper (a skip scan over a few values of a leading field included).
 */

import type { Constraints, Range } from './constraints.ts';
import type { Scalar } from './fast-filter.ts';
import {
  BOTTOM,
  type Component,
  type Key,
  prefixCounts,
  prefixKey,
  type SortedIndex,
  TOP,
  valuesAfter,
} from './sorted-index.ts';

/** The most equality combinations one plan may enumerate. */
const MAX_COMBOS = 1024;

export interface IndexPlan {
  index: SortedIndex;
  /** Length of the equality prefix. */
  p: number;
  combos: Scalar[][];
  /** A range on field `p`. */
  range: Range | null;
  /** The filter is exactly the constraints this plan applies: no document needs checking. */
  covers: boolean;
  /** Documents under the equality prefix (all of them when `p` is 0). */
  estimate: number;
}

/** The filter is exactly the constraints on `fields` (an index applying them leaves nothing to check). */
export function appliedBy(cons: Constraints, fields: readonly string[]): boolean {
  const used = new Set(fields);
  return cons.exact && [...cons.fields].every(([field, c]) => c.exact && used.has(field));
}

export function planFor(index: SortedIndex, cons: Constraints, total: number): IndexPlan | null {
  if (index.irregular.size > 0) return null;
  let combos: Scalar[][] = [[]];
  let p = 0;
  for (; p < index.fields.length; p++) {
    const eq = cons.fields.get(index.fields[p] as string)?.eq;
    if (!eq || combos.length * eq.length > MAX_COMBOS) break;
    combos = combos.flatMap((combo) => eq.map((v) => [...combo, v]));
  }
  // Equal values in an $in list would walk (and count) their documents twice.
  if (p > 0) combos = [...new Map(combos.map((c) => [prefixKey(c, p), c])).values()];
  const range = p < index.fields.length ? (cons.fields.get(index.fields[p] as string)?.range ?? null) : null;
  const covers = appliedBy(cons, index.fields.slice(0, range ? p + 1 : p));
  let estimate = total;
  if (p > 0) {
    const counts = prefixCounts(index, p);
    estimate = 0;
    for (const combo of combos) estimate += counts.get(prefixKey(combo, p)) ?? 0;
  }
  return { index, p, combos, range, covers, estimate };
}

export function bounds(plan: IndexPlan, combo: Scalar[]): [Key, Key] {
  const r = plan.range;
  if (!r)
    return [
      [...combo, BOTTOM],
      [...combo, TOP],
    ];
  const low: Component[] = r.low
    ? [r.low.value, r.low.inclusive ? BOTTOM : TOP]
    : [{ rank: r.rank, side: -1 }];
  const high: Component[] = r.high
    ? [r.high.value, r.high.inclusive ? TOP : BOTTOM]
    : [{ rank: r.rank, side: 1 }];
  return [
    [...combo, ...low],
    [...combo, ...high],
  ];
}

export const narrows = (plan: IndexPlan) => plan.p > 0 || plan.range !== null;

/** The fields whose constraints a plan applies. */
export const usedBy = (plan: IndexPlan) => plan.index.fields.slice(0, plan.range ? plan.p + 1 : plan.p);

/** Whether walk `a` is cheaper than walk `b` (both in the sort's order). */
export function betterWalk(a: IndexPlan, b: IndexPlan): boolean {
  if (a.estimate !== b.estimate) return a.estimate < b.estimate;
  if (a.covers !== b.covers) return a.covers;
  if (a.combos.length !== b.combos.length) return a.combos.length < b.combos.length;
  return a.p > b.p;
}

/** Whether a skip scan of `candidate` could be a better walk than `best` (before working it out). */
export const mayBeBetter = (candidate: IndexPlan, best: IndexPlan) =>
  candidate.estimate < best.estimate ||
  (candidate.estimate === best.estimate && !(best.covers && best.combos.length === 1));

/** The most values a skip scan reads from an index for the fields it skips. */
const MAX_SKIPPED = 64;

/**
 * `plan` walked in the order of `field` although `field` does not follow its equality prefix: the
 * fields in between (no condition on them, or equality) take each value the index holds under the
 * prefix (read by seeking: a skip scan) or each value asked, and each combination is one more walk,
 * merged in `field`'s order (a country's lots by price from {status, country, colour, price}: one
 * walk per colour). Null when `field` is not further on in the index, a field in between has a range,
 * or there are too many values.
 */
export function skipScan(plan: IndexPlan, field: string, cons: Constraints): IndexPlan | null {
  const { index } = plan;
  const at = index.fields.indexOf(field);
  if (at <= plan.p || plan.range) return null;
  let combos = plan.combos;
  for (let i = plan.p; i < at; i++) {
    const c = cons.fields.get(index.fields[i] as string);
    if (c?.range) return null;
    const next: Scalar[][] = [];
    for (const combo of combos) {
      const values = c?.eq ?? valuesAfter(index, combo, MAX_SKIPPED);
      if (!values) return null;
      for (const value of values) next.push([...combo, value]);
      if (next.length > MAX_SKIPPED) return null;
    }
    combos = next;
  }
  const range = cons.fields.get(field)?.range ?? null;
  const covers = appliedBy(cons, index.fields.slice(0, at + 1));
  return { index, p: at, combos, range, covers, estimate: plan.estimate };
}

/** The narrowing plan with the fewest documents under its prefix. */
export function cheapest(plans: IndexPlan[]): IndexPlan | null {
  let best: IndexPlan | null = null;
  for (const plan of plans) {
    if (!narrows(plan)) continue;
    if (!best || plan.estimate < best.estimate || (plan.estimate === best.estimate && plan.covers)) {
      best = plan;
    }
  }
  return best;
}
