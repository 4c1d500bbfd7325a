import { type LotChangedNotice, subjects } from '@wine/contracts';
import { type LotListedData, type NewEvent, events as registry } from '@wine/event-schemas';
import {
  createEmbeddedDocumentStore,
  createInProcessBus,
  createLogger,
  marketUpcaster,
  openSqliteEventStore,
  systemClock,
} from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createProjectionRunner, projections } from '../index.ts';
import { CHECKPOINTS, type CheckpointDoc } from './checkpoints.ts';

const listed = (lotId: string): LotListedData =>
  listedLot({
    lotId,
    sku: `SKU-${lotId}`,
    lotNumber: null,
    auctionId: null,
    sellerId: 'house',
    title: `2010 ${lotId}`,
  });

let n = 0;
const event = (type: string, data: unknown): NewEvent => {
  n += 1;
  return {
    id: `00000000-0000-5000-8000-${String(n).padStart(12, '0')}`,
    type,
    version: registry.currentVersion(type),
    data: registry.validate(type, data),
    metadata: {
      correlationId: `c-${n}`,
      causationId: `c-${n}`,
      commandId: `c-${n}`,
      actor: { kind: 'user', id: 'spec' },
      occurredAt: '2026-11-22T12:00:00.000Z',
      prevHash: '',
      hash: `h-${n}`,
    },
  };
};
const bid = (bidderId: string, amount: number) =>
  event('BidPlaced', {
    bidId: `b-${n}`,
    bidderId,
    amount,
    maxAmount: amount,
    leads: true,
    outbidUserId: null,
    nextBid: amount + 1_000,
    reserveMet: true,
    biddingType: 'proxy',
  });

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe('projection runner', () => {
  it('tells the bus of a catch-up in one notice per lot, then of each live batch at once', async () => {
    // One event per batch, so only the catch-up window can bring a lot's changes together.
    const store = openSqliteEventStore(':memory:', { upcast: marketUpcaster, batchSize: 1 });
    const bus = createInProcessBus();
    const notices: LotChangedNotice[] = [];
    await bus.subscribe<LotChangedNotice>(subjects.anyLotChanged, ({ data }) => {
      notices.push(data);
    });
    await store.append('lot-a', [event('LotListed', listed('a'))], 'no_stream');
    await store.append('lot-b', [event('LotListed', listed('b'))], 'no_stream');
    await store.append('lot-a', [bid('ann', 10_000)], 0);
    const { position: lastOfA } = await store.append('lot-a', [bid('bob', 11_000)], 1);
    const runner = createProjectionRunner({
      name: 'spec',
      eventStore: store,
      docs: createEmbeddedDocumentStore(),
      projections,
      clock: systemClock,
      logger: createLogger('silent'),
      bus,
    });
    closing.push(async () => {
      await runner.stop();
      await store.close();
    });
    await runner.start();
    await runner.waitFor(lastOfA);

    await expect.poll(() => notices.length).toBe(2);
    // In the order of their last positions: b was last changed before a.
    expect(notices.map((x) => x.lot.id)).toEqual(['b', 'a']);
    const [b, a] = notices;
    expect(a).toMatchObject({
      position: lastOfA,
      kind: 'bidAddtime',
      // Each type once, in the order of its last event.
      events: ['LotListed', 'BidPlaced'],
      lot: { wprice: 11_000, bid_count: 2 },
    });
    expect(Object.keys(a?.users ?? {}).sort()).toEqual(['ann', 'bob']);
    expect(b).toMatchObject({ kind: 'lotChanged', events: ['LotListed'] });

    const { position } = await store.append('lot-a', [bid('cat', 12_000)], 2);
    await runner.waitFor(position);
    await expect.poll(() => notices.length).toBe(3);
    expect(notices[2]).toMatchObject({ position, events: ['BidPlaced'], lot: { wprice: 12_000 } });
  });

  it('live, writes each batch at once and tells the bus at most once per spacing, of the batches since', async () => {
    const store = openSqliteEventStore(':memory:', { upcast: marketUpcaster, batchSize: 1 });
    const bus = createInProcessBus();
    const notices: { at: number; notice: LotChangedNotice }[] = [];
    await bus.subscribe<LotChangedNotice>(subjects.anyLotChanged, ({ data }) => {
      notices.push({ at: performance.now(), notice: data });
    });
    const docs = createEmbeddedDocumentStore();
    const runner = createProjectionRunner({
      name: 'spec',
      eventStore: store,
      docs,
      projections,
      clock: systemClock,
      logger: createLogger('silent'),
      bus,
      publishSpacingMs: 300,
    });
    closing.push(async () => {
      await runner.stop();
      await store.close();
    });
    await runner.start();
    // A quiet runner tells the bus at once.
    const listedAt = (await store.append('lot-q', [event('LotListed', listed('q'))], 'no_stream')).position;
    await runner.waitFor(listedAt);
    await expect.poll(() => notices.length).toBe(1);
    const first = (notices[0] as { at: number }).at;
    // Two bids right after: each written to the read model as it comes, one notice for both.
    await store.append('lot-q', [bid('ann', 10_000)], 0);
    const { position: second } = await store.append('lot-q', [bid('bob', 11_000)], 1);
    await runner.waitFor(second);
    const lot = await docs.collection<{ _id: string; wprice: number }>('lots').findOne({ _id: 'q' });
    expect(lot?.wprice).toBe(11_000);
    expect(notices).toHaveLength(1);
    await expect.poll(() => notices.length, { timeout: 2_000 }).toBe(2);
    const later = notices[1] as { at: number; notice: LotChangedNotice };
    expect(later.notice).toMatchObject({ position: second, events: ['BidPlaced'], lot: { wprice: 11_000 } });
    expect(Object.keys(later.notice.users ?? {}).sort()).toEqual(['ann', 'bob']);
    expect(later.at - first).toBeGreaterThanOrEqual(250);
  });

  it('tells the bus of a long catch-up window by window, a window being so many lots (or users) waiting', async () => {
    const store = openSqliteEventStore(':memory:', { upcast: marketUpcaster, batchSize: 1 });
    const bus = createInProcessBus();
    const notices: LotChangedNotice[] = [];
    await bus.subscribe<LotChangedNotice>(subjects.anyLotChanged, ({ data }) => {
      notices.push(data);
    });
    const lots = ['w1', 'w2', 'w3'];
    for (const lot of lots) await store.append(`lot-${lot}`, [event('LotListed', listed(lot))], 'no_stream');
    let last = '';
    // Five bids on each lot, lot after lot: a window waits for a second lot, whatever its events.
    for (const [l, lot] of lots.entries())
      for (let i = 0; i < 5; i++)
        last = (await store.append(`lot-${lot}`, [bid(`u${l}-${i}`, 10_000 + i * 1_000)], i)).position;
    const runner = createProjectionRunner({
      name: 'spec',
      eventStore: store,
      docs: createEmbeddedDocumentStore(),
      projections,
      clock: systemClock,
      logger: createLogger('silent'),
      bus,
      catchUpPublishWindow: 2,
    });
    closing.push(async () => {
      await runner.stop();
      await store.close();
    });
    await runner.start();
    await runner.waitFor(last);
    // w1 and w2 listed; w3 listed and w1 bid on; w2's bids (one lot) then w3's first: the rest at the end.
    // Windows close at their second lot: [w1, w2] listed; w3 listed and w1's first bid; w1's other
    // bids and w2's first; w2's other bids and w3's first; the rest at the end of the catch-up.
    await expect.poll(() => notices.length).toBe(9);
    // Each notice names the bidders its own window touched, not those of earlier windows.
    expect(notices.map((x) => [x.lot.id, x.lot.bid_count, Object.keys(x.users).sort()])).toEqual([
      ['w1', 0, []],
      ['w2', 0, []],
      ['w3', 0, []],
      ['w1', 1, ['u0-0']],
      ['w1', 5, ['u0-1', 'u0-2', 'u0-3', 'u0-4']],
      ['w2', 1, ['u1-0']],
      ['w2', 5, ['u1-1', 'u1-2', 'u1-3', 'u1-4']],
      ['w3', 1, ['u2-0']],
      ['w3', 5, ['u2-1', 'u2-2', 'u2-3', 'u2-4']],
    ]);
    expect(notices[8]?.position).toBe(last);
  });

  it('writes the checkpoint of a projection with nothing to apply every so many events, and at the stop', async () => {
    const store = openSqliteEventStore(':memory:', { upcast: marketUpcaster, batchSize: 1 });
    const docs = createEmbeddedDocumentStore();
    const positions = [
      (await store.append('lot-k', [event('LotListed', listed('k'))], 'no_stream')).position,
    ];
    for (let i = 0; i < 4; i++)
      positions.push((await store.append('lot-k', [bid(`u${i}`, 10_000 + i * 1_000)], i)).position);
    const runner = createProjectionRunner({
      name: 'spec',
      eventStore: store,
      docs,
      projections,
      clock: systemClock,
      logger: createLogger('silent'),
      checkpointEvery: 3,
    });
    closing.push(() => store.close());
    const checkpoint = async (name: string) =>
      (await docs.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: name }))?.position;
    await runner.start();
    await runner.waitFor(positions[4] as string);
    // The lots read model takes every event; banners none: its checkpoint waits for a third event.
    expect(await checkpoint('lots')).toBe(positions[4]);
    expect(await checkpoint('banners')).toBe(positions[2]);
    expect(runner.status().projections.find((p) => p.name === 'banners')?.position).toBe(positions[4]);
    await runner.stop();
    expect(await checkpoint('banners')).toBe(positions[4]);
  });
});
