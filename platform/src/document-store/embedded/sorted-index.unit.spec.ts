import { describe, expect, it } from 'vitest';
import { DocTable } from './doc-table.ts';
import type { AnyObject } from './fast-filter.ts';
import { constraintsOf, indexedCount, indexedFind, indexedMatches } from './planner.ts';
import {
  BOTTOM,
  buildSortedIndex,
  compareComponent,
  countRange,
  createSortedIndex,
  type Key,
  prefixCounts,
  prefixKey,
  reindexSorted,
  type SortedIndex,
  TOP,
  visitRange,
  walkRange,
} from './sorted-index.ts';

type Lot = { _id: string; status?: string; closes?: number; colour?: string; price?: unknown };

/** A table that notes the key of each document read from it (`read`). */
class SpyTable extends DocTable {
  readonly read = new Set<string>();
  override at(n: number) {
    this.read.add(this.keys[n] as string);
    return super.at(n);
  }
  override get(key: string) {
    this.read.add(key);
    return super.get(key);
  }
}

function storeOf(lots: Lot[], ...indexFields: string[][]) {
  const docs = new SpyTable();
  for (const lot of lots) docs.set(lot._id, lot);
  const indexes: SortedIndex[] = indexFields.map((fields) => createSortedIndex(fields, docs));
  for (const index of indexes) for (const [key, doc] of docs) reindexSorted(index, key, undefined, doc);
  docs.read.clear();
  return { docs, indexes };
}

/** An index's entries with the document key of each entry's number. */
const entriesOf = (index: SortedIndex) =>
  [...index.tree.entries()].map(([key, n]) => [key, index.numbers.keys[n]]);

/** A test that counts the documents it is asked about. */
function counting(predicate: (doc: AnyObject) => boolean) {
  const seen = { calls: 0 };
  const test = (doc: AnyObject) => {
    seen.calls += 1;
    return predicate(doc);
  };
  return { seen, test };
}

const colours = ['Red', 'White', 'Rosé'];
const lots: Lot[] = Array.from({ length: 1000 }, (_, i) => ({
  _id: `lot-${String(i).padStart(4, '0')}`,
  status: i % 10 === 0 ? 'closed' : 'open',
  closes: 1000 - (i % 500),
  colour: colours[i % 3],
  price: i * 100,
}));

describe('a document table', () => {
  it("keeps each document under its key and a number that stays the key's, deleted and back", () => {
    const table = new DocTable();
    table.set('a', { _id: 'a', v: 1 });
    table.set('b', { _id: 'b', v: 2 });
    table.set('a', { _id: 'a', v: 3 });
    expect(table.size).toBe(2);
    expect([table.of('a'), table.of('b')]).toEqual([0, 1]);
    expect(table.get('a')).toEqual({ _id: 'a', v: 3 });
    expect(table.at(1)).toEqual({ _id: 'b', v: 2 });
    expect(table.delete('a')).toBe(true);
    expect(table.delete('a')).toBe(false);
    expect([table.get('a'), table.has('a'), table.size]).toEqual([undefined, false, 1]);
    // A key asked for its number before its document comes (an index entry written first).
    expect(table.of('c')).toBe(2);
    expect([table.has('c'), table.size]).toEqual([false, 1]);
    table.set('c', { _id: 'c' });
    table.set('a', { _id: 'a', v: 4 });
    expect([table.of('a'), table.size]).toEqual([0, 3]);
    expect([...table].map(([key]) => key)).toEqual(['a', 'b', 'c']);
    expect([...table.values()].map((d) => d._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('sorted index keys', () => {
  it('order missing and null, then numbers, then strings, then booleans, with bounds around them', () => {
    const ordered = [BOTTOM, null, -1, 2.5, 10, { rank: 2, side: -1 } as const, '', 'a', 'b', true, TOP];
    for (let i = 1; i < ordered.length; i++) {
      expect(compareComponent(ordered[i - 1]!, ordered[i]!)).toBeLessThan(0);
      expect(compareComponent(ordered[i]!, ordered[i - 1]!)).toBeGreaterThan(0);
    }
    expect(compareComponent(0, -0)).toBe(0);
  });

  it('counts documents under every prefix (built when first asked, then kept) and keeps arrays aside, across moves and deletes', () => {
    const index = createSortedIndex(['status', 'colour']);
    reindexSorted(index, 'a', undefined, { status: 'open', colour: 'Red' });
    reindexSorted(index, 'b', undefined, { status: 'open' });
    reindexSorted(index, 'c', undefined, { status: ['open'] });
    expect(index.counts).toEqual([null, null]);
    expect(prefixCounts(index, 1).get(prefixKey(['open'], 1))).toBe(2);
    expect(prefixCounts(index, 2).get(prefixKey(['open', null], 2))).toBe(1);
    expect([...index.irregular]).toEqual(['c']);
    reindexSorted(index, 'c', { status: ['open'] }, { status: 'open', colour: 'Red' });
    reindexSorted(index, 'a', { status: 'open', colour: 'Red' }, undefined);
    reindexSorted(index, 'd', undefined, { status: 'closed', colour: 'White' });
    expect(prefixCounts(index, 2).get(prefixKey(['open', 'Red'], 2))).toBe(1);
    expect(prefixCounts(index, 1).get(prefixKey(['open'], 1))).toBe(2);
    expect(prefixCounts(index, 1).get(prefixKey(['closed'], 1))).toBe(1);
    // What was kept up to date is what a build from the entries gives.
    const rebuilt = { ...index, counts: [null, null] };
    expect(prefixCounts(rebuilt, 1)).toEqual(index.counts[0]);
    expect(prefixCounts(rebuilt, 2)).toEqual(index.counts[1]);
    expect(index.irregular.size).toBe(0);
    expect(index.tree.size).toBe(3);
  });
});

describe('range counts', () => {
  it('count any range of a deep tree from its inner nodes as a walk of the entries would, across writes', () => {
    const index = createSortedIndex(['status', 'price']);
    const docs = new Map<string, AnyObject>();
    for (let i = 0; i < 20_000; i++) {
      const doc = { status: i % 7 === 0 ? 'closed' : 'open', price: (i * 7919) % 5000 };
      docs.set(`d${i}`, doc);
      reindexSorted(index, `d${i}`, undefined, doc);
    }
    // Moves and deletes change the sizes the inner nodes keep.
    for (let i = 0; i < 20_000; i += 3) {
      const key = `d${i}`;
      const doc = docs.get(key) as AnyObject;
      if (i % 2 === 0) reindexSorted(index, key, doc, undefined);
      else reindexSorted(index, key, doc, { ...doc, price: (doc.price as number) + 2500 });
    }
    const walked = (low: Key, high: Key) => {
      let n = 0;
      countRange(index, low, high, () => {
        n += 1;
      });
      return n;
    };
    const cases: [Key, Key][] = [
      [[BOTTOM], [TOP]],
      [
        ['open', BOTTOM],
        ['open', TOP],
      ],
      [
        ['closed', BOTTOM],
        ['closed', TOP],
      ],
      [
        ['open', 100, BOTTOM],
        ['open', 4000, TOP],
      ],
      [
        ['open', 2500, TOP],
        ['open', 2600, BOTTOM],
      ],
      [
        ['open', 7000, BOTTOM],
        ['open', 9000, TOP],
      ],
      [
        ['closed', 0, BOTTOM],
        ['open', 10, TOP],
      ],
    ];
    for (const [low, high] of cases) expect(countRange(index, low, high)).toBe(walked(low, high));
    expect(countRange(index, [BOTTOM], [TOP])).toBe(index.tree.size);
    expect(countRange(index, ['open', 10, BOTTOM], ['open', 5, TOP])).toBe(0);
  });
});

describe('index plans', () => {
  it('read equality, $in and ranges from $and and one-branch $or, and say when that is the whole filter', () => {
    const cons = constraintsOf({
      $and: [{ status: { $in: ['open'] } }, { $or: [{ price: { $gte: 5, $lte: 9 } }] }],
    });
    expect(cons.exact).toBe(true);
    expect(cons.fields.get('status')?.eq).toEqual(['open']);
    expect(cons.fields.get('price')?.range).toEqual({
      rank: 1,
      low: { value: 5, inclusive: true },
      high: { value: 9, inclusive: true },
    });
    expect(constraintsOf({ status: 'open', $or: [{ a: 1 }, { b: 2 }] }).exact).toBe(false);
    expect(constraintsOf({ title: { $regex: 'x' } }).fields.size).toBe(0);
  });

  const byCloseThenId = (a: Lot, b: Lot) => a.closes! - b.closes! || (a._id < b._id ? -1 : 1);

  it('walk the sort index after the equality prefix and stop at skip + limit when it orders ties by _id', () => {
    const store = storeOf(lots, ['status', 'closes']);
    const { seen, test } = counting((d) => d.colour === 'Red');
    const page = { skip: 0, limit: 5 };
    const found = indexedFind(store, { status: 'open', colour: 'Red' }, { closes: 1, _id: 1 }, page, test);
    expect(seen.calls).toBeLessThan(20);
    const matching = lots.filter((l) => l.status === 'open' && l.colour === 'Red').sort(byCloseThenId);
    expect(found).toEqual({ docs: matching.slice(0, 5), paged: true });
  });

  it('answer a later page of an exact walk in order, reading no document it passes over', () => {
    const store = storeOf(lots, ['status', 'closes']);
    const { read } = store.docs;
    const found = indexedFind(
      store,
      { status: 'open' },
      { closes: -1, _id: -1 },
      { skip: 40, limit: 7 },
      null,
    );
    const open = lots
      .filter((l) => l.status === 'open')
      .sort(byCloseThenId)
      .reverse();
    expect(found).toEqual({ docs: open.slice(40, 47), paged: true });
    expect(read.size).toBe(7);
  });

  it('walk on through the tie with the last match when _id orders ties the other way', () => {
    const store = storeOf(lots, ['status', 'closes']);
    const found = indexedFind(store, { status: 'open' }, { closes: 1, _id: -1 }, { skip: 0, limit: 3 }, null);
    expect(found?.paged).toBe(false);
    const last = Math.max(...(found?.docs ?? []).map((d) => d.closes as number));
    const tied = lots.filter((l) => l.status === 'open' && l.closes === last).map((l) => l._id);
    expect(tied.length).toBeGreaterThan(1);
    expect(found?.docs.map((d) => d._id)).toEqual(expect.arrayContaining(tied));
    expect(indexedFind(store, { status: 'open' }, { closes: 1 }, { skip: 0, limit: 3 }, null)).toBeNull();
  });

  it('walk backwards for a descending sort, bounded by a range on the sort field', () => {
    const store = storeOf(lots, ['status', 'price']);
    const filter = { status: 'open', price: { $lt: 50_000 } };
    const found = indexedFind(store, filter, { price: -1, _id: 1 }, { skip: 0, limit: 3 }, null);
    expect(found?.docs.map((d) => d.price)).toEqual([49_900, 49_800, 49_700]);
  });

  it('walk one range rather than a skip scan over as many documents, and seek nothing for it', () => {
    // Both walk the open lots by price: {status, price} in one range, {status, colour, price} in one
    // walk per colour after a seek for each colour. The one range wins, the skip scan is not worked out.
    const store = storeOf(lots, ['status', 'colour', 'price'], ['status', 'price']);
    const skipping = store.indexes[0] as SortedIndex;
    let seeks = 0;
    const seek = skipping.tree.getPairOrNextHigher.bind(skipping.tree);
    skipping.tree.getPairOrNextHigher = (key, reusedArray) => {
      seeks += 1;
      return seek(key, reusedArray);
    };
    const found = indexedFind(store, { status: 'open' }, { price: 1, _id: 1 }, { skip: 10, limit: 5 }, null);
    const open = lots.filter((l) => l.status === 'open');
    expect(found).toEqual({ docs: open.slice(10, 15), paged: true });
    expect(seeks).toBe(0);
    // With a colour asked, the {status, colour, price} walk is the narrower (a third of the lots).
    const red = indexedFind(
      store,
      { status: 'open', colour: 'Red' },
      { price: 1, _id: 1 },
      { skip: 0, limit: 3 },
      null,
    );
    expect(red?.docs).toEqual(open.filter((l) => l.colour === 'Red').slice(0, 3));
  });

  it('walk a later field in order by skipping over the values of the fields before it (skip scan)', () => {
    // Prices run against the closing order: a walk of {status, price} would pass every open lot of
    // the other colours; the skip scan reads only the Red lots, one walk per closing time.
    const store = storeOf(lots, ['status', 'price'], ['status', 'colour', 'closes', 'price']);
    const byPriceDesc = (a: Lot, b: Lot) =>
      (b.price as number) - (a.price as number) || (a._id < b._id ? 1 : -1);
    const red = lots.filter((l) => l.status === 'open' && l.colour === 'Red');
    // The closing times are the skipped field: 500 of them, more than a skip scan reads.
    const tooMany = indexedFind(
      store,
      { status: 'open', colour: 'Red' },
      { price: -1, _id: -1 },
      { skip: 0, limit: 5 },
      (d) => d.status === 'open' && d.colour === 'Red',
    );
    expect(tooMany?.docs).toEqual(red.sort(byPriceDesc).slice(0, 5));
    const few = storeOf(
      lots.map((l) => ({ ...l, closes: (l.closes as number) % 4 })),
      ['status', 'price'],
      ['status', 'colour', 'closes', 'price'],
    );
    const filter = { status: 'open', colour: 'Red', price: { $lt: 60_000 } };
    const found = indexedFind(few, filter, { price: -1, _id: -1 }, { skip: 3, limit: 5 }, null);
    const expected = [...few.docs.values()]
      .filter((l) => l.status === 'open' && l.colour === 'Red' && (l.price as number) < 60_000)
      .sort((a, b) => byPriceDesc(a as Lot, b as Lot));
    expect(found).toEqual({ docs: expected.slice(3, 8), paged: true });
    expect(few.docs.read.size).toBeLessThanOrEqual(8);
    // An equality on a field in between takes the values asked, not the index's.
    const some = indexedFind(
      few,
      { status: 'open', colour: 'Red', closes: { $in: [1, 3] } },
      { price: 1, _id: 1 },
      { skip: 0, limit: 4 },
      null,
    );
    const odd = [...few.docs.values()]
      .filter((l) => l.status === 'open' && l.colour === 'Red' && [1, 3].includes(l.closes as number))
      .sort((a, b) => -byPriceDesc(a as Lot, b as Lot));
    expect(some).toEqual({ docs: odd.slice(0, 4), paged: true });
  });

  it('test the walk against the keys of the narrowest plan instead of reading each document it passes', () => {
    // One lot in 12 is the colour asked: a walk by closing time passes about 12 entries per match.
    const rare = lots.map((l, i) => ({ ...l, colour: i % 12 === 7 ? 'Orange' : l.colour }));
    const store = storeOf(rare, ['status', 'closes'], ['status', 'colour']);
    const { read } = store.docs;
    const never = counting(() => true);
    const filter = { status: 'open', colour: 'Orange' };
    const found = indexedFind(store, filter, { closes: 1, _id: 1 }, { skip: 2, limit: 4 }, never.test);
    const expected = rare.filter((l) => l.status === 'open' && l.colour === 'Orange').sort(byCloseThenId);
    expect(found).toEqual({ docs: expected.slice(2, 6), paged: true });
    expect(never.seen.calls).toBe(0);
    expect(read.size).toBe(4);
  });

  it('take the narrowest candidate set when it is smaller than the walk could be', () => {
    const store = storeOf(lots, ['status', 'closes'], ['colour']);
    const { seen, test } = counting((d) => d.status === 'open');
    // $ne is checked per document, so the whole filter is: the test sees every candidate.
    const filter = { status: { $in: ['open'], $ne: 'gone' }, colour: 'Rosé' };
    const found = indexedFind(store, filter, { _id: 1 }, { skip: 0, limit: 10 }, test);
    expect(seen.calls).toBe(333);
    expect(found?.docs).toHaveLength(lots.filter((l) => l.status === 'open' && l.colour === 'Rosé').length);
  });

  it('count from the prefix counts when the index covers the filter, and check only candidates otherwise', () => {
    const store = storeOf(lots, ['status', 'colour']);
    const never = counting(() => true);
    expect(indexedCount(store, { status: { $in: ['open', 'closed'] } }, never.test)).toBe(1000);
    expect(indexedCount(store, { $and: [{ status: 'open' }, { colour: 'Red' }] }, never.test)).toBe(300);
    expect(never.seen.calls).toBe(0);
    const cheap = counting((d) => (d.price as number) < 10_000);
    const filter = { status: 'closed', price: { $lt: 10_000, $ne: 1 } };
    expect(indexedCount(store, filter, cheap.test)).toBe(10);
    expect(cheap.seen.calls).toBe(100);
    // A filter of constraints alone: the candidates are checked for the ones the index left, not the test.
    expect(indexedCount(store, { status: 'closed', price: { $lt: 10_000 } }, never.test)).toBe(10);
    expect(never.seen.calls).toBe(0);
  });

  it('count a range on an index covering the filter without reading documents', () => {
    const store = storeOf(lots, ['status', 'price']);
    const never = counting(() => true);
    expect(indexedCount(store, { status: 'open', price: { $gte: 10_000, $lt: 20_000 } }, never.test)).toBe(
      90,
    );
    expect(never.seen.calls).toBe(0);
  });

  it('step aside when a document holds an array in an index field, or no index narrows the filter', () => {
    const store = storeOf([...lots, { _id: 'odd', status: 'open', price: [1, 2] }], ['status', 'price']);
    expect(indexedCount(store, { status: 'open' }, null)).toBeNull();
    expect(indexedFind(store, { status: 'open' }, { price: 1 }, { skip: 0, limit: 5 }, null)).toBeNull();
    const plain = storeOf(lots, ['status', 'price']);
    expect(indexedCount(plain, { colour: 'Red' }, null)).toBeNull();
  });
});

describe('an unsorted find', () => {
  it("reads only the narrowest plan's documents, and checks them for the rest of the filter", () => {
    const store = storeOf(lots, ['colour', 'price'], ['status']);
    const { seen, test } = counting(
      (d) => d.colour === 'Red' && (d.price as number) >= 50_000 && d.status === 'open',
    );
    const found = indexedMatches(
      store,
      { colour: 'Red', price: { $gte: 50_000 }, status: 'open' },
      Infinity,
      test,
    );
    const matching = lots.filter(
      (l) => l.colour === 'Red' && (l.price as number) >= 50_000 && l.status === 'open',
    );
    expect(found?.docs.map((d) => d._id).sort()).toEqual(matching.map((l) => l._id));
    // A third of the lots are red: the colour's documents, not all of them, are read.
    expect(seen.calls).toBeLessThanOrEqual(lots.length / 3 + 1);
  });

  it('gives way to a scan when that stops sooner (a few matches wanted of a plan holding most documents)', () => {
    const store = storeOf(lots, ['status']);
    expect(indexedMatches(store, { status: 'open' }, 1, null)).toBeNull();
    expect(indexedMatches(store, { status: 'closed' }, Infinity, null)?.docs).toHaveLength(100);
    // No index on the field: nothing narrows.
    expect(indexedMatches(store, { colour: 'Red' }, Infinity, null)).toBeNull();
  });
});

describe('an index built in bulk over documents already there', () => {
  it('holds the same entries, counts and irregular documents as inserting them one by one, and stays writable', () => {
    const colours = ['Red', 'White', null, undefined, 'Rosé'];
    const lots: AnyObject[] = Array.from({ length: 500 }, (_, i) => ({
      _id: i % 50 === 0 ? i : `lot-${(i * 7919) % 1000}`,
      status: i % 3 === 0 ? 'open' : 'closed',
      closes: (i * 37) % 101,
      ...(colours[i % 5] !== undefined && { colour: colours[i % 5] }),
      ...(i % 97 === 0 && { status: ['open', 'closed'] }),
    }));
    const docs = new DocTable();
    for (const lot of lots) docs.set(String(lot._id), lot);
    const fields = ['status', 'colour', 'closes'];
    const bulk = buildSortedIndex(fields, docs);
    const one = createSortedIndex(fields);
    for (const [key, doc] of docs) reindexSorted(one, key, undefined, doc);
    expect(entriesOf(bulk)).toEqual(entriesOf(one));
    for (let l = 1; l <= fields.length; l++) expect(prefixCounts(bulk, l)).toEqual(prefixCounts(one, l));
    expect(bulk.irregular).toEqual(one.irregular);
    expect(bulk.otherIds).toBe(one.otherIds);
    expect(bulk.irregular.size).toBeGreaterThan(0);
    // Later writes go through the same path as on any index.
    const [key, doc] = [...docs].find(([, d]) => d.status === 'open') as [string, AnyObject];
    reindexSorted(bulk, key, doc, { ...doc, status: 'closed' });
    reindexSorted(one, key, doc, { ...doc, status: 'closed' });
    expect(entriesOf(bulk)).toEqual(entriesOf(one));
    for (let l = 1; l <= fields.length; l++) expect(bulk.counts[l - 1]).toEqual(one.counts[l - 1]);
  });
});

describe('the prefix counts key', () => {
  it('gives different lists of values different keys, whatever their strings hold', () => {
    const lists: (string | number | boolean | null)[][] = [
      ['a', 'b'],
      ['a\u0001sb'],
      ['a\u0001', 'sb'],
      ['1'],
      [1],
      [true],
      ['true'],
      [null],
      ['null'],
      ['z'],
      ['S"a\\u0001b"'],
      ['a\u0001b'],
    ];
    const keys = lists.map((values) => prefixKey(values, values.length));
    expect(new Set(keys).size).toBe(lists.length);
    expect(prefixKey(['a', 'b', 'c'], 2)).toBe(prefixKey(['a', 'b'], 2));
  });
});

describe('visitRange', () => {
  it('visits what the tree iterates between two bounds, in both directions, across many leaves, and stops when told', () => {
    // 20,000 entries: three levels of nodes of 64, and each value repeated so ranges split leaves.
    const index = createSortedIndex(['v']);
    for (let i = 0; i < 20_000; i++) reindexSorted(index, `k${i}`, undefined, { v: i % 997 });
    const visited = (low: Key, high: Key, direction: 1 | -1, stopAfter = Number.POSITIVE_INFINITY) => {
      const out: number[] = [];
      visitRange(index, low, high, direction, (_key, doc) => {
        out.push(doc);
        return out.length < stopAfter;
      });
      return out;
    };
    const iterated = (low: Key, high: Key, direction: 1 | -1) =>
      [...walkRange(index, low, high, direction)].map(([, doc]) => doc);
    for (const [from, to] of [
      [0, 996],
      [3, 3],
      [10, 500],
      [900, 2000],
      [-5, 0],
      [400, 399],
    ] as const) {
      const low: Key = [from, BOTTOM];
      const high: Key = [to, TOP];
      for (const direction of [1, -1] as const) {
        const want = iterated(low, high, direction);
        expect(visited(low, high, direction)).toEqual(want);
        expect(visited(low, high, direction, 37)).toEqual(want.slice(0, 37));
      }
    }
    expect(visited([BOTTOM], [TOP], 1)).toHaveLength(20_000);
    expect(visited([BOTTOM], [TOP], -1)).toHaveLength(20_000);
  });
});
