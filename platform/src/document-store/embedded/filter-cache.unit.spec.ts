import { describe, expect, it } from 'vitest';
import { seeded } from '../../testing/seeded.ts';
import type { Filter, Sort } from '../port.ts';
import { DocSet, DocTable } from './doc-table.ts';
import type { AnyObject } from './fast-filter.ts';
import { FilterCache, filterName } from './filter-cache.ts';
import { createEmbeddedDocumentStore } from './store.ts';

describe('the filter cache', () => {
  const docs = new DocTable();
  for (let i = 0; i < 100; i++) docs.set(`d${i}`, { _id: `d${i}`, n: i });
  const even = (doc: AnyObject) => (doc.n as number) % 2 === 0;
  const setOf = (keys: Iterable<string>) => {
    const set = new DocSet();
    for (const key of keys) set.add(docs.of(key));
    return set;
  };

  it('builds a set once, then re-tests only the documents written since', () => {
    const cache = new FilterCache();
    let builds = 0;
    let tests = 0;
    const test = (doc: AnyObject) => {
      tests += 1;
      return even(doc);
    };
    const build = () => {
      builds += 1;
      return setOf([...docs.values()].filter(even).map((d) => d._id as string));
    };
    expect(cache.matching('even', docs, test, build)?.size).toBe(50);
    expect(cache.matching('even', docs, test, build)?.size).toBe(50);
    expect(builds).toBe(1);
    docs.set('d1', { _id: 'd1', n: 2 });
    cache.changed('d1');
    docs.delete('d2');
    cache.changed('d2');
    const matches = cache.matching('even', docs, test, build);
    expect(builds).toBe(1);
    expect(tests).toBe(1); // d1 re-tested; d2 is gone
    expect(matches?.has(docs.of('d1'))).toBe(true);
    expect(matches?.has(docs.of('d2'))).toBe(false);
    expect(matches?.size).toBe(50);
  });

  it('builds again once more was written than the log keeps', () => {
    const cache = new FilterCache();
    let builds = 0;
    const build = () => {
      builds += 1;
      return setOf(['d0']);
    };
    cache.matching('one', docs, null, build);
    for (let i = 0; i < 60_000; i++) cache.changed(`d${i % 100}`);
    cache.matching('one', docs, () => false, build);
    expect(builds).toBe(2);
  });

  it('holds a bit per document number, and lists them in order', () => {
    const set = new DocSet();
    for (const n of [70_000, 3, 31, 32, 3]) set.add(n);
    expect(set.size).toBe(4);
    expect(set.has(31) && set.has(32) && !set.has(33) && !set.has(1_000_000)).toBe(true);
    expect(set.delete(31)).toBe(true);
    expect(set.delete(31)).toBe(false);
    const listed: number[] = [];
    set.forEach((n) => {
      listed.push(n);
    });
    expect(listed).toEqual([3, 32, 70_000]);
  });

  it('names filters apart where their JSON would not, and a frozen list by its identity', () => {
    const when = new Date('2026-01-01T00:00:00Z');
    expect(filterName({ at: when })).not.toBe(filterName({ at: when.toISOString() }));
    expect(filterName({ t: /a/ })).not.toBe(filterName({ t: /b/ }));
    expect(filterName({ t: undefined })).not.toBe(filterName({}));
    expect(filterName({ t: '\u0000undefined' })).not.toBe(filterName({ t: undefined }));
    const ids = Object.freeze(Array.from({ length: 40 }, (_, i) => `d${i}`));
    const same = Object.freeze([...ids]);
    expect(filterName({ _id: { $in: ids } })).toBe(filterName({ _id: { $in: ids } }));
    expect(filterName({ _id: { $in: ids } })).not.toBe(filterName({ _id: { $in: same } }));
    expect(filterName({ _id: { $in: ids } }).length).toBeLessThan(40);
  });
});

describe('an indexed collection answering through its filter cache', () => {
  const random = seeded(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const countries = ['France', 'Italy', 'Spain'];
  const colours = ['Red', 'White', 'Rosé'];
  const lot = (i: number) => ({
    _id: `lot-${String(i).padStart(5, '0')}`,
    status: random() < 0.8 ? 'open' : 'closed',
    country: pick(countries),
    colour: pick(colours),
    price: Math.floor(random() * 100_000),
    title: `wine ${Math.floor(random() * 500)}`,
    bids: Math.floor(random() * 20),
  });
  const ids = Object.freeze(Array.from({ length: 2_400 }, (_, i) => `lot-${String(i * 5).padStart(5, '0')}`));
  const filters = (): Filter[] => [
    { status: { $in: ['open'] }, country: { $in: [pick(countries)] } },
    { status: { $in: ['open'] }, price: { $gte: 10_000, $lte: 60_000 } },
    { status: { $in: ['open'] }, colour: pick(colours), country: pick(countries), price: { $gte: 20_000 } },
    { _id: { $in: ids }, $and: [{ status: { $in: ['open'] } }] },
    { $and: [{ status: 'open' }, { $or: [{ country: pick(countries) }, { colour: pick(colours) }] }] },
  ];
  const sorts: Sort[] = [
    { title: 1, _id: 1 },
    { price: -1, _id: -1 },
    { bids: -1, _id: -1 },
    { price: 1, _id: 1 },
  ];

  let phase = 'start';
  async function compare(store: ReturnType<typeof createEmbeddedDocumentStore>, now = phase) {
    phase = now;
    for (const filter of filters()) {
      for (const sort of sorts) {
        for (const skip of [0, 25, 100]) {
          const options = { sort, skip, limit: 25 };
          const [want, got] = await Promise.all([
            store.collection('plain').find(filter, options),
            store.collection('indexed').find(filter, { ...options, readonly: true }),
          ]);
          expect(got, `${phase} ${JSON.stringify({ filter, options })}`).toEqual(want);
        }
      }
      expect(await store.collection('indexed').countDocuments(filter)).toBe(
        await store.collection('plain').countDocuments(filter),
      );
    }
  }

  async function writeBoth(store: ReturnType<typeof createEmbeddedDocumentStore>, n: number) {
    for (let w = 0; w < n; w++) {
      const id = `lot-${String(Math.floor(random() * 12_500)).padStart(5, '0')}`;
      const roll = random();
      const change = { price: Math.floor(random() * 100_000), status: pick(['open', 'closed']) };
      const replacement = { ...lot(0), _id: id };
      for (const name of ['plain', 'indexed']) {
        const coll = store.collection(name);
        if (roll < 0.6) await coll.updateOne({ _id: id }, { $set: change, $inc: { bids: 1 } });
        else if (roll < 0.8) await coll.deleteMany({ _id: id });
        else await coll.replaceOne({ _id: id }, replacement, { upsert: true });
      }
    }
  }

  it('answers every page and count as a scan does, through writes, a rolled-back transaction and a reader beside one', async () => {
    const store = createEmbeddedDocumentStore();
    const indexed = store.collection('indexed');
    for (const [key, name] of [
      [{ status: 1, title: 1 }, 'status_title'],
      [{ status: 1, price: 1 }, 'status_price'],
      [{ status: 1, bids: 1 }, 'status_bids'],
      [{ status: 1, country: 1, colour: 1, price: 1 }, 'status_country_colour_price'],
    ] as const) {
      await indexed.createIndex({ key, name });
    }
    const lots = Array.from({ length: 12_000 }, (_, i) => lot(i));
    for (const name of ['plain', 'indexed']) {
      await store.collection(name).bulkWrite(lots.map((document) => ({ insertOne: { document } })));
    }
    await compare(store);
    await writeBoth(store, 300);
    await compare(store, 'after writes');
    await expect(
      store.withTransaction(async () => {
        await writeBoth(store, 200);
        await compare(store, 'inside'); // inside: the transaction's own writes
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await compare(store, 'rolled back');
    let release = () => {};
    const open = store.withTransaction(async () => {
      await writeBoth(store, 50);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await compare(store, 'beside'); // beside it: the documents as they were before it
    release();
    await open;
    await compare(store, 'committed');
    // Thousands of pages compared with a scan: seconds on a loaded two-core machine, not a speed claim.
  }, 60_000);
});
