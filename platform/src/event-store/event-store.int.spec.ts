import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type RecordedEvent, START } from '@wine/event-schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerReachable } from '../testing/docker.ts';
import { newEvent, testUpcaster } from '../testing/test-events.ts';
import { openEsdbEventStore } from './esdb.ts';
import { eventStoreContract } from './event-store.contract.ts';
import { openSqliteEventStore } from './sqlite.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'event-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const newFile = () => join(dir, `events-${++files}.sqlite`);

eventStoreContract('sqlite', async () =>
  openSqliteEventStore(newFile(), { upcast: testUpcaster, pollIntervalMs: 20 }),
);

/** Runs platform/src/testing/sqlite-append.ts in a second Node process. */
async function appendFromAnotherProcess(file: string, stream: string, count: number): Promise<number> {
  const script = join(import.meta.dirname, '../testing/sqlite-append.ts');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, file, stream, String(count)], {
    timeout: 60_000,
  });
  return Number(stdout);
}

describe('sqlite event store', () => {
  it('keeps the log in WAL mode in the file and reopens it with every event', async () => {
    const file = newFile();
    const first = openSqliteEventStore(file, { upcast: testUpcaster });
    await first.append('s', [newEvent(1), newEvent(2)], 'no_stream');
    await first.close();
    const again = openSqliteEventStore(file, { upcast: testUpcaster });
    expect((await again.readStream('s')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await again.headPosition()).not.toBe(START);
    await again.close();
    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('lets a subscriber see appends made by a second process', async () => {
    const file = newFile();
    const store = openSqliteEventStore(file, { upcast: testUpcaster, pollIntervalMs: 20 });
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(async (batch) => void seen.push(...batch));
    try {
      expect(await appendFromAnotherProcess(file, 'from-child', 5)).toBe(0);
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(5);
      expect(seen.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    } finally {
      await subscription.close();
      await store.close();
    }
  });

  it('serialises two processes appending to one stream: no revision is written twice', async () => {
    const file = newFile();
    const store = openSqliteEventStore(file, { upcast: testUpcaster });
    const conflicts = await Promise.all([
      appendFromAnotherProcess(file, 'contended', 40),
      appendFromAnotherProcess(file, 'contended', 40),
    ]);
    const events = await store.readStream('contended');
    expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 80 }, (_, i) => i));
    expect(new Set(events.map((e) => e.id)).size).toBe(80);
    expect(conflicts.every((c) => Number.isInteger(c))).toBe(true);
    await store.close();
  });

  it('writes appends asked for together in the order asked, each whole or not at all', async () => {
    const store = openSqliteEventStore(newFile(), { upcast: testUpcaster });
    try {
      const reused = newEvent(9);
      const outcomes = await Promise.allSettled([
        store.append('g', [newEvent(1)], 'no_stream'),
        store.append('g', [newEvent(2)], 'no_stream'),
        store.append('g', [newEvent(3), reused], 0),
        store.append('h', [newEvent(5)], 'no_stream'),
        store.append('g', [newEvent(6), reused], 'any'),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'rejected',
      ]);
      expect(outcomes[1]).toMatchObject({ reason: { name: 'ConcurrencyError', actual: 0 } });
      expect(outcomes[2]).toMatchObject({ value: { nextRevision: 2 } });
      const g = await store.readStream('g');
      expect(g.map((e) => (e.data as { n: number }).n)).toEqual([1, 3, 9]);
      const h = await store.readStream('h');
      expect(h[0]?.position).toBe(
        (outcomes[3] as PromiseFulfilledResult<{ position: string }>).value.position,
      );
      expect((g[2]?.position ?? '') < (h[0]?.position ?? '')).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('reads at once what a second connection appended to a stream this one has read or written', async () => {
    const file = newFile();
    const [a, b] = [0, 1].map(() => openSqliteEventStore(file, { upcast: testUpcaster }));
    try {
      expect(await b?.readStream('s')).toEqual([]);
      await a?.append('s', [newEvent(1)], 'no_stream');
      expect((await b?.readStream('s'))?.map((e) => e.revision)).toEqual([0]);
      expect(await b?.readStream('s', { fromRevision: 1 })).toEqual([]);
      await a?.append('s', [newEvent(2)], 0);
      expect((await b?.readStream('s', { fromRevision: 1 }))?.map((e) => e.revision)).toEqual([1]);
      await b?.append('s', [newEvent(3)], 1);
      await a?.append('s', [newEvent(4)], 2);
      expect((await b?.readStream('s', { fromRevision: 3 }))?.map((e) => e.revision)).toEqual([3]);
      expect(await b?.readAll()).toHaveLength(4);
      await expect(a?.append('s', [newEvent(5)], 2)).rejects.toMatchObject({ actual: 3 });
      // A retry of an append the other connection made answers it, and hides nothing after it.
      const first = newEvent(6);
      await b?.append('t', [first], 'no_stream');
      await b?.append('t', [newEvent(7)], 0);
      expect(await a?.append('t', [first], 'no_stream')).toMatchObject({ nextRevision: 0 });
      expect((await a?.readStream('t', { fromRevision: 1 }))?.map((e) => e.revision)).toEqual([1]);
    } finally {
      await a?.close();
      await b?.close();
    }
  });

  it('refuses an append that reuses some, not all, of a batch’s event ids', async () => {
    const store = openSqliteEventStore(newFile(), { upcast: testUpcaster });
    const a = newEvent(1);
    await store.append('s', [a], 'no_stream');
    await expect(store.append('s', [newEvent(2), a], 'any')).rejects.toMatchObject({
      name: 'ConcurrencyError',
    });
    expect(await store.readStream('s')).toHaveLength(1);
    await store.close();
  });
});

type EsdbTarget = { url: string; stop?: () => Promise<void> };
const esdbUrl = process.env.EVENTSTORE_URL;
const esdbAvailable = Boolean(esdbUrl) || (await dockerReachable());
if (!esdbAvailable) {
  console.log('EventStoreDB contract suite skipped: no EVENTSTORE_URL and no Docker engine reachable');
}

let target: Promise<EsdbTarget> | undefined;
/** EVENTSTORE_URL, or an insecure in-memory EventStoreDB node in a container. */
function esdbTarget(): Promise<EsdbTarget> {
  target ??= (async (): Promise<EsdbTarget> => {
    if (esdbUrl) return { url: esdbUrl };
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_CLUSTER_SIZE: '1',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    return {
      url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
      stop: async () => void (await container.stop()),
    };
  })();
  return target;
}

describe.skipIf(!esdbAvailable)('eventstoredb event store', () => {
  eventStoreContract('eventstoredb', async () => {
    const { url } = await esdbTarget();
    return openEsdbEventStore(url, { upcast: testUpcaster });
  });

  afterAll(async () => {
    if (target) await (await target).stop?.();
  });
});
