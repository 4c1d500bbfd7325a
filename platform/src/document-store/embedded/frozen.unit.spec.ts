import { describe, expect, it } from 'vitest';
import type { Doc } from '../port.ts';
import { createEmbeddedDocumentStore } from './store.ts';

interface Lot extends Doc {
  _id: string;
  price: number;
  bids: { amount: number }[];
}

async function storeWithLot(options: { frozen?: boolean } = {}) {
  const store = createEmbeddedDocumentStore(options);
  const lots = store.collection<Lot>('lots');
  await lots.insertOne({ _id: 'lot-1', price: 10, bids: [{ amount: 10 }] });
  return { store, lots };
}

describe('the embedded store under test (frozen versions)', () => {
  it('is on under Vitest without being asked', async () => {
    const { lots } = await storeWithLot();
    const [lot] = await lots.find({ _id: 'lot-1' }, { readonly: true });
    expect(Object.isFrozen(lot)).toBe(true);
  });

  it('throws when code changes a document a read-only find handed out, at any depth, and keeps the stored one', async () => {
    const { lots } = await storeWithLot();
    const [lot] = await lots.find({}, { readonly: true });
    expect(() => {
      lot!.price = 99;
    }).toThrow(TypeError);
    expect(() => lot!.bids.push({ amount: 20 })).toThrow(TypeError);
    expect(() => {
      lot!.bids[0]!.amount = 20;
    }).toThrow(TypeError);
    expect(await lots.findOne({ _id: 'lot-1' })).toEqual({ _id: 'lot-1', price: 10, bids: [{ amount: 10 }] });
  });

  it('freezes every new version a write stores, and the documents of a dump and of a restore', async () => {
    const { store, lots } = await storeWithLot();
    await lots.updateOne({ _id: 'lot-1' }, { $set: { price: 12 }, $push: { bids: { amount: 12 } } });
    await lots.updateOne({ _id: 'lot-2' }, { $set: { price: 5, bids: [] } }, { upsert: true });
    await lots.replaceOne(
      { _id: 'lot-3' },
      { _id: 'lot-3', price: 1, bids: [{ amount: 1 }] },
      { upsert: true },
    );
    await store.withTransaction(async () => {
      await lots.updateOne({ _id: 'lot-1' }, { $inc: { price: 1 } });
      await lots.updateOne({ _id: 'lot-1' }, { $inc: { price: 1 } });
    });
    const dumped = store.dump()!;
    for (const [, docs] of dumped) for (const doc of docs) expect(isDeeplyFrozen(doc)).toBe(true);
    const restored = createEmbeddedDocumentStore({ restore: structuredClone(dumped) });
    const all = await restored.collection('lots').find({}, { readonly: true, sort: { _id: 1 } });
    expect(all.map((doc) => doc.price)).toEqual([14, 5, 1]);
    for (const doc of all) expect(isDeeplyFrozen(doc)).toBe(true);
  });

  it('freezes a transaction’s own versions when it commits, and keeps the frozen pre-image when it throws', async () => {
    const { store, lots } = await storeWithLot();
    let inside: Lot | undefined;
    await store.withTransaction(async () => {
      await lots.updateOne({ _id: 'lot-1' }, { $inc: { price: 1 } });
      await lots.updateOne({ _id: 'lot-1' }, { $inc: { price: 1 } });
      [inside] = await lots.find({ _id: 'lot-1' }, { readonly: true });
    });
    expect(inside?.price).toBe(12);
    expect(isDeeplyFrozen(inside)).toBe(true);
    await expect(
      store.withTransaction(async () => {
        await lots.updateOne({ _id: 'lot-1' }, { $push: { bids: { amount: 13 } } });
        throw new Error('crash between two steps');
      }),
    ).rejects.toThrow('crash');
    const [after] = await lots.find({ _id: 'lot-1' }, { readonly: true });
    expect(after).toEqual({ _id: 'lot-1', price: 12, bids: [{ amount: 10 }] });
    expect(isDeeplyFrozen(after)).toBe(true);
  });

  it('hands out copies the caller may change, from finds that are not read-only', async () => {
    const { lots } = await storeWithLot();
    const lot = (await lots.findOne({ _id: 'lot-1' }))!;
    lot.price = 99;
    lot.bids.push({ amount: 99 });
    expect(await lots.findOne({ _id: 'lot-1' })).toEqual({ _id: 'lot-1', price: 10, bids: [{ amount: 10 }] });
  });

  it('leaves versions unfrozen when asked to (production: no walk per write)', async () => {
    const { lots } = await storeWithLot({ frozen: false });
    const [lot] = await lots.find({}, { readonly: true });
    expect(Object.isFrozen(lot)).toBe(false);
  });
});

function isDeeplyFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen);
}
