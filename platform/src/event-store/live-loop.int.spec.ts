import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newEvent } from '../testing/test-events.ts';
import { openSqliteEventStore } from './sqlite.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a SQLite subscription catching up', () => {
  it('lets timers and I/O run while it reads a long log, instead of holding the event loop to the head', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-loop-'));
    dirs.push(dir);
    const store = openSqliteEventStore(join(dir, 'events.sqlite'), {
      upcast: (_t, version, data) => ({ version, data }),
    });
    const total = 60_000;
    for (let n = 0; n < total; n += 1000) {
      await store.append(
        `s-${n}`,
        Array.from({ length: 1000 }, (_, i) => newEvent(n + i)),
        'no_stream',
      );
    }
    let handled = 0;
    let handledWhenTimerRan = -1;
    const caughtUp = new Promise<void>((resolve) => {
      const subscription = store.subscribeToAll(
        async (events) => {
          handled += events.length;
        },
        { onCaughtUp: () => void subscription.close().then(resolve) },
      );
    });
    // A timer due at once: it runs only when the catch-up gives the event loop back.
    setTimeout(() => {
      handledWhenTimerRan = handled;
    }, 0);
    await caughtUp;
    expect(handled).toBe(total);
    expect(handledWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(handledWhenTimerRan).toBeLessThan(total);
    await store.close();
  });
});
