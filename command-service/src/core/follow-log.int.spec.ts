import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@wine/event-schemas';
import { createLogger, openSqliteEventStore } from '@wine/platform';
import { newEvent } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { logFeed } from './follow-log.ts';

describe('the log feed of the process managers', () => {
  it('reads the log once for all its followers, each getting every event, and closes with the last', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'feed-'));
    const store = openSqliteEventStore(join(dir, 'events.sqlite'), {
      upcast: (_type, version, data) => ({ version, data }),
    });
    for (let i = 0; i < 5; i++) await store.append(`s-${i}`, [newEvent(i)], 'no_stream');
    let subscriptions = 0;
    const subscribeToAll = store.subscribeToAll.bind(store);
    store.subscribeToAll = (handler, options) => {
      subscriptions += 1;
      return subscribeToAll(handler, options);
    };
    const feed = logFeed(store, createLogger('silent'));
    const seen: Record<string, string[]> = { a: [], b: [] };
    const follow = (name: 'a' | 'b') => (events: RecordedEvent[]) => {
      seen[name]?.push(...events.map((e) => e.streamName));
    };
    const a = feed.follow('a', follow('a'));
    const b = feed.follow('b', follow('b'));
    await Promise.all([a.start(), b.start()]);
    expect(subscriptions).toBe(1);
    expect(seen.a).toEqual(['s-0', 's-1', 's-2', 's-3', 's-4']);
    expect(seen.b).toEqual(seen.a);
    // A stopped follower gets nothing more; the other goes on.
    await a.stop();
    await store.append('s-5', [newEvent(5)], 'no_stream');
    await expect.poll(() => seen.b?.length).toBe(6);
    expect(seen.a).toHaveLength(5);
    await b.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
