import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultBidIncrements } from '@wine/contracts';
import { type LotEvent, type LotListedData, lotStream } from '@wine/event-schemas';
import { verifyChain } from '@wine/event-schemas/hash-chain';
import {
  ConcurrencyError,
  createLogger,
  type EventStore,
  marketUpcaster,
  offsetClock,
  openSqliteEventStore,
} from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CommandContext, createStreams, type Streams } from '../core/command-handler.ts';
import { closingScheduler } from './closing-scheduler.ts';
import { type BiddingRules, lotDecider } from './decide.ts';

/**
 * Two command-service instances on one log (two connections to the SQLite file, each with its own
 * cache): a lot stream is the only place its invariants are decided, so they hold across instances.
 */
const dir = mkdtempSync(join(tmpdir(), 'two-instances-'));
const file = join(dir, 'events.sqlite');
const clock = offsetClock();
const logger = createLogger('silent');
const rules: BiddingRules = {
  increments: defaultBidIncrements,
  proxy: true,
  softCloseWindowMinutes: 5,
  softCloseExtendMinutes: 5,
};

let stores: EventStore[];
let instances: Streams[];
let conflicts = 0;

/** The store as an instance sees it, counting the appends refused for a stale expected revision. */
const countingConflicts = (store: EventStore): EventStore => ({
  ...store,
  append: (stream, events, expected) =>
    store.append(stream, events, expected).catch((error: unknown) => {
      if (error instanceof ConcurrencyError) conflicts += 1;
      throw error;
    }),
});

beforeAll(() => {
  stores = [0, 1].map(() => openSqliteEventStore(file, { upcast: marketUpcaster, pollIntervalMs: 20 }));
  instances = stores.map((store) => createStreams(countingConflicts(store)));
});
afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const context = (commandId: string): CommandContext => ({
  commandId,
  correlationId: commandId,
  actor: { kind: 'system', id: 'spec' },
  now: clock.now(),
});

function listing(lotId: string, closesAt: Date): LotListedData {
  return listedLot({
    lotId,
    sku: lotId,
    startsAt: new Date(clock.now().getTime() - 60_000).toISOString(),
    closesAt: closesAt.toISOString(),
  });
}

async function list(lotId: string, closesAt: Date) {
  await instances[0]?.handle(
    lotStream(lotId),
    lotDecider,
    { type: 'ListLot', data: listing(lotId, closesAt), by: { kind: 'admin' }, now: clock.now() },
    context(`list-${lotId}`),
  );
}

describe('two command-service instances on one log', () => {
  it('decide bids on one lot in turn: conflicts are retried, no bid is lost, the chain stays whole', async () => {
    const lotId = 'hot';
    await list(lotId, new Date(clock.now().getTime() + 3_600_000));
    const bids = Array.from({ length: 40 }, (_, i) => ({ bidder: `b${i % 8}`, max: 20_000 + i * 1_000 }));
    const outcomes = await Promise.allSettled(
      bids.map((b, i) =>
        instances[i % 2]?.handle(
          lotStream(lotId),
          lotDecider,
          {
            type: 'PlaceBid',
            bidId: `bid-${i}`,
            bidderId: b.bidder,
            amount: b.max,
            hasCard: true,
            now: clock.now(),
            rules,
          },
          context(`bid-${i}`),
        ),
      ),
    );
    const recorded = await stores[0]?.readStream(lotStream(lotId), { raw: true });
    const accepted = outcomes.filter((o) => o.status === 'fulfilled').length;
    const placedOrRaised = (recorded ?? []).filter(
      (e) => e.type === 'BidPlaced' || e.type === 'MaxBidRaised',
    );
    // Every accepted command wrote its bid, once; the refusals were the decider's, not lost writes.
    expect(placedOrRaised).toHaveLength(accepted);
    for (const o of outcomes)
      if (o.status === 'rejected')
        expect((o.reason as { code?: string }).code).toMatch(/MIN_BID|MAX_NOT_HIGHER/);
    expect(verifyChain(recorded ?? [])).toBeNull();
    // Both instances read the same lot; the highest maximum leads.
    const [a, b] = await Promise.all(instances.map((s) => s.load(lotStream(lotId), lotDecider)));
    expect(a).toEqual(b);
    const folded = (recorded ?? []).map((e) => ({ type: e.type, data: e.data }) as LotEvent);
    expect(folded.reduce(lotDecider.evolve, lotDecider.initialState())).toEqual(a);
    const acceptedMaxima = bids.filter((_, i) => outcomes[i]?.status === 'fulfilled').map((b) => b.max);
    expect(a?.status === 'open' && a.leader?.max).toBe(Math.max(...acceptedMaxima));
    // The two instances did collide, and the conflicts were decided again rather than lost.
    expect(conflicts).toBeGreaterThan(0);
  });

  it('answer a command id retried on the other instance with the earlier result', async () => {
    const lotId = 'retry';
    await list(lotId, new Date(clock.now().getTime() + 3_600_000));
    const command = {
      type: 'PlaceBid',
      bidId: 'r-1',
      bidderId: 'ann',
      amount: 50_000,
      hasCard: true,
      now: clock.now(),
      rules,
    } as const;
    const first = await instances[0]?.handle(lotStream(lotId), lotDecider, command, context('retry-1'));
    const again = await instances[1]?.handle(lotStream(lotId), lotDecider, command, context('retry-1'));
    expect(again).toMatchObject({ replayed: true, position: first?.position, events: first?.events });
    expect(await stores[1]?.readStream(lotStream(lotId))).toHaveLength(2);
  });

  it('close each lot exactly once when both run the closing scheduler', async () => {
    const closesAt = new Date(clock.now().getTime() + 10 * 60_000);
    const lots = Array.from({ length: 30 }, (_, i) => `closing-${i}`);
    for (const lotId of lots) await list(lotId, closesAt);
    const schedulers = instances.map((streams) => closingScheduler({ streams, clock, logger, tickMs: 20 }));
    await Promise.all(schedulers.map((s) => s.start()));
    try {
      expect(schedulers.map((s) => s.pending())).toEqual([lots.length + 2, lots.length + 2]);
      clock.advance(10 * 60_000);
      await vi.waitFor(
        async () => {
          for (const lotId of lots) {
            const events = (await stores[0]?.readStream(lotStream(lotId))) ?? [];
            expect(events.at(-1)?.type).toBe('LotClosed');
          }
        },
        { timeout: 10_000, interval: 50 },
      );
      // Give the slower instance every chance to close a second time, then count.
      await vi.waitFor(() => expect(schedulers.map((s) => s.pending())).toEqual([2, 2]), { timeout: 5_000 });
      for (const lotId of lots) {
        const closed = ((await stores[1]?.readStream(lotStream(lotId))) ?? []).filter(
          (e) => e.type === 'LotClosed',
        );
        expect(closed, lotId).toHaveLength(1);
      }
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
    }
  });
});
