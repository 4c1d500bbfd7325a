import type { Clock } from '../clock.ts';

/**
 * The secret store port: what must never reach the event log or a read model (password hashes,
 * hashes of verification codes and reset tokens, attempt counters, revoked token ids). The log is
 * kept forever and read models are rebuilt from it, so a secret there could never be taken back.
 *
 * Values are JSON: what goes in comes back as `JSON.parse(JSON.stringify(value))`. Expiry is judged
 * against the store's injected clock, so an expired value is gone for every read even before the
 * backing store has purged it.
 */
export interface SecretStore {
  /** Sets (replaces) the value of kind/key; it expires at expiresAt when given. */
  put<T>(kind: string, key: string, value: T, options?: { expiresAt?: Date }): Promise<void>;
  /** The live (unexpired) value, or null. */
  get<T>(kind: string, key: string): Promise<T | null>;
  /** Atomically reads and deletes a live value (one-use tokens): the value, or null. Two concurrent takes: exactly one gets it. */
  take<T>(kind: string, key: string): Promise<T | null>;
  delete(kind: string, key: string): Promise<void>;
  /**
   * Adds 1 to the counter at kind/key (created at 1 with expiresAt when absent or expired) and returns the new count.
   * A live counter keeps its first expiresAt: a window of attempts, not one that every attempt extends.
   * A kind holds counters or values, never both.
   */
  increment(kind: string, key: string, options?: { expiresAt?: Date }): Promise<number>;
  /**
   * Sets kind/key to value only when it is absent or expired, and returns the live value after that:
   * `value` itself for the first caller, the earlier value for every later one (idempotency keys).
   * Two concurrent claims: both get the same value back.
   */
  claim<T>(kind: string, key: string, value: T, options?: { expiresAt?: Date }): Promise<T>;
  close(): Promise<void>;
}

export interface SecretStoreOptions {
  /** What expiry is judged against (default the system clock); tests pass a manual clock to move time. */
  clock?: Clock;
}

/**
 * A kind is a fixed name in code ('password', 'reset-token'), never user input. It may not hold ':'
 * because the MongoDB adapter joins kind and key into one `_id`: 'a:b'/'c' and 'a'/'b:c' would meet.
 */
export function assertKind(kind: string): void {
  if (kind.length === 0 || kind.includes(':')) {
    throw new TypeError(`secret store: kind must be non-empty and without ':' (got ${JSON.stringify(kind)})`);
  }
}

/** The stored text of a value; refuses what JSON cannot hold, so every adapter keeps the same values. */
export function toJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('secret store: the value is not representable as JSON');
  return json;
}
