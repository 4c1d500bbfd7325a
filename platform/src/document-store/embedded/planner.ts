/**
 * Query planning over the embedded store's sorted indexes (sorted-index.ts), the way MongoDB plans
 * (plans.ts): equality (`v`, `$eq`, `$in`) on a leading prefix of an index's fields, then a range
 * (`$gt`, `$gte`, `$lt`, `$lte`) or the sort on the next field.
 *
 * The index only narrows the candidates: every candidate is still checked against the whole filter
 * (unless the index covers the filter exactly), and the caller sorts what comes back. So an index
 * answer differs from a scan only in cost. A `find` whose first sort field follows the equality
 * prefix walks the index in sort order and stops once it holds `skip + limit` matches and every
 * document tied with the last one on that field (the rest of the sort orders the ties).
 */

import { type Constraints, constraintsOf } from './constraints.ts';
import { DocSet, type DocTable } from './doc-table.ts';
import { type AnyObject, compileFastFilter, memoOfFrozen, type Scalar, UNKNOWN } from './fast-filter.ts';
import { type FilterCache, filterName } from './filter-cache.ts';
import {
  appliedBy,
  betterWalk,
  bounds,
  cheapest,
  type IndexPlan,
  mayBeBetter,
  narrows,
  planFor,
  skipScan,
  usedBy,
} from './plans.ts';
import {
  type Component,
  compareComponent,
  countRange,
  type Key,
  mergeWalks,
  type SortedIndex,
  visitRange,
  walkRange,
} from './sorted-index.ts';

export { constraintsOf };

type Test = ((doc: AnyObject) => boolean) | null;

/**
 * What a candidate of `plan` must still be checked for: nothing when the plan covers the filter; the
 * constraints the index did not apply when the filter is all constraints (cheaper than the whole
 * filter); the whole filter otherwise.
 */
function checkFor(plan: IndexPlan, cons: Constraints, test: Test): Test {
  if (plan.covers) return null;
  return checkBeyond(new Set(usedBy(plan)), cons, test);
}

/** What a candidate must still be checked for when the constraints on `used` hold already. */
function checkBeyond(used: Set<string>, cons: Constraints, test: Test): Test {
  if (!test || !cons.exact) return test;
  const rest: AnyObject = {};
  for (const [field, c] of cons.fields) {
    if (used.has(field)) continue;
    const condition: AnyObject = {};
    if (c.eq) condition.$in = c.eq;
    if (c.range?.low) condition[c.range.low.inclusive ? '$gte' : '$gt'] = c.range.low.value;
    if (c.range?.high) condition[c.range.high.inclusive ? '$lte' : '$lt'] = c.range.high.value;
    rest[field] = condition;
  }
  const fast = compileFastFilter(rest);
  if (!fast) return test;
  return (doc) => {
    const verdict = fast(doc);
    return verdict === UNKNOWN ? test(doc) : verdict;
  };
}

/** The matching candidates of `plan` (`into` null: only their number). */
function candidates<D extends AnyObject>(
  plan: IndexPlan,
  docs: DocTable<D>,
  check: Test,
  into: D[] | null,
): number {
  let n = 0;
  for (const combo of plan.combos) {
    const [low, high] = bounds(plan, combo);
    if (!check && !into) n += countRange(plan.index, low, high);
    else
      countRange(plan.index, low, high, (number) => {
        const doc = docs.at(number) as D;
        if (check && !check(doc)) return;
        n += 1;
        into?.push(doc);
      });
  }
  return n;
}

const ABANDONED = Symbol('abandoned');

/**
 * The documents of the narrowest plan, for a walk to test instead of reading and checking each
 * document it passes (MongoDB's AND_HASH): when the walk and that plan together apply every constraint
 * of the filter, and the walk is expected to pass many more entries than the plan holds (reading a
 * document and checking it costs many times a bit test; building the set, about one per document).
 * A rare country's lots by date: a few thousand bits, then a walk of bit tests.
 */
function membersFor(
  walkPlan: IndexPlan,
  narrow: IndexPlan,
  cons: Constraints,
  want: number,
  fewest: number,
): DocSet | null {
  if (narrow === walkPlan) return null;
  const walked = (want * walkPlan.estimate) / Math.max(fewest, 1);
  if (fewest > walked * 2 || !appliedBy(cons, [...usedBy(walkPlan), ...usedBy(narrow)])) return null;
  const members = new DocSet();
  for (const combo of narrow.combos) {
    const [low, high] = bounds(narrow, combo);
    countRange(narrow.index, low, high, (n) => members.add(n));
  }
  return members;
}

/**
 * `exact`: the walk's order is the whole sort's (the sort field is the index's last, then `_id` the
 * same way, and every `_id` a string), so it stops at `skip + limit` without completing the tie, and
 * answers the page itself: the first `skip` matches are passed over (without reading their documents
 * when nothing needs checking) and what it returns is in order.
 */
function walk<D extends AnyObject>(
  plan: IndexPlan,
  docs: DocTable<D>,
  check: Test,
  direction: 1 | -1,
  page: { skip: number; limit: number },
  budget: number,
  exact: boolean,
  members: DocSet | null = null,
): D[] | typeof ABANDONED {
  const want = page.skip + page.limit;
  let passed = exact ? page.skip : 0;
  const out: D[] = [];
  let last: Component | undefined;
  let examined = 0;
  /** One entry of the walk; false once the walk is over. */
  const visit = (indexKey: Key, n: number): boolean | typeof ABANDONED => {
    // An exact walk never reads the entry's key (a pointer away from the leaf: a cache miss).
    if (exact) {
      if (out.length >= page.limit) return false;
    } else if (
      out.length >= want &&
      compareComponent(indexKey[plan.p] as Component, last as Component) !== 0
    ) {
      return false;
    }
    if (++examined > budget) return ABANDONED;
    if (members && !members.has(n)) return true;
    if (passed > 0 && !check) {
      passed -= 1;
      return true;
    }
    const doc = docs.at(n) as D;
    if (!check || check(doc)) {
      if (passed > 0) passed -= 1;
      else {
        out.push(doc);
        if (!exact) last = indexKey[plan.p] as Component;
      }
    }
    return true;
  };
  if (plan.combos.length === 1) {
    const [low, high] = bounds(plan, plan.combos[0] as Scalar[]);
    let abandoned = false;
    visitRange(plan.index, low, high, direction, (indexKey, n) => {
      const going = visit(indexKey, n);
      abandoned = going === ABANDONED;
      return going === true;
    });
    if (abandoned) return ABANDONED;
    return out;
  }
  const walks = plan.combos.map((combo) => {
    const [low, high] = bounds(plan, combo);
    return walkRange(plan.index, low, high, direction);
  });
  for (const [indexKey, n] of mergeWalks(walks, plan.p, direction)) {
    const going = visit(indexKey, n);
    if (going === ABANDONED) return ABANDONED;
    if (!going) break;
  }
  return out;
}

/**
 * An `_id` list of the filter (`_id: {$in: [...]}`, string ids) shorter than the narrowest index
 * prefix: looking each one up is then the narrowest candidate set (MongoDB's _id index).
 */
function idList(cons: Constraints, narrow: IndexPlan | null): string[] | null {
  const eq = cons.fields.get('_id')?.eq;
  const ids = eq && memoOfFrozen(eq, distinctStrings);
  return !ids || (narrow && narrow.estimate <= ids.length) ? null : ids;
}

const distinctStrings = (list: readonly unknown[]): string[] | null =>
  list.every((id) => typeof id === 'string') ? [...new Set(list as string[])] : null;

const ID_ONLY = new Set(['_id']);

/**
 * The documents of `ids` that match (every string id is its own document key, and a document looked
 * up by its id needs no check of the id list).
 */
function byIds<D extends AnyObject>(ids: string[], docs: DocTable<D>, cons: Constraints, test: Test): D[] {
  const check = checkBeyond(ID_ONLY, cons, test);
  const out: D[] = [];
  for (const id of ids) {
    const doc = docs.get(id);
    if (doc && (!check || check(doc))) out.push(doc);
  }
  return out;
}

export interface IndexedStore<D extends AnyObject> {
  /** The documents, numbered as the indexes' entries are. */
  docs: DocTable<D>;
  indexes: readonly SortedIndex[];
  /** The documents recent filters match, when no index answers a filter by itself (filter-cache.ts). */
  filters?: FilterCache;
}

/**
 * A filter whose narrowest candidates (an index prefix, or an `_id` list) are fewer is answered from
 * them each time rather than kept in the filter cache: reading them costs little, and a set costs a
 * bit per document of the collection (a user's bids among a million: 125 KB for a handful).
 */
const CACHED_FROM = 2_048;

/** Every key matching the filter: the id list's, or the narrowest plan's (null when no index narrows). */
function matchingKeys(
  store: IndexedStore<AnyObject>,
  cons: Constraints,
  narrow: IndexPlan | null,
  ids: string[] | null,
  test: Test,
): DocSet | null {
  const { docs } = store;
  const matches = new DocSet();
  if (ids) {
    for (const doc of byIds(ids, docs, cons, test)) matches.add(docs.of(doc._id as string));
    return matches;
  }
  if (!narrow) return null;
  const check = checkFor(narrow, cons, test);
  for (const combo of narrow.combos) {
    const [low, high] = bounds(narrow, combo);
    countRange(narrow.index, low, high, (n) => {
      if (!check || check(docs.at(n) as AnyObject)) matches.add(n);
    });
  }
  return matches;
}

/** The documents matching `filter`, from the store's filter cache (null: no cache, or no index narrows). */
function cachedMatches(
  store: IndexedStore<AnyObject>,
  filter: AnyObject,
  cons: Constraints,
  narrow: IndexPlan | null,
  ids: string[] | null,
  test: Test,
): DocSet | null {
  if (!store.filters) return null;
  return store.filters.matching(filterName(filter), store.docs, test, () =>
    matchingKeys(store, cons, narrow, ids, test),
  );
}

/**
 * The page of a filter whose matching documents are known: a walk of the sort field's index testing
 * each document it passes against them, or (few matches, or a walk expected to pass many times more
 * entries than sorting them costs, or no index on the sort field) their documents, unsorted.
 */
function pageOfMatches<D extends AnyObject>(
  store: IndexedStore<D>,
  matches: DocSet,
  plans: IndexPlan[],
  sort: [string, 1 | -1, boolean],
  page: { skip: number; limit: number },
): Found<D> {
  const [field, direction, byId] = sort;
  const want = page.skip + page.limit;
  let sortPlan: IndexPlan | null = null;
  for (const plan of plans) {
    if (plan.index.fields[plan.p] !== field || plan.range) continue;
    if (!sortPlan || plan.estimate < sortPlan.estimate) sortPlan = plan;
  }
  const walked = sortPlan ? (want * sortPlan.estimate) / Math.max(matches.size, 1) : Number.POSITIVE_INFINITY;
  if (!sortPlan || matches.size <= want * 4 || walked > matches.size * 32) {
    const out: D[] = [];
    matches.forEach((n) => {
      out.push(store.docs.at(n) as D);
    });
    return { docs: out, paged: false };
  }
  const exact = byId && sortPlan.p === sortPlan.index.fields.length - 1 && sortPlan.index.otherIds === 0;
  const found = walk(sortPlan, store.docs, null, direction, page, Number.POSITIVE_INFINITY, exact, matches);
  return { docs: found as D[], paged: exact };
}

function plansOf(store: IndexedStore<AnyObject>, cons: Constraints): IndexPlan[] {
  const plans: IndexPlan[] = [];
  for (const index of store.indexes) {
    const plan = planFor(index, cons, store.docs.size);
    if (plan) plans.push(plan);
  }
  return plans;
}

/** What `indexedFind` found: the page itself (`paged`), or the matches it is among, unsorted. */
export interface Found<D> {
  docs: D[];
  paged: boolean;
}

/**
 * The page `skip`, `limit` of the documents matching `filter` in `sort` order when an index walk
 * gives it exactly; else the documents among which that page is (every match when the plan cannot
 * stop early), unsorted; null when no index helps.
 */
export function indexedFind<D extends AnyObject>(
  store: IndexedStore<D>,
  filter: AnyObject,
  sort: Record<string, unknown>,
  page: { skip: number; limit: number },
  test: Test,
): Found<D> | null {
  const want = page.skip + page.limit;
  const keys = Object.entries(sort);
  const [first, second] = keys;
  // Only a total order (one that ends ties by _id) has one answer: a scan and a walk agree on it.
  if (!first || (first[1] !== 1 && first[1] !== -1) || !Object.hasOwn(sort, '_id')) return null;
  const [field, direction] = first as [string, 1 | -1];
  const cons = constraintsOf(filter);
  const plans = plansOf(store as IndexedStore<AnyObject>, cons);
  const narrow = cheapest(plans);
  // Walks in the sort's order: an index whose next field is the sort field, or a skip scan to it. The
  // fewest documents under the prefix, then one that leaves nothing to check, then the fewest walks
  // to merge, then the longest prefix. Direct walks first: a skip scan (a seek per value it skips)
  // is worked out only when it could beat the best so far.
  let walkPlan: IndexPlan | null = null;
  for (const candidate of plans) {
    if (candidate.index.fields[candidate.p] !== field) continue;
    if (!walkPlan || betterWalk(candidate, walkPlan)) walkPlan = candidate;
  }
  for (const candidate of plans) {
    if (candidate.index.fields[candidate.p] === field || !narrows(candidate)) continue;
    if (walkPlan && !mayBeBetter(candidate, walkPlan)) continue;
    const plan = skipScan(candidate, field, cons);
    if (plan && (!walkPlan || betterWalk(plan, walkPlan))) walkPlan = plan;
  }
  const ids = idList(cons, narrow);
  const fewest = ids ? ids.length : narrow?.estimate;
  // A handful of candidates is cheaper to sort than a walk that may skip many non-matching entries.
  // Racing the plans as MongoDB does: a walk that examines more entries than the narrowest
  // candidate set gives way to it; one expected to (the candidates spread evenly along the walk,
  // `want` of them needed) gives way before it starts.
  const budget = fewest !== undefined ? fewest * 2 + want : Number.POSITIVE_INFINITY;
  const hopeless = walkPlan && fewest !== undefined && (want * walkPlan.estimate) / fewest > budget;
  const few = fewest !== undefined && fewest <= want * 4;
  const byId = keys.length === 2 && second?.[0] === '_id' && second[1] === direction;
  // No index answers the filter by itself (a walk would check what it passes): its matching keys,
  // kept by the filter cache, answer the page.
  // A keyset page (a range on the sort field, moved on page after page: an export's cursor) is a new
  // filter each time, so a set of its matches would be built for one page and never asked for again
  // (a 100,000-invoice export built 200 of them): the walk from the range's start answers it.
  const keyset = cons.fields.get(field)?.range != null;
  if (!few && !keyset && !(walkPlan?.covers && !hopeless) && fewest !== undefined && fewest >= CACHED_FROM) {
    const matching = cachedMatches(store as IndexedStore<AnyObject>, filter, cons, narrow, ids, test);
    if (matching) return pageOfMatches(store, matching, plans, [field, direction, byId], page);
  }
  if (walkPlan && !hopeless && !few) {
    const exact = byId && walkPlan.p === walkPlan.index.fields.length - 1 && walkPlan.index.otherIds === 0;
    const members = narrow && fewest !== undefined ? membersFor(walkPlan, narrow, cons, want, fewest) : null;
    const check = members ? null : checkFor(walkPlan, cons, test);
    const found = walk(walkPlan, store.docs, check, direction, page, budget, exact, members);
    if (found !== ABANDONED) return { docs: found, paged: exact };
  }
  if (ids) return { docs: byIds(ids, store.docs, cons, test), paged: false };
  if (!narrow) return null;
  const out: D[] = [];
  candidates(narrow, store.docs, checkFor(narrow, cons, test), out);
  return { docs: out, paged: false };
}

/**
 * The documents matching `filter`, in no particular order (never `paged`), from the narrowest index
 * plan, when it is cheaper than a scan that stops at the `want`th match: a plan of e documents under
 * its prefix costs about e reads; the scan, about want × (documents ÷ e) (MongoDB also answers an
 * unsorted find from an index). Null otherwise.
 */
export function indexedMatches<D extends AnyObject>(
  store: IndexedStore<D>,
  filter: AnyObject,
  want: number,
  test: Test,
): Found<D> | null {
  const cons = constraintsOf(filter);
  const narrow = cheapest(plansOf(store as IndexedStore<AnyObject>, cons));
  if (!narrow || narrow.estimate * narrow.estimate > want * store.docs.size) return null;
  const out: D[] = [];
  candidates(narrow, store.docs, checkFor(narrow, cons, test), out);
  return { docs: out, paged: false };
}

/** The number of documents matching `filter`, or null when no index helps. */
export function indexedCount(store: IndexedStore<AnyObject>, filter: AnyObject, test: Test): number | null {
  const cons = constraintsOf(filter);
  const plans = plansOf(store, cons);
  const exact = plans.filter((plan) => plan.covers && narrows(plan) && !plan.range);
  if (exact.length > 0) return (exact[0] as IndexPlan).estimate;
  const ranged = plans.find((plan) => plan.covers && plan.range);
  const narrow = cheapest(plans);
  const ids = idList(cons, narrow);
  const fewest = ids ? ids.length : (narrow?.estimate ?? 0);
  if (ids && fewest < CACHED_FROM && !(ranged && ranged.estimate <= ids.length)) {
    return byIds(ids, store.docs, cons, test).length;
  }
  if (ranged && (!narrow || ranged.estimate <= narrow.estimate * 4)) {
    return candidates(ranged, store.docs, null, null);
  }
  const matching = fewest >= CACHED_FROM ? cachedMatches(store, filter, cons, narrow, ids, test) : null;
  if (matching) return matching.size;
  if (ids) return byIds(ids, store.docs, cons, test).length;
  return narrow ? candidates(narrow, store.docs, checkFor(narrow, cons, test), null) : null;
}
