import type { Position } from '@wine/event-schemas';
import type { RunnerState } from './runner-state.ts';

/** Resolves the waiters the runner's position has reached. */
export function notifyWaiters(state: RunnerState): void {
  for (const w of state.waiters) {
    if (state.position >= w.position) {
      state.waiters.delete(w);
      w.resolve();
    }
  }
}

/** Resolves once everything up to `target` is projected and committed ("caught up to" helper). */
export function waitFor(state: RunnerState, target: Position, timeoutMs = 10_000): Promise<void> {
  if (state.position >= target) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const waiter = {
      position: target,
      resolve: () => {
        clearTimeout(timer);
        resolve();
      },
    };
    const timer = setTimeout(() => {
      state.waiters.delete(waiter);
      reject(
        new Error(
          `projection ${state.deps.name} did not reach ${target} in ${timeoutMs} ms (at ${state.position})`,
        ),
      );
    }, timeoutMs);
    state.waiters.add(waiter);
  });
}
