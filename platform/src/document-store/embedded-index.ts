/**
 * The embedded store's secondary indexes: for each declared (non-text) index, a B+ tree
 * (sorted-btree) of the documents' index keys in MongoDB's order, and the number of documents under
 * every prefix of the key (so an equality count is one map lookup).
 *
 * Index key: the scalar values of the index fields (missing counts as null, as in a MongoDB index),
 * then the document key so every entry is unique. A document holding an array, an object, a Date or
 * NaN in an index field is "irregular": it is kept aside, and the planner does not use an index while
 * it has any (MongoDB would need a multikey index; mingo answers those queries exactly).
 */
import btreeModule from 'sorted-btree';
import * as bulk from 'sorted-btree/extended/bulkLoad.js';
import { type AnyObject, type Scalar, scalarAt, UNKNOWN } from './fast-filter.ts';

// sorted-btree is CommonJS: Node hands its `exports` object to a default import, bundlers the class.
const BTree: typeof btreeModule =
  (btreeModule as unknown as { default?: typeof btreeModule }).default ?? btreeModule;
type Tree = InstanceType<typeof btreeModule<Key, string>>;

/** A bound inside a key: below (`side` -1) or above (+1) every value of type rank `rank`. */
export interface Bound {
  readonly rank: number;
  readonly side: -1 | 1;
}
export type Component = Scalar | Bound;
export type Key = readonly Component[];

/** Below and above every value of every type. */
export const BOTTOM: Bound = { rank: Number.NEGATIVE_INFINITY, side: -1 };
export const TOP: Bound = { rank: Number.POSITIVE_INFINITY, side: 1 };

/** BSON order of the scalar types: missing and null, then numbers, then strings, then booleans. */
export function rankOf(value: Component): number {
  if (value === null) return 0;
  switch (typeof value) {
    case 'number':
      return 1;
    case 'string':
      return 2;
    case 'boolean':
      return 3;
    default:
      return value.rank;
  }
}

export function compareComponent(a: Component, b: Component): number {
  const ra = rankOf(a);
  const rb = rankOf(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  const sa = a !== null && typeof a === 'object' ? a.side : 0;
  const sb = b !== null && typeof b === 'object' ? b.side : 0;
  if (sa !== 0 || sb !== 0) return sa - sb;
  if (a === b || ra === 0) return 0;
  return (a as number | string | boolean) < (b as number | string | boolean) ? -1 : 1;
}

export function compareKeys(a: Key, b: Key): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const order = compareComponent(a[i] as Component, b[i] as Component);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

function compareFrom(a: Key, b: Key, at: number): number {
  for (let i = at; i < a.length; i++) {
    const order = compareComponent(a[i] as Component, b[i] as Component);
    if (order !== 0) return order;
  }
  return 0;
}

export interface SortedIndex {
  readonly fields: readonly string[];
  readonly parts: readonly (readonly string[])[];
  readonly tree: Tree;
  /** counts[l - 1]: documents by the JSON of their first `l` key values. */
  readonly counts: Map<string, number>[];
  /** Document keys of the irregular documents. */
  readonly irregular: Set<string>;
  /** Entries whose `_id` is not a string: their document keys do not sort as their ids do. */
  otherIds: number;
}

export function createSortedIndex(fields: readonly string[]): SortedIndex {
  return {
    fields,
    parts: fields.map((f) => f.split('.')),
    tree: new BTree<Key, string>(undefined, compareKeys, 64),
    counts: fields.map(() => new Map()),
    irregular: new Set(),
    otherIds: 0,
  };
}

const { bulkLoad } =
  (bulk as unknown as { default?: typeof bulk }).default ?? (bulk as unknown as typeof bulk);

/**
 * The index of documents already there (a collection loaded from a saved read store, or an index
 * created late): their keys sorted once and loaded into the tree in bulk, several times faster than
 * inserting them one by one. The same index as `createSortedIndex` then `reindexSorted` for each.
 */
export function buildSortedIndex(
  fields: readonly string[],
  docs: Iterable<[string, AnyObject]>,
): SortedIndex {
  const index = createSortedIndex(fields);
  const entries: [Key, string][] = [];
  for (const [key, doc] of docs) {
    const values = indexValues(index, doc);
    if (!values) {
      index.irregular.add(key);
      continue;
    }
    entries.push([[...values, key], key]);
    count(index, values, 1);
    if (typeof doc._id !== 'string') index.otherIds += 1;
  }
  if (entries.length === 0) return index;
  entries.sort((a, b) => compareKeys(a[0], b[0]));
  const tree = bulkLoad(
    entries.map((e) => e[0]),
    entries.map((e) => e[1]),
    64,
    compareKeys,
  ) as unknown as Tree;
  return { ...index, tree };
}

/** The index values of a document, or null when it is irregular. */
export function indexValues(index: SortedIndex, doc: AnyObject): Scalar[] | null {
  const values: Scalar[] = [];
  for (const parts of index.parts) {
    const value = scalarAt(doc, parts);
    if (value === UNKNOWN || (typeof value === 'number' && Number.isNaN(value))) return null;
    values.push(value ?? null);
  }
  return values;
}

export const prefixKey = (values: readonly Scalar[], length: number): string =>
  JSON.stringify(length === values.length ? values : values.slice(0, length));

function count(index: SortedIndex, values: readonly Scalar[], delta: 1 | -1): void {
  for (let l = 1; l <= values.length; l++) {
    const map = index.counts[l - 1] as Map<string, number>;
    const k = prefixKey(values, l);
    const n = (map.get(k) ?? 0) + delta;
    if (n === 0) map.delete(k);
    else map.set(k, n);
  }
}

const sameValues = (a: readonly Scalar[], b: readonly Scalar[]) => a.every((v, i) => v === b[i]);

/** Moves document `key` from its old version to its new one (either may be absent). */
export function reindexSorted(
  index: SortedIndex,
  key: string,
  prev: AnyObject | undefined,
  next: AnyObject | undefined,
): void {
  const before = prev ? indexValues(index, prev) : undefined;
  const after = next ? indexValues(index, next) : undefined;
  if (before && after && sameValues(before, after)) return;
  if (before) {
    index.tree.delete([...before, key]);
    count(index, before, -1);
    if (typeof prev?._id !== 'string') index.otherIds -= 1;
  } else if (before === null) index.irregular.delete(key);
  if (after) {
    index.tree.set([...after, key], key);
    count(index, after, 1);
    if (typeof next?._id !== 'string') index.otherIds += 1;
  } else if (after === null) index.irregular.add(key);
}

/** Entries between two bound keys, in `direction` order. */
export function* walkRange(
  index: SortedIndex,
  low: Key,
  high: Key,
  direction: 1 | -1,
): Generator<readonly [Key, string]> {
  if (direction === 1) {
    for (const entry of index.tree.entries(low)) {
      if (compareKeys(entry[0], high) > 0) return;
      yield entry;
    }
  } else {
    for (const entry of index.tree.entriesReversed(high)) {
      if (compareKeys(entry[0], low) < 0) return;
      yield entry;
    }
  }
}

/** The number of entries between two bound keys; `each` sees every document key on the way. */
export function countRange(index: SortedIndex, low: Key, high: Key, each?: (key: string) => void): number {
  // sorted-btree answers a negative count for an empty range (low above high).
  if (compareKeys(low, high) > 0) return 0;
  return index.tree.forRange(low, high, true, each && ((_k, key) => each(key)));
}

/**
 * Merges walks over several ranges of one index into one walk ordered by the key components from
 * `at` on (the sort field after an equality prefix, and what follows it in the key).
 */
export function* mergeWalks(
  walks: Generator<readonly [Key, string]>[],
  at: number,
  direction: 1 | -1,
): Generator<readonly [Key, string]> {
  if (walks.length === 1) {
    yield* walks[0] as Generator<readonly [Key, string]>;
    return;
  }
  const heads = walks.map((w) => w.next());
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i] as IteratorResult<readonly [Key, string]>;
      if (head.done) continue;
      if (best < 0) best = i;
      else {
        const current = (heads[best] as IteratorYieldResult<readonly [Key, string]>).value[0];
        if (compareFrom(head.value[0], current, at) * direction < 0) best = i;
      }
    }
    if (best < 0) return;
    const head = heads[best] as IteratorYieldResult<readonly [Key, string]>;
    // The tree reuses nothing here (no reusedArray), so the entry stays valid after next().
    yield head.value;
    heads[best] = (walks[best] as Generator<readonly [Key, string]>).next();
  }
}
