/**
 * The event store contract: the behaviour every adapter must share. Tests use their own stream
 * names, and filter reads of the whole log to them, so adapters on a shared server do not interfere.
 */
import { randomUUID } from 'node:crypto';
import { type RecordedEvent, START } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from '../testing/test-events.ts';
import { ConcurrencyError, type EventStore } from './port.ts';

const ns = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);

/**
 * Waits until a fresh subscription sees event `n` of stream `s`: the store has delivered it, so a
 * subscription that should not get it would have by then (a condition instead of a pause).
 */
async function delivered(store: EventStore, s: string, n: number): Promise<void> {
  const seen: number[] = [];
  const witness = store.subscribeToAll(async (batch) => {
    seen.push(...ns(batch.filter((e) => e.streamName === s)));
  });
  try {
    await expect.poll(() => seen.includes(n), { timeout: 10_000 }).toBe(true);
  } finally {
    await witness.close();
  }
}

export function eventStoreContract(name: string, open: () => Promise<EventStore>) {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    const stream = () => `contract_${randomUUID().replaceAll('-', '')}`;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('appends to a new stream and reads it back with revisions, positions, ids, data and metadata', async () => {
      const s = stream();
      const written = [newEvent(1), newEvent(2), newEvent(3)];
      const result = await store.append(s, written, 'no_stream');
      expect(result.nextRevision).toBe(2);
      const read = await store.readStream(s);
      expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(read.map((e) => e.id)).toEqual(written.map((e) => e.id));
      expect(read.every((e) => e.streamName === s)).toBe(true);
      expect(read[0]?.metadata).toEqual(written[0]?.metadata);
      expect(ns(read)).toEqual([1, 2, 3]);
      const positions = read.map((e) => e.position);
      expect([...positions].sort()).toEqual(positions);
      expect(new Set(positions).size).toBe(3);
      expect(result.position).toBe(positions[2]);
    });

    it('reads backwards, from a revision, and at most maxCount events', async () => {
      const s = stream();
      await store.append(
        s,
        [1, 2, 3, 4, 5].map((n) => newEvent(n)),
        'no_stream',
      );
      expect(ns(await store.readStream(s, { direction: 'backwards' }))).toEqual([5, 4, 3, 2, 1]);
      expect(ns(await store.readStream(s, { direction: 'backwards', fromRevision: 2, maxCount: 2 }))).toEqual(
        [3, 2],
      );
      expect(ns(await store.readStream(s, { fromRevision: 3 }))).toEqual([4, 5]);
      expect(ns(await store.readStream(s, { fromRevision: 1, maxCount: 2 }))).toEqual([2, 3]);
    });

    it('reads a stream that does not exist as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
      expect(await store.readStream(stream(), { direction: 'backwards' })).toEqual([]);
    });

    it('checks the expected revision: exact, no stream, stream exists and any', async () => {
      const s = stream();
      await expect(store.append(s, [newEvent(1)], 'stream_exists')).rejects.toMatchObject({
        name: 'ConcurrencyError',
        actual: -1,
      });
      await expect(store.append(s, [newEvent(1)], 0)).rejects.toBeInstanceOf(ConcurrencyError);
      await store.append(s, [newEvent(1)], 'no_stream');
      await expect(store.append(s, [newEvent(2)], 'no_stream')).rejects.toMatchObject({ actual: 0 });
      await expect(store.append(s, [newEvent(2)], 5)).rejects.toMatchObject({
        streamName: s,
        expected: 5,
        actual: 0,
      });
      expect((await store.append(s, [newEvent(2)], 0)).nextRevision).toBe(1);
      expect((await store.append(s, [newEvent(3)], 'stream_exists')).nextRevision).toBe(2);
      expect((await store.append(s, [newEvent(4)], 'any')).nextRevision).toBe(3);
      expect((await store.append(stream(), [newEvent(1)], 'any')).nextRevision).toBe(0);
      expect(ns(await store.readStream(s))).toEqual([1, 2, 3, 4]);
    });

    it('lets exactly one of two writers at the same revision win', async () => {
      const s = stream();
      await store.append(s, [newEvent(0)], 'no_stream');
      const results = await Promise.allSettled([
        store.append(s, [newEvent(1)], 0),
        store.append(s, [newEvent(2)], 0),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('writes a retried append with the same event ids once', async () => {
      const s = stream();
      const batch = [newEvent(1), newEvent(2)];
      const first = await store.append(s, batch, 'no_stream');
      const again = await store.append(s, batch, 'no_stream');
      expect(again.nextRevision).toBe(first.nextRevision);
      expect(ns(await store.readStream(s))).toEqual([1, 2]);
    });

    it('upcasts events stored at an older version when they are read', async () => {
      const s = stream();
      await store.append(
        s,
        [
          newEvent(1, { type: 'Counted', version: 1, data: { dollars: 12.5 } }),
          newEvent(2, { type: 'Counted', version: 2, data: { cents: 300 } }),
        ],
        'no_stream',
      );
      const read = await store.readStream(s);
      expect(read.map((e) => [e.version, e.data])).toEqual([
        [2, { cents: 1250 }],
        [2, { cents: 300 }],
      ]);
      const all = (await store.readAll({ after: START })).filter((e) => e.streamName === s);
      expect(all.map((e) => e.data)).toEqual([{ cents: 1250 }, { cents: 300 }]);
      const stored = await store.readStream(s, { raw: true });
      expect(stored.map((e) => [e.version, e.data])).toEqual([
        [1, { dollars: 12.5 }],
        [2, { cents: 300 }],
      ]);
      const storedAll = (await store.readAll({ raw: true })).filter((e) => e.streamName === s);
      expect(storedAll.map((e) => e.data)).toEqual([{ dollars: 12.5 }, { cents: 300 }]);
    });

    it('reads the whole log in order, strictly after a position, at most maxCount', async () => {
      const a = stream();
      const b = stream();
      await store.append(a, [newEvent(1)], 'no_stream');
      await store.append(b, [newEvent(2)], 'no_stream');
      const middle = await store.append(a, [newEvent(3)], 0);
      await store.append(b, [newEvent(4)], 0);
      const mine = (events: RecordedEvent[]) =>
        events.filter((e) => e.streamName === a || e.streamName === b);
      const all = mine(await store.readAll());
      expect(ns(all)).toEqual([1, 2, 3, 4]);
      expect(ns(mine(await store.readAll({ after: middle.position })))).toEqual([4]);
      const firstTwo = await store.readAll({ after: all[0]?.position, maxCount: 2 });
      expect(firstTwo).toHaveLength(2);
      expect(firstTwo[0]?.position).toBe(all[1]?.position);
      const head = await store.headPosition();
      expect(head >= (all[3]?.position ?? '')).toBe(true);
      expect(await store.readAll({ after: head })).toEqual([]);
    });

    it('subscribes to all: catches up from a position, says so, then delivers new appends live', async () => {
      const s = stream();
      await store.append(s, [newEvent(1), newEvent(2)], 'no_stream');
      const [first] = await store.readStream(s);
      const seen: RecordedEvent[] = [];
      let caughtUpAfter = -1;
      const subscription = store.subscribeToAll(
        async (batch) => {
          seen.push(...batch.filter((e) => e.streamName === s));
        },
        { after: first?.position, onCaughtUp: () => (caughtUpAfter = seen.length) },
      );
      try {
        await expect.poll(() => caughtUpAfter, { timeout: 10_000 }).toBe(1);
        expect(ns(seen)).toEqual([2]);
        await store.append(s, [newEvent(3)], 1);
        await store.append(s, [newEvent(4), newEvent(5)], 2);
        await expect.poll(() => ns(seen), { timeout: 10_000 }).toEqual([2, 3, 4, 5]);
        const positions = seen.map((e) => e.position);
        expect([...positions].sort()).toEqual(positions);
      } finally {
        await subscription.close();
      }
    });

    it('hands batches over one at a time, each awaited before the next', async () => {
      const s = stream();
      await store.append(
        s,
        [1, 2, 3, 4, 5, 6].map((n) => newEvent(n)),
        'no_stream',
      );
      let active = 0;
      let maxActive = 0;
      const seen: number[] = [];
      const subscription = store.subscribeToAll(async (batch) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(...ns(batch.filter((e) => e.streamName === s)));
        active -= 1;
      });
      try {
        await expect.poll(() => seen, { timeout: 20_000 }).toEqual([1, 2, 3, 4, 5, 6]);
        expect(maxActive).toBe(1);
      } finally {
        await subscription.close();
      }
    });

    it('stops a subscription whose handler throws and reports the error', async () => {
      const s = stream();
      await store.append(s, [newEvent(1)], 'no_stream');
      const head = await store.headPosition();
      let calls = 0;
      const errors: unknown[] = [];
      const subscription = store.subscribeToAll(
        async () => {
          calls += 1;
          throw new Error('projector broke');
        },
        { after: START, onError: (error) => errors.push(error) },
      );
      await expect.poll(() => errors.length, { timeout: 10_000 }).toBe(1);
      expect((errors[0] as Error).message).toBe('projector broke');
      await store.append(s, [newEvent(2)], 0);
      await delivered(store, s, 2);
      expect(calls).toBe(1);
      await subscription.close();
      expect(head).not.toBe(START);
    });

    it('delivers nothing after a subscription is closed', async () => {
      const s = stream();
      const seen: RecordedEvent[] = [];
      let caughtUp = false;
      const subscription = store.subscribeToAll(
        async (batch) => {
          seen.push(...batch.filter((e) => e.streamName === s));
        },
        { after: await store.headPosition(), onCaughtUp: () => (caughtUp = true) },
      );
      await expect.poll(() => caughtUp, { timeout: 10_000 }).toBe(true);
      await store.append(s, [newEvent(1)], 'no_stream');
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
      await subscription.close();
      await store.append(s, [newEvent(2)], 0);
      await delivered(store, s, 2);
      expect(ns(seen)).toEqual([1]);
    });
  });
}
