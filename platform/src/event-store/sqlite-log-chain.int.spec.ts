import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@wine/event-schemas';
import { LOG_CHAIN_START, nextLogHash } from '@wine/event-schemas/hash-chain';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { newEvent } from '../testing/test-events.ts';
import { ConcurrencyError } from './port.ts';
import { openSqliteEventStore } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'log-chain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const open = (file: string) =>
  openSqliteEventStore(join(dir, file), { upcast: (_t, version, data) => ({ version, data }) });

/** The global chain recomputed from the first event, as verify does. */
function recomputed(events: RecordedEvent[]): string[] {
  let prev = LOG_CHAIN_START;
  return events.map((e) => {
    prev = nextLogHash(prev, e);
    return prev;
  });
}

describe('the global chain of the SQLite log', () => {
  it('gives each event the log hash of the one before it, also when an append of the same turn is refused', async () => {
    const store = open('turns.sqlite');
    await store.append('a', [newEvent(1)], 'no_stream');
    // One turn, one transaction: the refused append's savepoint is rolled back between the others.
    const outcomes = await Promise.allSettled([
      store.append('a', [newEvent(2), newEvent(3)], 0),
      store.append('a', [newEvent(9)], 0),
      store.append('b', [newEvent(4)], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    await store.append('b', [newEvent(5)], 0);
    const events = await store.readAll({ raw: true });
    expect(events).toHaveLength(5);
    expect(events.map((e) => e.logHash)).toEqual(recomputed(events));
    await store.close();
  });

  it('fills the log hashes of a file written before the chain, in log order, once at open', async () => {
    const file = join(dir, 'old.sqlite');
    const store = open('old.sqlite');
    await store.append('a', [newEvent(1), newEvent(2)], 'no_stream');
    await store.append('b', [newEvent(3)], 'no_stream');
    const written = await store.readAll({ raw: true });
    await store.close();
    const db = new Database(file);
    db.exec('ALTER TABLE events DROP COLUMN log_hash');
    db.close();

    const reopened = open('old.sqlite');
    const migrated = await reopened.readAll({ raw: true });
    expect(migrated.map((e) => e.logHash)).toEqual(written.map((e) => e.logHash));
    await reopened.append('a', [newEvent(4)], 1);
    const events = await reopened.readAll({ raw: true });
    expect(events.map((e) => e.logHash)).toEqual(recomputed(events));
    await reopened.close();
  });
});
