import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { newEvent } from '../testing/test-events.ts';
import { openSqliteEventStore } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'log-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const open = (file: string) =>
  openSqliteEventStore(join(dir, file), { upcast: (_t, version, data) => ({ version, data }) });
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('appends to the SQLite log are on disk before they are acknowledged, read or relayed', () => {
  it('commits at once but answers, reads and wakes subscribers only once the WAL is fsynced', async () => {
    const file = join(dir, 'durable.sqlite');
    const store = open('durable.sqlite');
    await store.append('a', [newEvent(1)], 'no_stream');
    const seen: number[] = [];
    const subscription = store.subscribeToAll(async (events) => {
      for (const event of events) seen.push((event.data as { n: number }).n);
    });
    let acknowledged = false;
    const appended = store.append('a', [newEvent(2)], 0).then((result) => {
      acknowledged = true;
      return result;
    });
    // The group is committed in the turn after it was asked for; the fsync is then on libuv's
    // thread pool, and its callback cannot run before this turn ends.
    await nextTurn();
    const other = new Database(file, { readonly: true });
    const committed = other.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number };
    other.close();
    expect(committed.n).toBe(2);
    expect(acknowledged).toBe(false);
    expect(seen).not.toContain(2);
    expect((await store.readAll()).map((e) => (e.data as { n: number }).n)).toEqual([1]);
    expect(String(await store.headPosition())).not.toBe('');

    const result = await appended;
    expect(result.nextRevision).toBe(1);
    expect((await store.readAll()).map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
    await expect.poll(() => seen, { timeout: 5_000, interval: 10 }).toEqual([1, 2]);
    await subscription.close();
    await store.close();
  });

  it('shares one fsync among the commits made while one is on its way, and settles every append on close', async () => {
    const store = open('many.sqlite');
    const appends = Array.from({ length: 50 }, (_, i) => store.append(`s-${i}`, [newEvent(i)], 'no_stream'));
    // Closing waits for every append asked for: none is left unsettled or unsynced.
    await store.close();
    const results = await Promise.all(appends);
    expect(results.map((r) => r.nextRevision)).toEqual(Array(50).fill(0));
    const again = open('many.sqlite');
    expect(await again.readAll()).toHaveLength(50);
    await again.close();
  });
});
