/**
 * How long to wait before the next try after a failure: doubling from `initialMs` up to `maxMs`, and
 * back to `initialMs` once something succeeds. The one backoff of every resubscribe-and-retry loop
 * (the EventStoreDB subscription, the projection runner, the closing scheduler).
 */
export interface Backoff {
  /** The delay before the next try; each call doubles the following one. */
  next(): number;
  /** After a success: the next failure waits `initialMs` again. */
  reset(): void;
}

/** The wait after `failures` failures in a row (1 or more): `initialMs`, doubled each time, at most `maxMs`. */
export const backoffDelay = (failures: number, { initialMs, maxMs }: { initialMs: number; maxMs: number }) =>
  Math.min(maxMs, initialMs * 2 ** Math.max(0, failures - 1));

export function backoff({
  initialMs = 500,
  maxMs = 30_000,
}: {
  initialMs?: number;
  maxMs?: number;
} = {}): Backoff {
  let failures = 0;
  return {
    next: () => backoffDelay(++failures, { initialMs, maxMs }),
    reset: () => {
      failures = 0;
    },
  };
}
