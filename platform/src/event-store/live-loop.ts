import type { Position, RecordedEvent } from '@wine/event-schemas';
import type { Subscription } from './port.ts';

/** How long a catch-up runs before it lets the event loop answer others. */
const SLICE_MS = 20;

export interface LiveLoopOptions {
  after: Position;
  /** The next batch strictly after the position; empty at the head of the log. */
  read: (after: Position) => Promise<RecordedEvent[]>;
  handler: (events: RecordedEvent[]) => Promise<void>;
  onCaughtUp?: (() => void) | undefined;
  onError?: ((error: unknown) => void) | undefined;
  /** Look again after this long when nothing woke the loop (appends by another process). */
  pollIntervalMs: number;
  /** The loop adds its wake function here while it waits; an append in this process calls it. */
  wakers: Set<() => void>;
}

/**
 * A catch-up-then-live subscription over a pollable log: batches are handed over one at a time,
 * each awaited before the next read; an empty read means caught up, then the loop sleeps until an
 * append in this process wakes it or the poll interval passes.
 */
export function liveLoop(options: LiveLoopOptions): Subscription {
  const { read, handler, pollIntervalMs, wakers } = options;
  let position = options.after;
  let stopped = false;
  let caughtUp = false;
  let wake: () => void = () => {};

  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      }
      wake = done;
      wakers.add(done);
    });

  /**
   * Reads here are synchronous underneath (better-sqlite3), so a catch-up awaits only settled promises
   * and, left alone, would hold the event loop until the head: a server catching up at start could
   * answer nothing. Every `SLICE_MS` the loop lets timers and I/O run (setImmediate) before going on.
   */
  let sliceStart = performance.now();
  const run = async () => {
    while (!stopped) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      const batch = await read(position);
      if (stopped) return;
      if (batch.length === 0) {
        if (!caughtUp) {
          caughtUp = true;
          options.onCaughtUp?.();
        }
        await sleep();
        continue;
      }
      await handler(batch);
      position = (batch[batch.length - 1] as RecordedEvent).position;
    }
  };

  const done = run().catch((error: unknown) => {
    stopped = true;
    if (options.onError) options.onError(error);
  });

  return {
    async close() {
      stopped = true;
      wake();
      await done;
    },
  };
}
