import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { natsReachable, natsUrl } from '../testing/nats.ts';
import { busContract } from './bus.contract.ts';
import { createInProcessBus } from './in-process.ts';
import { openNatsBus } from './nats.ts';
import type { BusMessage } from './port.ts';

busContract('in-process', async () => createInProcessBus(), 'market');

describe('in-process bus', () => {
  it('forgets messages and msgIds beyond the retained window', async () => {
    const bus = createInProcessBus({ retain: 3 });
    const first = await bus.publish('market.lot.1', 1, { msgId: 'e1' });
    for (let i = 2; i <= 4; i++) await bus.publish('market.lot.1', i);
    const received: number[] = [];
    const sub = await bus.subscribe<number>('market.>', (m) => void received.push(m.data), { afterSeq: 0 });
    await expect.poll(() => received).toEqual([2, 3, 4]);
    // e1 fell out of the window, so it is accepted again.
    const again = await bus.publish('market.lot.1', 5, { msgId: 'e1' });
    expect(again.duplicate).toBe(false);
    expect(again.seq).toBeGreaterThan(first.seq);
    await sub.close();
    await bus.close();
  });

  it('hands every subscriber its own copy of the data', async () => {
    const bus = createInProcessBus();
    const seen: BusMessage<{ list: number[] }>[] = [];
    const mutate = await bus.subscribe<{ list: number[] }>('market.x', (m) => {
      m.data.list.push(99);
    });
    const watch = await bus.subscribe<{ list: number[] }>('market.x', (m) => void seen.push(m));
    const data = { list: [1] };
    await bus.publish('market.x', data);
    data.list.push(2);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.data).toEqual({ list: [1] });
    await mutate.close();
    await watch.close();
    await bus.close();
  });
});

const inCi = process.env.CI === 'true';

const natsAvailable = await natsReachable();
if (!natsAvailable && !inCi) {
  console.log(`NATS bus contract suite skipped: no NATS server reachable at ${natsUrl}`);
}

if (!natsAvailable && inCi) {
  describe('nats bus', () => {
    it('has a NATS server to run against in CI', () => {
      expect.fail(`no NATS server reachable at ${natsUrl} (CI=true: a missing NATS server is a failure)`);
    });
  });
}

describe.skipIf(!natsAvailable)('nats bus', () => {
  const token = Math.random().toString(36).slice(2, 10);
  const stream = `TEST_${token}`;
  const root = `test_${token}`;

  busContract('nats', () => openNatsBus(natsUrl, { stream, subjects: [`${root}.>`] }), root);

  it('creates its stream with the replicas configured, and refuses more than the cluster has', async () => {
    const nc = await connect({ servers: natsUrl });
    const replicated = `${stream}_R`;
    try {
      const jsm = await nc.jetstreamManager();
      const bus = await openNatsBus(natsUrl, { stream: replicated, subjects: [`${root}_r.>`], replicas: 1 });
      expect((await jsm.streams.info(replicated)).config.num_replicas).toBe(1);
      await bus.close();
      // This server is one node: three copies cannot be placed, and the bus says so at open.
      await expect(
        openNatsBus(natsUrl, { stream: `${stream}_R3`, subjects: [`${root}_r3.>`], replicas: 3 }),
      ).rejects.toThrow(/replicas|resources|peers/i);
      await jsm.streams.delete(replicated).catch(() => false);
    } finally {
      await nc.close();
    }
  });

  afterAll(async () => {
    const nc = await connect({ servers: natsUrl });
    try {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(stream).catch(() => false);
    } finally {
      await nc.close();
    }
  });
});
