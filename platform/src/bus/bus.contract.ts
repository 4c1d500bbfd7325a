/**
 * The bus contract: the behaviour every adapter must share. `root` is the first subject token the
 * adapter carries (the stream's subjects on NATS); each test uses its own subjects under it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bus, BusMessage } from './port.ts';

interface Received {
  subject: string;
  seq: number;
  data: unknown;
}

function recorder() {
  const received: Received[] = [];
  const handler = (m: BusMessage<unknown>) => {
    received.push({ subject: m.subject, seq: m.seq, data: m.data });
  };
  const until = (count: number) =>
    vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 10 });
  /**
   * Waits for a marker published last: delivery is in order, so whatever else was going to arrive has
   * arrived by then (a condition instead of a pause).
   */
  const untilLast = (data: unknown) =>
    vi.waitFor(() => expect(received.at(-1)?.data).toEqual(data), { timeout: 5000, interval: 10 });
  return { received, handler, until, untilLast };
}

export function busContract(name: string, open: () => Promise<Bus>, root: string): void {
  describe(`bus contract: ${name}`, () => {
    let bus: Bus;

    beforeAll(async () => {
      bus = await open();
    });

    afterAll(async () => {
      await bus?.close();
    });

    it('delivers messages published on the exact subject it subscribed to', async () => {
      const r = recorder();
      const sub = await bus.subscribe(`${root}.exact.lot-1`, r.handler);
      await bus.publish(`${root}.exact.lot-2`, { n: 0 });
      await bus.publish(`${root}.exact.lot-1`, { n: 1 });
      await bus.publish(`${root}.exact.lot-1.bids`, { n: 2 });
      await bus.publish(`${root}.exact.lot-1`, { n: 3 });
      await r.until(2);
      expect(r.received.map((m) => [m.subject, m.data])).toEqual([
        [`${root}.exact.lot-1`, { n: 1 }],
        [`${root}.exact.lot-1`, { n: 3 }],
      ]);
      await sub.close();
    });

    it("matches one token with '*'", async () => {
      const r = recorder();
      const sub = await bus.subscribe(`${root}.star.*`, r.handler);
      await bus.publish(`${root}.star.a`, 1);
      await bus.publish(`${root}.star.a.deep`, 2);
      await bus.publish(`${root}.other.a`, 3);
      await bus.publish(`${root}.star.b`, 4);
      await r.until(2);
      expect(r.received.map((m) => m.data)).toEqual([1, 4]);
      await sub.close();
    });

    it("matches the rest of the subject with '>'", async () => {
      const r = recorder();
      const sub = await bus.subscribe(`${root}.rest.>`, r.handler);
      await bus.publish(`${root}.rest`, 0);
      await bus.publish(`${root}.rest.a`, 1);
      await bus.publish(`${root}.restless.a`, 2);
      await bus.publish(`${root}.rest.a.b.c`, 3);
      await r.until(2);
      expect(r.received.map((m) => m.data)).toEqual([1, 3]);
      await sub.close();
    });

    it('delivers in publish order with increasing seq equal to the published seq', async () => {
      const r = recorder();
      const sub = await bus.subscribe(`${root}.order.>`, r.handler);
      const published: number[] = [];
      for (let i = 0; i < 25; i++) {
        published.push((await bus.publish(`${root}.order.${i % 3}`, { i })).seq);
      }
      await r.until(25);
      expect(r.received.map((m) => (m.data as { i: number }).i)).toEqual([...Array(25).keys()]);
      expect(r.received.map((m) => m.seq)).toEqual(published);
      for (let i = 1; i < published.length; i++) expect(published[i]!).toBeGreaterThan(published[i - 1]!);
      await sub.close();
    });

    it('drops a second publish with the same msgId and reports it as a duplicate', async () => {
      const subject = `${root}.dedup.lot-9`;
      const msgId = `evt-${Math.random().toString(36).slice(2)}`;
      const first = await bus.publish(subject, { bid: 1 }, { msgId });
      const second = await bus.publish(subject, { bid: 1 }, { msgId });
      expect(first.duplicate).toBe(false);
      expect(second).toEqual({ seq: first.seq, duplicate: true });
      await bus.publish(subject, { marker: true });
      const r = recorder();
      const sub = await bus.subscribe(subject, r.handler, { afterSeq: first.seq - 1 });
      await r.untilLast({ marker: true });
      expect(r.received.map((m) => m.data)).toEqual([{ bid: 1 }, { marker: true }]);
      await sub.close();
    });

    it('resumes after a seq with only the later messages', async () => {
      const subject = `${root}.resume.lot-3`;
      const a = await bus.publish(subject, 'a');
      await bus.publish(subject, 'b');
      await bus.publish(subject, 'c');
      const r = recorder();
      const sub = await bus.subscribe(subject, r.handler, { afterSeq: a.seq });
      await r.until(2);
      await bus.publish(subject, 'd');
      await r.until(3);
      expect(r.received.map((m) => m.data)).toEqual(['b', 'c', 'd']);
      expect(r.received[0]!.seq).toBeGreaterThan(a.seq);
      await sub.close();
    });

    it('waits for a resume point past the last message instead of replaying', async () => {
      const subject = `${root}.ahead.lot-2`;
      const last = await bus.publish(subject, 'before');
      const r = recorder();
      const sub = await bus.subscribe(subject, r.handler, { afterSeq: last.seq + 1 });
      await bus.publish(subject, 'at the resume point');
      await bus.publish(subject, 'after');
      await bus.publish(subject, 'end');
      await r.untilLast('end');
      expect(r.received.map((m) => m.data)).toEqual(['after', 'end']);
      await sub.close();
    });

    it('delivers only new messages when subscribed without afterSeq', async () => {
      const subject = `${root}.fresh.lot-4`;
      await bus.publish(subject, 'old');
      const r = recorder();
      const sub = await bus.subscribe(subject, r.handler);
      await bus.publish(subject, 'new');
      await bus.publish(subject, 'end');
      await r.untilLast('end');
      expect(r.received.map((m) => m.data)).toEqual(['new', 'end']);
      await sub.close();
    });

    it('delivers everything retained with afterSeq 0', async () => {
      await bus.publish(`${root}.all.x`, 1);
      await bus.publish(`${root}.all.y`, 2);
      const r = recorder();
      const sub = await bus.subscribe(`${root}.all.>`, r.handler, { afterSeq: 0 });
      await bus.publish(`${root}.all.z`, 'end');
      await r.untilLast('end');
      expect(r.received.map((m) => m.data)).toEqual([1, 2, 'end']);
      await sub.close();
    });

    it('stops delivering once the subscription is closed', async () => {
      const subject = `${root}.closing.lot-5`;
      const r = recorder();
      const sub = await bus.subscribe(subject, r.handler);
      await bus.publish(subject, 1);
      await r.until(1);
      await sub.close();
      await bus.publish(subject, 2);
      const witness = recorder();
      const other = await bus.subscribe(subject, witness.handler, { afterSeq: 0 });
      // The witness got 2, so it was delivered to every live subscriber: the closed one is not.
      await witness.until(2);
      expect(r.received.map((m) => m.data)).toEqual([1]);
      await other.close();
    });

    it('awaits each handler call before handing over the next message', async () => {
      const subject = `${root}.awaited.lot-6`;
      const events: string[] = [];
      let active = 0;
      let maxActive = 0;
      const sub = await bus.subscribe<number>(subject, async (m) => {
        active++;
        maxActive = Math.max(maxActive, active);
        events.push(`start ${m.data}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`end ${m.data}`);
        active--;
      });
      for (let i = 1; i <= 4; i++) await bus.publish(subject, i);
      await vi.waitFor(() => expect(events).toHaveLength(8), { timeout: 5000, interval: 10 });
      expect(maxActive).toBe(1);
      expect(events).toEqual([
        'start 1',
        'end 1',
        'start 2',
        'end 2',
        'start 3',
        'end 3',
        'start 4',
        'end 4',
      ]);
      await sub.close();
    });

    it('keeps delivering after a handler throws', async () => {
      const subject = `${root}.throwing.lot-8`;
      const seen: number[] = [];
      const sub = await bus.subscribe<number>(subject, (m) => {
        seen.push(m.data);
        if (m.data === 1) throw new Error('handler failed');
      });
      const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        await bus.publish(subject, 1);
        await bus.publish(subject, 2);
        await vi.waitFor(() => expect(seen).toEqual([1, 2]), { timeout: 5000, interval: 10 });
      } finally {
        spy.mockRestore();
        await sub.close();
      }
    });
  });
}
