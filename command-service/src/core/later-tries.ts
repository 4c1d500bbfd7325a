import { backoffDelay } from '@wine/platform';

/**
 * The tries again of a process on the log whose work failed (sending a contact on, recording an
 * invoice's tax): each waits `retryMs` after a first failure, doubled after each next one up to
 * `maxRetryMs`, on a timer that does not keep the process alive; once stopped, nothing more is tried
 * and what was waiting is dropped (the log holds the work, found again at the next start).
 */
export function laterTries({ retryMs, maxRetryMs }: { retryMs: number; maxRetryMs: number }) {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  return {
    /** Runs `retry` after the wait `failures` failures in a row call for. */
    after(failures: number, retry: () => void) {
      if (stopped) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (!stopped) retry();
        },
        backoffDelay(failures, { initialMs: retryMs, maxMs: maxRetryMs }),
      );
      timer.unref();
      timers.add(timer);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
