import { vi } from 'vitest';

/**
 * Reads until `done` holds and returns what was read, for state that settles after a commit (a read model,
 * a mailbox): Vitest's own `vi.waitFor`, so a spec never hand-writes a polling loop. Fails naming `what`.
 */
export function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what = 'the expected state',
  timeout = 10_000,
  /** Between reads: longer for a read that costs (a whole log read). */
  interval = 20,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout, interval },
  );
}
