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
import { DocTable } from './doc-table.ts';
import { type AnyObject, type Scalar, scalarAt, UNKNOWN } from './fast-filter.ts';

// sorted-btree is CommonJS: Node hands its `exports` object to a default import, bundlers the class.
const BTree: typeof btreeModule =
  (btreeModule as unknown as { default?: typeof btreeModule }).default ?? btreeModule;
type Tree = InstanceType<typeof btreeModule<Key, number>>;

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
  // The common case first: two strings or two numbers (NaN never gets into an index).
  const type = typeof a;
  if (type === typeof b && (type === 'string' || type === 'number')) {
    return a === b ? 0 : (a as string | number) < (b as string | number) ? -1 : 1;
  }
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
  /**
   * counts[l - 1]: documents by the key (`prefixKey`) of their first `l` values; null until a plan
   * asks for that prefix length (`prefixCounts`), then kept up to date. Most indexes are never asked
   * for some lengths (a lot's bids by position, a user's standings by date: one count per document).
   */
  readonly counts: (Map<string, number> | null)[];
  /** Document keys of the irregular documents. */
  readonly irregular: Set<string>;
  /** Entries whose `_id` is not a string: their document keys do not sort as their ids do. */
  otherIds: number;
  /** The collection's documents and their numbers (an entry's value). */
  readonly numbers: DocTable;
}

export function createSortedIndex(
  fields: readonly string[],
  numbers: DocTable = new DocTable(),
): SortedIndex {
  return {
    fields,
    parts: fields.map((f) => f.split('.')),
    tree: new BTree<Key, number>(undefined, compareKeys, 64),
    counts: fields.map(() => null),
    irregular: new Set(),
    otherIds: 0,
    numbers,
  };
}

const { bulkLoad } =
  (bulk as unknown as { default?: typeof bulk }).default ?? (bulk as unknown as typeof bulk);

/**
 * The index of documents already there (a collection loaded from a saved read store, an index
 * created late, or one deferred through a catch-up): their keys sorted once and loaded into the tree
 * in bulk, several times faster than inserting them one by one. The same index as
 * `createSortedIndex` then `reindexSorted` for each.
 *
 * The keys are grouped by their first value and each group sorted on the rest (a lot's bids, a
 * user's standings: far fewer comparisons than one sort of them all, and runs the sort finds already
 * in order). Prefix counts come later, for the lengths plans ask for (`prefixCounts`).
 */
export function buildSortedIndex(fields: readonly string[], docs: DocTable): SortedIndex {
  const index = createSortedIndex(fields, docs);
  const groups = new Map<Scalar, Component[][]>();
  for (let n = 0; n < docs.keys.length; n++) {
    const doc = docs.at(n);
    if (doc === undefined) continue;
    const key = docs.keys[n] as string;
    // Room for the key and the document's number, which rides at the end of the entry until the
    // entries are sorted, then is taken off, leaving the key.
    const values = indexValues(index, doc, 2);
    if (!values) {
      index.irregular.add(key);
      continue;
    }
    values[values.length - 2] = key;
    values[values.length - 1] = n;
    const first = values[0] as Scalar;
    const group = groups.get(first);
    if (group) group.push(values);
    else groups.set(first, [values]);
    if (typeof doc._id !== 'string') index.otherIds += 1;
  }
  if (groups.size === 0) return index;
  const keys: Key[] = [];
  const docNumbers: number[] = [];
  // The key ends the comparison (keys are unique), so the number after it is never compared.
  const byRest = (a: Key, b: Key) => compareFrom(a, b, 1);
  for (const first of [...groups.keys()].sort(compareComponent)) {
    const group = groups.get(first) as Component[][];
    if (group.length > 1) group.sort(byRest);
    for (const k of group) {
      docNumbers.push(k.pop() as number);
      keys.push(k);
    }
  }
  const tree = bulkLoad(keys, docNumbers, 64, compareKeys) as unknown as Tree;
  return { ...index, tree };
}

/**
 * The documents under each prefix of `length` values, built once from the sorted entries (runs of
 * keys sharing that prefix are adjacent) the first time a plan asks, and kept up to date from then on.
 */
export function prefixCounts(index: SortedIndex, length: number): Map<string, number> {
  const known = index.counts[length - 1];
  if (known) return known;
  const map = new Map<string, number>();
  let run: Key | null = null;
  let n = 0;
  for (const key of index.tree.keys()) {
    if (run && samePrefix(run, key, length)) {
      n += 1;
      continue;
    }
    if (run) map.set(prefixKey(run, length), n);
    run = key;
    n = 1;
  }
  if (run) map.set(prefixKey(run, length), n);
  index.counts[length - 1] = map;
  return map;
}

/**
 * The distinct values of the index field after `prefix` among the entries under it, in index order
 * (a skip scan: one seek per value); null when there are more than `max`.
 */
export function valuesAfter(index: SortedIndex, prefix: readonly Scalar[], max: number): Scalar[] | null {
  const values: Scalar[] = [];
  let probe: Key = [...prefix, BOTTOM];
  for (;;) {
    const pair = index.tree.getPairOrNextHigher(probe);
    if (!pair || !samePrefix(pair[0], prefix, prefix.length)) return values;
    const value = pair[0][prefix.length] as Scalar;
    if (values.length === max) return null;
    values.push(value);
    probe = [...prefix, value, TOP];
  }
}

function samePrefix(a: Key, b: Key, length: number): boolean {
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The index values of a document, or null when it is irregular; `room` more places after them, for
 * what the caller adds to make an entry. The array is made at its full length: one grown by pushes
 * has room for 17 (an index of a million entries held 200 MB it never used).
 */
export function indexValues(index: SortedIndex, doc: AnyObject, room = 0): Scalar[] | null {
  const { parts } = index;
  const values = new Array<Scalar>(parts.length + room);
  for (let i = 0; i < parts.length; i++) {
    const value = scalarAt(doc, parts[i] as readonly string[]);
    if (value === UNKNOWN || (typeof value === 'number' && Number.isNaN(value))) return null;
    values[i] = value ?? null;
  }
  return values;
}

/** The tree's entry of a document's values: the values, then its key. */
function entryOf(values: readonly Scalar[], key: string): Key {
  const entry = new Array<Scalar>(values.length + 1);
  for (let i = 0; i < values.length; i++) entry[i] = values[i] as Scalar;
  entry[values.length] = key;
  return entry;
}

/**
 * The counts' key of the first `length` values: each value tagged with its type, separated by \u0001
 * (escaped where a string holds one), so no two lists of values share a key.
 */
export function prefixKey(values: readonly Component[], length: number): string {
  let key = '';
  for (let i = 0; i < length; i++) {
    const v = values[i] as Scalar;
    if (typeof v === 'string')
      key += `${i > 0 ? '\u0001' : ''}${v.includes('\u0001') ? `S${JSON.stringify(v)}` : `s${v}`}`;
    else key += `${i > 0 ? '\u0001' : ''}${v === null ? 'z' : typeof v === 'number' ? `n${v}` : `b${v}`}`;
  }
  return key;
}

function count(index: SortedIndex, values: readonly Scalar[], delta: 1 | -1): void {
  for (let l = 1; l <= values.length; l++) {
    const map = index.counts[l - 1];
    if (!map) continue;
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
    index.tree.delete(entryOf(before, key));
    count(index, before, -1);
    if (typeof prev?._id !== 'string') index.otherIds -= 1;
  } else if (before === null) index.irregular.delete(key);
  if (after) {
    index.tree.set(entryOf(after, key), index.numbers.of(key));
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
): Generator<readonly [Key, number]> {
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

/** The number of entries between two bound keys; `each` sees every document number on the way. */
export function countRange(index: SortedIndex, low: Key, high: Key, each?: (n: number) => void): number {
  // sorted-btree answers a negative count for an empty range (low above high).
  if (compareKeys(low, high) > 0) return 0;
  const root = rootOf(index.tree);
  if (!each && root) return entriesBelow(root, high) - entriesBelow(root, low);
  return index.tree.forRange(low, high, true, each && ((_k, n) => each(n)));
}

/** sorted-btree's nodes (2.x): keys (an inner node's are its children's largest), children, size. */
interface TreeNode {
  keys: Key[];
  children?: TreeNode[];
  size(): number;
}

/** The tree's root when it is laid out as `TreeNode` expects (else counts walk the entries). */
function rootOf(tree: Tree): TreeNode | null {
  const root = (tree as unknown as { _root?: TreeNode })._root;
  return root && Array.isArray(root.keys) && typeof root.size === 'function' ? root : null;
}

/** The first position in `keys` not below `bound` (a bound key equals no entry). */
function firstNotBelow(keys: readonly Key[], bound: Key): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(keys[mid] as Key, bound) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The number of entries below `bound` (a key ending with a Bound, equal to no entry): one descent,
 * adding the sizes sorted-btree keeps in its inner nodes for the children wholly below. A price band
 * over tens of thousands of lots is counted in microseconds instead of a walk of its leaves.
 */
function entriesBelow(root: TreeNode, bound: Key): number {
  let below = 0;
  let node = root;
  for (;;) {
    const { keys, children } = node;
    const lo = firstNotBelow(keys, bound);
    if (!children) return below + lo;
    for (let i = 0; i < lo; i++) below += (children[i] as TreeNode).size();
    if (lo === children.length) return below;
    node = children[lo] as TreeNode;
  }
}

/** A leaf of sorted-btree: its keys and, beside them, their values (the document keys). */
interface TreeLeaf extends TreeNode {
  values: number[];
}

/**
 * Visits the entries between two bound keys in `direction` order until `visit` answers false,
 * reading sorted-btree's leaves directly: the range's length is counted first from the inner nodes'
 * sizes, so no entry is compared with the far bound, and no iterator result is made per entry (a
 * walk that tests each document number against a set passes thousands of entries).
 */
export function visitRange(
  index: SortedIndex,
  low: Key,
  high: Key,
  direction: 1 | -1,
  visit: (indexKey: Key, doc: number) => boolean,
): void {
  let n = countRange(index, low, high);
  if (n <= 0) return;
  const root = rootOf(index.tree);
  if (!root) {
    const entries = direction === 1 ? index.tree.entries(low) : index.tree.entriesReversed(high);
    for (; n > 0; n--) {
      const [indexKey, doc] = entries.next().value as [Key, number];
      if (!visit(indexKey, doc)) return;
    }
    return;
  }
  const bound = direction === 1 ? low : high;
  const path: { node: TreeNode; at: number }[] = [];
  let node = root;
  while (node.children) {
    const at = Math.min(firstNotBelow(node.keys, bound), node.children.length - 1);
    path.push({ node, at });
    node = node.children[at] as TreeNode;
  }
  let leaf = node as TreeLeaf;
  let i = firstNotBelow(leaf.keys, bound) - (direction === 1 ? 0 : 1);
  while (n > 0) {
    if (i < 0 || i >= leaf.keys.length) {
      // The next leaf in `direction`: up to the first parent with a child beyond, then down its edge.
      let top = path.pop();
      while (
        top &&
        (direction === 1 ? top.at + 1 >= (top.node.children as TreeNode[]).length : top.at === 0)
      ) {
        top = path.pop();
      }
      if (!top) return;
      top.at += direction;
      path.push(top);
      let next = (top.node.children as TreeNode[])[top.at] as TreeNode;
      while (next.children) {
        const at = direction === 1 ? 0 : next.children.length - 1;
        path.push({ node: next, at });
        next = next.children[at] as TreeNode;
      }
      leaf = next as TreeLeaf;
      i = direction === 1 ? 0 : leaf.keys.length - 1;
      continue;
    }
    if (!visit(leaf.keys[i] as Key, leaf.values[i] as number)) return;
    n -= 1;
    i += direction;
  }
}

/**
 * Merges walks over several ranges of one index into one walk ordered by the key components from
 * `at` on (the sort field after an equality prefix, and what follows it in the key).
 */
export function* mergeWalks(
  walks: Generator<readonly [Key, number]>[],
  at: number,
  direction: 1 | -1,
): Generator<readonly [Key, number]> {
  if (walks.length === 1) {
    yield* walks[0] as Generator<readonly [Key, number]>;
    return;
  }
  const heads = walks.map((w) => w.next());
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i] as IteratorResult<readonly [Key, number]>;
      if (head.done) continue;
      if (best < 0) best = i;
      else {
        const current = (heads[best] as IteratorYieldResult<readonly [Key, number]>).value[0];
        if (compareFrom(head.value[0], current, at) * direction < 0) best = i;
      }
    }
    if (best < 0) return;
    const head = heads[best] as IteratorYieldResult<readonly [Key, number]>;
    // The tree reuses nothing here (no reusedArray), so the entry stays valid after next().
    yield head.value;
    heads[best] = (walks[best] as Generator<readonly [Key, number]>).next();
  }
}
