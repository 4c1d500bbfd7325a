import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerReachable } from '../testing/docker.ts';
import { documentStoreContract } from './document-store.contract.ts';
import { createEmbeddedDocumentStore } from './embedded/index.ts';
import { openMongoDocumentStore } from './mongo.ts';
import type { Doc } from './port.ts';

documentStoreContract('embedded', async () => createEmbeddedDocumentStore());

describe('embedded document store', () => {
  it('hides the writes of an open transaction from other readers until it commits', async () => {
    const store = createEmbeddedDocumentStore();
    const coll = store.collection<Doc>('lots');
    await coll.insertOne({ _id: 'lot-1', bids: 0 });
    let release: () => void = () => {};
    const halfway = new Promise<void>((resolve) => {
      release = resolve;
    });
    let continueWork: () => void = () => {};
    const resume = new Promise<void>((resolve) => {
      continueWork = resolve;
    });
    const tx = store.withTransaction(async () => {
      await coll.updateOne({ _id: 'lot-1' }, { $inc: { bids: 1 } });
      await coll.insertOne({ _id: 'lot-2', bids: 0 });
      release();
      await resume;
    });
    await halfway;
    expect(await coll.find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'lot-1', bids: 0 }]);
    expect(await coll.findOne({ _id: 'lot-2' })).toBeNull();
    // A write from outside waits for the transaction instead of interleaving with it.
    const outside = coll.updateOne({ _id: 'lot-1' }, { $inc: { bids: 10 } });
    continueWork();
    await tx;
    await outside;
    expect(await coll.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'lot-1', bids: 11 },
      { _id: 'lot-2', bids: 0 },
    ]);
  });

  it('shows other readers a document changed in place as it was until commit, and restores it on rollback', async () => {
    const store = createEmbeddedDocumentStore();
    const coll = store.collection<Doc>('lots');
    const original = { _id: 'lot-1', title: 'Latour', price: 100, bids: 0, meta: { tags: ['red'] } };
    await coll.insertOne(original);
    let release: () => void = () => {};
    const halfway = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fail: () => void = () => {};
    const failed = new Promise<void>((resolve) => {
      fail = resolve;
    });
    const tx = store.withTransaction(async () => {
      await coll.updateOne({ _id: 'lot-1' }, { $set: { price: 150, next: 160 }, $inc: { bids: 1 } });
      await coll.updateOne({ _id: 'lot-1' }, { $set: { price: 170 }, $max: { high: 170 } });
      // The work reads its own writes.
      expect(await coll.findOne({ _id: 'lot-1' })).toMatchObject({
        price: 170,
        next: 160,
        bids: 1,
        high: 170,
      });
      release();
      await failed;
      throw new Error('projector failed');
    });
    await halfway;
    const seen = await coll.findOne({ _id: 'lot-1' });
    expect(seen).toEqual(original);
    expect(Object.keys(seen ?? {})).toEqual(Object.keys(original));
    expect(await coll.find({ price: 100 })).toEqual([original]);
    fail();
    await expect(tx).rejects.toThrow('projector failed');
    const after = await coll.findOne({ _id: 'lot-1' });
    expect(after).toEqual(original);
    expect(Object.keys(after ?? {})).toEqual(Object.keys(original));
  });

  it('never changes a version others hold: a document written twice in a transaction, readonly answers, indexes kept or deferred', async () => {
    const store = createEmbeddedDocumentStore();
    const coll = store.collection<Doc>('lots');
    await coll.createIndex({ key: { status: 1, price: 1 } });
    for (const id of ['a', 'b']) await coll.insertOne({ _id: id, status: 'open', price: 100, bids: 0 });
    const held = await coll.find({}, { sort: { _id: 1 }, readonly: true });
    const write = () =>
      store.withTransaction(async () => {
        for (let i = 0; i < 3; i++) {
          await coll.updateOne({ _id: 'a' }, { $inc: { price: 10, bids: 1 } });
          await coll.updateOne({ _id: 'b' }, { $inc: { bids: 1 } });
        }
      });
    await write();
    expect(held).toEqual([
      { _id: 'a', status: 'open', price: 100, bids: 0 },
      { _id: 'b', status: 'open', price: 100, bids: 0 },
    ]);
    const priced = (low: number) =>
      coll.find({ status: 'open', price: { $gte: low } }, { sort: { price: 1, _id: 1 } });
    expect((await priced(130)).map((d) => d._id)).toEqual(['a']);
    // Deferred indexes: the second write of a document in the transaction changes it in place.
    const held2 = await coll.find({ _id: 'a' }, { readonly: true });
    const build = store.deferIndexes(['lots']);
    await write();
    build();
    expect(held2).toEqual([{ _id: 'a', status: 'open', price: 130, bids: 3 }]);
    expect(await coll.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', status: 'open', price: 160, bids: 6 },
      { _id: 'b', status: 'open', price: 100, bids: 6 },
    ]);
    expect((await priced(150)).map((d) => d._id)).toEqual(['a']);
    expect(await coll.countDocuments({ status: 'open', price: 100 })).toBe(1);
  });

  it('reads the restored document after a rollback (the last document a writer read is forgotten)', async () => {
    const store = createEmbeddedDocumentStore();
    const coll = store.collection<Doc>('lots');
    await coll.insertOne({ _id: 'a', n: 1 });
    await expect(
      store.withTransaction(async () => {
        await coll.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
        await coll.insertOne({ _id: 'b', n: 1 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await coll.insertOne({ _id: 'b', n: 2 });
    await coll.updateOne({ _id: 'a' }, { $inc: { n: 10 } });
    expect(await coll.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', n: 11 },
      { _id: 'b', n: 2 },
    ]);
    await store.dropCollection('lots');
    await coll.insertOne({ _id: 'a', n: 0 });
    expect(await coll.find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'a', n: 0 }]);
  });

  it('rolls a document changed in place and then replaced or deleted back to what it was', async () => {
    const store = createEmbeddedDocumentStore();
    const coll = store.collection<Doc>('lots');
    await coll.insertOne({ _id: 'a', n: 1 });
    await coll.insertOne({ _id: 'b', n: 1 });
    await expect(
      store.withTransaction(async () => {
        await coll.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
        await coll.replaceOne({ _id: 'a' }, { _id: 'a', m: 5 });
        await coll.updateOne({ _id: 'a' }, { $set: { m: 6 } });
        await coll.updateOne({ _id: 'b' }, { $inc: { n: 1 } });
        await coll.deleteMany({ _id: 'b' });
        expect(await coll.find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'a', m: 6 }]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await coll.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', n: 1 },
      { _id: 'b', n: 1 },
    ]);
  });

  it('restores unique index entries on rollback', async () => {
    const store = createEmbeddedDocumentStore();
    const users = store.collection<Doc>('users');
    await users.createIndex({ key: { email: 1 }, unique: true });
    await users.insertOne({ _id: 'u1', email: 'a@example.com' });
    await expect(
      store.withTransaction(async () => {
        await users.updateOne({ _id: 'u1' }, { $set: { email: 'b@example.com' } });
        await users.insertOne({ _id: 'u2', email: 'a@example.com' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await expect(users.insertOne({ _id: 'u3', email: 'a@example.com' })).rejects.toThrow(/duplicate key/);
    await users.insertOne({ _id: 'u2', email: 'b@example.com' });
    expect(await users.countDocuments()).toBe(2);
  });
});

type MongoTarget = { url: string; stop?: () => Promise<void> };

const mongoUrl = process.env.MONGO_URL;
const mongoAvailable = Boolean(mongoUrl) || (await dockerReachable());
if (!mongoAvailable) {
  console.log('MongoDB contract suite skipped: no MONGO_URL and no Docker engine reachable');
}

let target: Promise<MongoTarget> | undefined;
let replicaSet = false;

/** MONGO_URL, or a single-node replica set in a container (transactions need a replica set). */
function mongoTarget(): Promise<MongoTarget> {
  target ??= (async (): Promise<MongoTarget> => {
    if (mongoUrl) return { url: mongoUrl };
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('mongo:7')
      .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    await container.exec([
      'mongosh',
      '--quiet',
      '--eval',
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: '127.0.0.1:27017' }] })",
    ]);
    const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
    const client = new MongoClient(url);
    try {
      for (let i = 0; i < 100; i++) {
        const hello = await client.db('admin').command({ hello: 1 });
        if (hello.isWritablePrimary) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await client.close();
    }
    return { url, stop: async () => void (await container.stop()) };
  })();
  return target;
}

describe.skipIf(!mongoAvailable)('mongodb document store', () => {
  const dbName = `contract_${Math.random().toString(36).slice(2, 10)}`;

  documentStoreContract(
    'mongodb',
    async () => {
      const { url } = await mongoTarget();
      const store = await openMongoDocumentStore(url, dbName);
      const client = new MongoClient(url);
      try {
        const hello = await client.db('admin').command({ hello: 1 });
        replicaSet = typeof hello.setName === 'string';
      } finally {
        await client.close();
      }
      return store;
    },
    { rollback: () => replicaSet },
  );

  afterAll(async () => {
    if (!target) return;
    const { url, stop } = await target;
    const client = new MongoClient(url);
    try {
      await client.db(dbName).dropDatabase();
    } finally {
      await client.close();
    }
    await stop?.();
  });
});
