/**
 * The document store contract: the behaviour every adapter must share. Each test uses its own
 * collection, so adapters sharing one database do not interfere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedAnswersMatchScans } from './document-store.index-contract.ts';
import { type Doc, type DocumentStore, DuplicateKeyError, IndexConflictError } from './port.ts';

export interface DocumentStoreContractOptions {
  /**
   * Whether `withTransaction` rolls back on a throw. A standalone MongoDB has no multi-document
   * transactions, so the adapter runs the work plainly there. Evaluated when the test runs.
   */
  rollback?: () => boolean;
}

interface Wine extends Doc {
  name: string;
  region: string;
  vintage: number;
  price: number;
  tags?: string[];
}

const wines: Wine[] = [
  {
    _id: 'w1',
    name: 'Château Margaux',
    region: 'Bordeaux',
    vintage: 2010,
    price: 900,
    tags: ['red', 'grand-cru'],
  },
  { _id: 'w2', name: 'Château Latour', region: 'Bordeaux', vintage: 2005, price: 700, tags: ['red'] },
  {
    _id: 'w3',
    name: 'Romanée-Conti',
    region: 'Burgundy',
    vintage: 2015,
    price: 15000,
    tags: ['red', 'grand-cru'],
  },
  { _id: 'w4', name: 'Chablis Grand Cru', region: 'Burgundy', vintage: 2018, price: 120, tags: ['white'] },
  { _id: 'w5', name: 'Sassicaia', region: 'Tuscany', vintage: 2016, price: 250, tags: ['red'] },
];

export function documentStoreContract(
  name: string,
  open: () => Promise<DocumentStore>,
  options: DocumentStoreContractOptions = {},
): void {
  describe(`document store contract: ${name}`, () => {
    let store: DocumentStore;
    const run = Math.random().toString(36).slice(2, 8);
    const collectionName = (test: string) => `${test}_${run}`;

    async function seeded(test: string) {
      const coll = store.collection<Wine>(collectionName(test));
      for (const wine of wines) await coll.insertOne(wine);
      return coll;
    }

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await store?.close();
    });

    it('answers finds and counts through indexes exactly as without them, across writes', async () => {
      await indexedAnswersMatchScans(store, collectionName);
    }, 120_000);

    it('finds with a filter, sort, skip, limit and projection', async () => {
      const coll = await seeded('find_options');
      const found = await coll.find(
        { region: { $in: ['Bordeaux', 'Burgundy'] } },
        { sort: { price: -1 }, skip: 1, limit: 2, projection: { name: 1, price: 1 } },
      );
      expect(found).toEqual([
        { _id: 'w1', name: 'Château Margaux', price: 900 },
        { _id: 'w2', name: 'Château Latour', price: 700 },
      ]);
      const excluded = await coll.find({ _id: 'w5' }, { projection: { tags: 0, price: 0 } });
      expect(excluded).toEqual([{ _id: 'w5', name: 'Sassicaia', region: 'Tuscany', vintage: 2016 }]);
    });

    it('matches $regex with the i option', async () => {
      const coll = await seeded('regex');
      const found = await coll.find({ name: { $regex: '^château', $options: 'i' } }, { sort: { _id: 1 } });
      expect(found.map((w) => w._id)).toEqual(['w1', 'w2']);
    });

    it('combines $in, $nin, $or, $and and range operators', async () => {
      const coll = await seeded('operators');
      const ids = async (filter: Record<string, unknown>) =>
        (await coll.find(filter, { sort: { _id: 1 } })).map((w) => w._id);
      expect(await ids({ _id: { $in: ['w2', 'w4', 'missing'] } })).toEqual(['w2', 'w4']);
      expect(await ids({ region: { $nin: ['Bordeaux', 'Burgundy'] } })).toEqual(['w5']);
      expect(await ids({ $or: [{ vintage: { $lt: 2006 } }, { price: { $gte: 10000 } }] })).toEqual([
        'w2',
        'w3',
      ]);
      expect(await ids({ $and: [{ price: { $gt: 200 } }, { price: { $lte: 900 } }] })).toEqual([
        'w1',
        'w2',
        'w5',
      ]);
      expect(await ids({ tags: 'grand-cru', vintage: { $ne: 2015 } })).toEqual(['w1']);
      expect(await ids({ _id: 'w1', price: { $lt: 100 } })).toEqual([]);
    });

    it('counts documents and finds one', async () => {
      const coll = await seeded('count');
      expect(await coll.countDocuments()).toBe(5);
      expect(await coll.countDocuments({ region: 'Burgundy' })).toBe(2);
      expect((await coll.findOne({ region: 'Burgundy' }, { sort: { price: 1 } }))?._id).toBe('w4');
      expect(await coll.findOne({ region: 'Rioja' })).toBeNull();
      expect(await coll.findOne({ _id: 'w3' }, { projection: { name: 1 } })).toEqual({
        _id: 'w3',
        name: 'Romanée-Conti',
      });
    });

    it('updates one with $set and $inc and reports the counts', async () => {
      const coll = await seeded('update_one');
      const result = await coll.updateOne({ _id: 'w4' }, { $set: { region: 'Chablis' }, $inc: { price: 5 } });
      expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      expect(await coll.findOne({ _id: 'w4' })).toMatchObject({ region: 'Chablis', price: 125 });
      const unchanged = await coll.updateOne({ _id: 'w4' }, { $set: { region: 'Chablis' } });
      expect(unchanged).toEqual({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
      const missing = await coll.updateOne({ _id: 'nope' }, { $set: { region: 'X' } });
      expect(missing).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 0 });
    });

    it('applies array and comparison update operators', async () => {
      const coll = await seeded('update_operators');
      await coll.updateOne(
        { _id: 'w5' },
        {
          $push: { tags: 'super-tuscan' },
          $max: { price: 300 },
          $min: { vintage: 2000 },
          $unset: { region: '' },
        },
      );
      await coll.updateOne({ _id: 'w5' }, { $addToSet: { tags: 'red' } });
      await coll.updateOne({ _id: 'w5' }, { $pull: { tags: 'super-tuscan' } });
      await coll.updateOne({ _id: 'w5' }, { $addToSet: { tags: 'bolgheri' } });
      expect(await coll.findOne({ _id: 'w5' })).toEqual({
        _id: 'w5',
        name: 'Sassicaia',
        vintage: 2000,
        price: 300,
        tags: ['red', 'bolgheri'],
      });
    });

    it('upserts a document built from the filter equality fields, the update and $setOnInsert', async () => {
      const coll = store.collection<Doc>(collectionName('upsert'));
      const result = await coll.updateOne(
        { _id: 'lot-1', status: 'open', bids: { $gt: 5 } },
        { $set: { price: 10 }, $inc: { bids: 1 }, $setOnInsert: { createdBy: 'projector' } },
        { upsert: true },
      );
      expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
      expect(await coll.findOne({ _id: 'lot-1' })).toEqual({
        _id: 'lot-1',
        status: 'open',
        price: 10,
        bids: 1,
        createdBy: 'projector',
      });
      const again = await coll.updateOne(
        { _id: 'lot-1' },
        { $set: { price: 20 }, $setOnInsert: { createdBy: 'someone else' } },
        { upsert: true },
      );
      expect(again).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      expect(await coll.findOne({ _id: 'lot-1' })).toMatchObject({ price: 20, createdBy: 'projector' });
    });

    it('accepts the _id in $setOnInsert and $set when it keeps the value, and refuses a change of _id', async () => {
      const coll = store.collection<Doc>(collectionName('upsert_id'));
      const doc = { _id: 'lot-9', title: 'Barolo', price: 100 };
      await coll.updateOne({ _id: 'lot-9' }, { $setOnInsert: doc }, { upsert: true });
      await coll.updateOne(
        { _id: 'lot-9' },
        { $setOnInsert: { ...doc, title: 'changed' } },
        { upsert: true },
      );
      expect(await coll.find({})).toEqual([doc]);
      await coll.updateOne({ _id: 'lot-9' }, { $set: { _id: 'lot-9', price: 120 } });
      expect(await coll.findOne({ _id: 'lot-9' })).toEqual({ ...doc, price: 120 });
      await expect(coll.updateOne({ _id: 'lot-9' }, { $set: { _id: 'other' } })).rejects.toThrow(/_id/);
    });

    it('updates many', async () => {
      const coll = await seeded('update_many');
      const result = await coll.updateMany({ region: 'Bordeaux' }, { $set: { country: 'France' } });
      expect(result).toEqual({ matchedCount: 2, modifiedCount: 2, upsertedCount: 0 });
      expect(await coll.countDocuments({ country: 'France' })).toBe(2);
    });

    it('supports pipeline-style updates', async () => {
      const coll = await seeded('update_pipeline');
      await coll.updateOne({ _id: 'w2' }, [
        { $set: { label: { $concat: ['$name', ' ', { $toString: '$vintage' }] } } },
      ]);
      expect((await coll.findOne({ _id: 'w2' }))?.label).toBe('Château Latour 2005');
    });

    it('replaces one, keeping the _id', async () => {
      const coll = await seeded('replace');
      const result = await coll.replaceOne(
        { _id: 'w4' },
        { _id: 'w4', name: 'Chablis', region: 'Burgundy', vintage: 2019, price: 90 },
      );
      expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      expect(await coll.findOne({ _id: 'w4' })).toEqual({
        _id: 'w4',
        name: 'Chablis',
        region: 'Burgundy',
        vintage: 2019,
        price: 90,
      });
      const upserted = await coll.replaceOne(
        { _id: 'w9' },
        { _id: 'w9', name: 'Vega Sicilia', region: 'Ribera', vintage: 2012, price: 400 },
        { upsert: true },
      );
      expect(upserted.upsertedCount).toBe(1);
      expect(await coll.countDocuments()).toBe(6);
    });

    it('makes a position-guarded update a no-op when replayed', async () => {
      const coll = store.collection<Doc>(collectionName('idempotent'));
      await coll.insertOne({ _id: 'lot-7', highBid: 100, _position: 10 });
      const apply = (position: number, highBid: number) =>
        coll.updateOne(
          { _id: 'lot-7', _position: { $lt: position } },
          { $set: { highBid, _position: position } },
        );
      expect(await apply(11, 110)).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
      expect(await apply(11, 110)).toMatchObject({ matchedCount: 0, modifiedCount: 0 });
      expect(await apply(9, 90)).toMatchObject({ matchedCount: 0, modifiedCount: 0 });
      expect(await coll.findOne({ _id: 'lot-7' })).toEqual({ _id: 'lot-7', highBid: 110, _position: 11 });
    });

    it('runs mixed bulk writes in order and reports counts', async () => {
      const coll = await seeded('bulk');
      const result = await coll.bulkWrite([
        {
          insertOne: { document: { _id: 'w6', name: 'Opus One', region: 'Napa', vintage: 2014, price: 350 } },
        },
        { updateOne: { filter: { _id: 'w6' }, update: { $inc: { price: 50 } } } },
        { updateMany: { filter: { region: 'Bordeaux' }, update: { $set: { classified: true } } } },
        { updateOne: { filter: { _id: 'w7' }, update: { $set: { name: 'Penfolds Grange' } }, upsert: true } },
        {
          replaceOne: {
            filter: { _id: 'w5' },
            replacement: { _id: 'w5', name: 'Sassicaia', region: 'Bolgheri', vintage: 2016, price: 260 },
          },
        },
        { deleteOne: { filter: { region: 'Burgundy' } } },
        { deleteMany: { filter: { vintage: { $lt: 2006 } } } },
      ]);
      expect(result).toEqual({
        insertedCount: 1,
        matchedCount: 4,
        modifiedCount: 4,
        upsertedCount: 1,
        deletedCount: 2,
      });
      expect((await coll.findOne({ _id: 'w6' }))?.price).toBe(400);
      expect((await coll.find({}, { sort: { _id: 1 } })).map((w) => w._id)).toEqual([
        'w1',
        'w4',
        'w5',
        'w6',
        'w7',
      ]);
    });

    it('stops an ordered bulk write at the first failure', async () => {
      const coll = await seeded('bulk_ordered');
      await expect(
        coll.bulkWrite([
          { updateOne: { filter: { _id: 'w1' }, update: { $set: { seen: 1 } } } },
          { insertOne: { document: { _id: 'w2', name: 'dup', region: 'X', vintage: 1, price: 1 } } },
          { updateOne: { filter: { _id: 'w3' }, update: { $set: { seen: 1 } } } },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await coll.find({ seen: 1 })).map((w) => w._id)).toEqual(['w1']);
    });

    it('deletes many', async () => {
      const coll = await seeded('delete');
      expect(await coll.deleteMany({ region: 'Burgundy' })).toEqual({ deletedCount: 2 });
      expect(await coll.countDocuments()).toBe(3);
      expect(await coll.deleteMany()).toEqual({ deletedCount: 3 });
      expect(await coll.countDocuments()).toBe(0);
    });

    it('aggregates with $match, $unwind, $group, $sort and $project', async () => {
      const coll = await seeded('aggregate');
      const byRegion = await coll.aggregate([
        { $match: { price: { $lt: 10000 } } },
        { $group: { _id: '$region', total: { $sum: '$price' }, count: { $sum: 1 } } },
        { $sort: { total: -1 } },
        { $project: { _id: 0, region: '$_id', total: 1, count: 1 } },
      ]);
      expect(byRegion).toEqual([
        { region: 'Bordeaux', total: 1600, count: 2 },
        { region: 'Tuscany', total: 250, count: 1 },
        { region: 'Burgundy', total: 120, count: 1 },
      ]);
      const byTag = await coll.aggregate([
        { $unwind: '$tags' },
        { $group: { _id: '$tags', wines: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ]);
      expect(byTag).toEqual([
        { _id: 'grand-cru', wines: 2 },
        { _id: 'red', wines: 4 },
        { _id: 'white', wines: 1 },
      ]);
    });

    it('rejects a duplicate on a unique index and on _id with DuplicateKeyError', async () => {
      const coll = store.collection<Doc>(collectionName('unique'));
      const indexName = await coll.createIndex({ key: { email: 1 }, unique: true });
      await coll.insertOne({ _id: 'u1', email: 'a@example.com' });
      await expect(coll.insertOne({ _id: 'u2', email: 'a@example.com' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(coll.insertOne({ _id: 'u1', email: 'b@example.com' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await coll.insertOne({ _id: 'u3', email: 'c@example.com' });
      await expect(
        coll.updateOne({ _id: 'u3' }, { $set: { email: 'a@example.com' } }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      // Freed keys can be taken again.
      await coll.updateOne({ _id: 'u1' }, { $set: { email: 'z@example.com' } });
      await coll.updateOne({ _id: 'u3' }, { $set: { email: 'a@example.com' } });
      expect(await coll.countDocuments()).toBe(2);
      const indexes = await coll.listIndexes();
      expect(indexes).toContainEqual(expect.objectContaining({ key: { _id: 1 }, name: '_id_' }));
      expect(indexes).toContainEqual({ key: { email: 1 }, name: indexName, unique: true });
    });

    it('lists indexes with their names', async () => {
      const coll = store.collection<Doc>(collectionName('indexes'));
      expect(await coll.createIndex({ key: { region: 1, price: -1 } })).toBe('region_1_price_-1');
      expect(await coll.createIndex({ key: { vintage: 1 }, name: 'by_vintage' })).toBe('by_vintage');
      const names = (await coll.listIndexes()).map((i) => i.name).sort();
      expect(names).toEqual(['_id_', 'by_vintage', 'region_1_price_-1']);
      const compound = (await coll.listIndexes()).find((i) => i.name === 'region_1_price_-1');
      expect(compound?.key).toEqual({ region: 1, price: -1 });
      expect(compound?.unique).toBeUndefined();
    });

    it('refuses an index of an existing name with other keys, and takes it once the old one is dropped', async () => {
      const coll = store.collection<Doc>(collectionName('index-change'));
      await coll.insertOne({ _id: 'a', region: 'Napa', price: 5 });
      expect(await coll.createIndex({ key: { region: 1 }, name: 'by_region' })).toBe('by_region');
      // The same index again is no change.
      expect(await coll.createIndex({ key: { region: 1 }, name: 'by_region' })).toBe('by_region');
      await expect(
        coll.createIndex({ key: { region: 1, price: -1 }, name: 'by_region' }),
      ).rejects.toBeInstanceOf(IndexConflictError);
      await expect(
        coll.createIndex({ key: { region: 1 }, name: 'by_region', unique: true }),
      ).rejects.toBeInstanceOf(IndexConflictError);
      await coll.dropIndex('by_region');
      await coll.dropIndex('by_region');
      await coll.createIndex({ key: { region: 1, price: -1 }, name: 'by_region' });
      const index = (await coll.listIndexes()).find((i) => i.name === 'by_region');
      expect(index?.key).toEqual({ region: 1, price: -1 });
      expect(await coll.find({ region: 'Napa' }, { sort: { price: -1 } })).toHaveLength(1);
      await store.collection<Doc>(collectionName('no-such')).dropIndex('by_region');
    });

    it('renames a collection over an existing one with dropTarget', async () => {
      const live = store.collection<Doc>(collectionName('live'));
      const rebuild = store.collection<Doc>(collectionName('rebuild'));
      await live.insertOne({ _id: 'old', v: 1 });
      await rebuild.insertOne({ _id: 'new', v: 2 });
      await expect(store.renameCollection(rebuild.name, live.name)).rejects.toThrow();
      await store.renameCollection(rebuild.name, live.name, { dropTarget: true });
      expect(await live.find()).toEqual([{ _id: 'new', v: 2 }]);
      expect(await rebuild.countDocuments()).toBe(0);
      const names = await store.listCollections();
      expect(names).toContain(live.name);
      expect(names).not.toContain(rebuild.name);
      await store.dropCollection(live.name);
      expect(await store.listCollections()).not.toContain(live.name);
      expect(await live.countDocuments()).toBe(0);
    });

    it('commits the writes of a transaction', async () => {
      const docs = store.collection<Doc>(collectionName('tx_commit'));
      const checkpoints = store.collection<Doc>(collectionName('tx_commit_checkpoints'));
      await docs.insertOne({ _id: 'seed', n: 0 });
      const result = await store.withTransaction(async () => {
        await docs.insertOne({ _id: 'a', n: 1 });
        await docs.updateOne({ _id: 'seed' }, { $inc: { n: 1 } });
        // The work reads its own writes.
        expect(await docs.countDocuments()).toBe(2);
        await checkpoints.updateOne({ _id: 'projector' }, { $set: { position: 42 } }, { upsert: true });
        return 'done';
      });
      expect(result).toBe('done');
      expect(await docs.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', n: 1 },
        { _id: 'seed', n: 1 },
      ]);
      expect(await checkpoints.findOne({ _id: 'projector' })).toEqual({ _id: 'projector', position: 42 });
    });

    it('rolls back the writes of a transaction whose work throws', async () => {
      const docs = store.collection<Doc>(collectionName('tx_rollback'));
      await docs.insertOne({ _id: 'seed', n: 0 });
      await expect(
        store.withTransaction(async () => {
          await docs.insertOne({ _id: 'a', n: 1 });
          await docs.updateOne({ _id: 'seed' }, { $inc: { n: 1 } });
          await docs.deleteMany({ _id: 'seed' });
          throw new Error('projector failed');
        }),
      ).rejects.toThrow('projector failed');
      if (options.rollback && !options.rollback()) {
        // A standalone MongoDB has no multi-document transactions: the work ran plainly, nothing to assert.
        return;
      }
      expect(await docs.find()).toEqual([{ _id: 'seed', n: 0 }]);
    });

    it('returns copies: mutating a returned or inserted document does not change the store', async () => {
      const coll = store.collection<Doc>(collectionName('copies'));
      const original = { _id: 'c1', nested: { list: [1, 2] } };
      await coll.insertOne(original);
      original.nested.list.push(3);
      const found = await coll.findOne({ _id: 'c1' });
      (found!.nested as { list: number[] }).list.push(4);
      const [listed] = await coll.find({});
      (listed!.nested as { list: number[] }).list.push(5);
      const pushed = [7];
      await coll.updateOne({ _id: 'c1' }, { $set: { other: pushed } });
      pushed.push(8);
      expect(await coll.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', nested: { list: [1, 2] }, other: [7] });
      // A whole document upserted through $setOnInsert is a copy too.
      const whole = { _id: 'c2', title: 'Barolo', price: 100 };
      await coll.updateOne({ _id: 'c2' }, { $setOnInsert: whole }, { upsert: true });
      whole.price = 1;
      expect(await coll.findOne({ _id: 'c2' })).toEqual({ _id: 'c2', title: 'Barolo', price: 100 });
    });
  });
}
