/**
 * The secret store contract: the behaviour every adapter must share. Tests use their own keys, so
 * adapters on a shared server do not interfere, and move the store's clock only forwards.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock, manualClock } from '../clock.ts';
import type { SecretStore } from './port.ts';

const MINUTE = 60_000;

export function secretStoreContract(name: string, open: (options: { clock: Clock }) => Promise<SecretStore>) {
  describe(`secret store contract: ${name}`, () => {
    // Starts at the real time so that MongoDB's TTL monitor, which uses the server's clock, never
    // purges a value the store's clock still sees as live.
    const clock = manualClock(new Date());
    const inMinutes = (n: number) => new Date(clock.now().getTime() + n * MINUTE);
    let store: SecretStore;
    const key = () => `k-${randomUUID()}`;

    beforeAll(async () => {
      store = await open({ clock });
    });
    afterAll(async () => {
      await store?.close();
    });

    it('gives back what was put, null for what was not, and the latest value after a replace', async () => {
      const k = key();
      expect(await store.get('password', k)).toBeNull();
      await store.put('password', k, 'hash-1');
      expect(await store.get('password', k)).toBe('hash-1');
      await store.put('password', k, 'hash-2');
      expect(await store.get<string>('password', k)).toBe('hash-2');
    });

    it('keeps values as JSON: nested objects, arrays, numbers, booleans, and dates as ISO text', async () => {
      const k = key();
      const at = new Date('2030-05-06T07:08:09.000Z');
      await store.put('reset-token', k, {
        hash: 'abc',
        attempts: [1, 2.5, -3],
        used: false,
        nested: { deep: { list: ['x', null] } },
        '$odd.key': 'kept',
        at,
      });
      expect(await store.get('reset-token', k)).toEqual({
        hash: 'abc',
        attempts: [1, 2.5, -3],
        used: false,
        nested: { deep: { list: ['x', null] } },
        '$odd.key': 'kept',
        at: '2030-05-06T07:08:09.000Z',
      });
      const n = key();
      await store.put('count', n, 42);
      expect(await store.get('count', n)).toBe(42);
    });

    it('refuses a value JSON cannot hold', async () => {
      await expect(store.put('password', key(), undefined)).rejects.toThrow(TypeError);
    });

    it('hides a value once its expiry is reached, judged by the injected clock', async () => {
      const k = key();
      await store.put('verification-code', k, 'code-hash', { expiresAt: inMinutes(10) });
      clock.advance(10 * MINUTE - 1);
      expect(await store.get('verification-code', k)).toBe('code-hash');
      clock.advance(1);
      expect(await store.get('verification-code', k)).toBeNull();
      expect(await store.take('verification-code', k)).toBeNull();
    });

    it('replaces the expiry with the value: a put without expiresAt never expires', async () => {
      const k = key();
      await store.put('password', k, 'short-lived', { expiresAt: inMinutes(1) });
      await store.put('password', k, 'for-good');
      clock.advance(60 * MINUTE);
      expect(await store.get('password', k)).toBe('for-good');
      await store.put('password', k, 'again-short', { expiresAt: inMinutes(1) });
      clock.advance(2 * MINUTE);
      expect(await store.get('password', k)).toBeNull();
      await store.put('password', k, 'revived');
      expect(await store.get('password', k)).toBe('revived');
    });

    it('takes a value once: the first take gets it, later takes and gets find nothing', async () => {
      const k = key();
      await store.put('reset-token', k, { userId: 'u1' }, { expiresAt: inMinutes(30) });
      expect(await store.take('reset-token', k)).toEqual({ userId: 'u1' });
      expect(await store.take('reset-token', k)).toBeNull();
      expect(await store.get('reset-token', k)).toBeNull();
      expect(await store.take('reset-token', key())).toBeNull();
    });

    it('gives a value to exactly one of many concurrent takes', async () => {
      const k = key();
      await store.put('reset-token', k, 'one-use');
      const results = await Promise.all(Array.from({ length: 10 }, () => store.take('reset-token', k)));
      expect(results.filter((r) => r !== null)).toEqual(['one-use']);
    });

    it('deletes a value, and deleting what is absent is no error', async () => {
      const k = key();
      await store.put('revoked-token', k, true);
      await store.delete('revoked-token', k);
      expect(await store.get('revoked-token', k)).toBeNull();
      await expect(store.delete('revoked-token', key())).resolves.toBeUndefined();
    });

    it('counts up from 1 and keeps the first window: a later expiresAt does not extend it', async () => {
      const k = key();
      expect(await store.increment('login-attempts', k, { expiresAt: inMinutes(15) })).toBe(1);
      clock.advance(10 * MINUTE);
      expect(await store.increment('login-attempts', k, { expiresAt: inMinutes(15) })).toBe(2);
      expect(await store.increment('login-attempts', k, { expiresAt: inMinutes(15) })).toBe(3);
      expect(await store.get('login-attempts', k)).toBe(3);
      clock.advance(5 * MINUTE);
      expect(await store.get('login-attempts', k)).toBeNull();
      expect(await store.increment('login-attempts', k, { expiresAt: inMinutes(15) })).toBe(1);
      clock.advance(14 * MINUTE);
      expect(await store.increment('login-attempts', k)).toBe(2);
      clock.advance(MINUTE);
      expect(await store.get('login-attempts', k)).toBeNull();
    });

    // Seconds, not minutes: the expired counter is still stored (no purge has run yet), so this is
    // the store's own reset, not a fresh insert after a purge.
    it('restarts a counter whose window ran out a moment ago', async () => {
      const k = key();
      const inSeconds = (n: number) => new Date(clock.now().getTime() + n * 1000);
      expect(await store.increment('login-attempts', k, { expiresAt: inSeconds(2) })).toBe(1);
      expect(await store.increment('login-attempts', k, { expiresAt: inSeconds(2) })).toBe(2);
      clock.advance(2000);
      expect(await store.increment('login-attempts', k, { expiresAt: inSeconds(2) })).toBe(1);
      clock.advance(1000);
      expect(await store.increment('login-attempts', k)).toBe(2);
      clock.advance(1000);
      expect(await store.get('login-attempts', k)).toBeNull();
    });

    it('keeps a counter made without expiresAt for good', async () => {
      const k = key();
      expect(await store.increment('login-attempts', k)).toBe(1);
      clock.advance(24 * 60 * MINUTE);
      expect(await store.increment('login-attempts', k)).toBe(2);
    });

    it('loses no count to concurrent increments', async () => {
      const k = key();
      const counts = await Promise.all(
        Array.from({ length: 20 }, () => store.increment('login-attempts', k, { expiresAt: inMinutes(5) })),
      );
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await store.get('login-attempts', k)).toBe(20);
    });

    it('claims a key once: the first value stays until it expires, and every claim answers it', async () => {
      const k = key();
      expect(await store.claim('command-key', k, { caller: 'ann' }, { expiresAt: inMinutes(5) })).toEqual({
        caller: 'ann',
      });
      expect(await store.claim('command-key', k, { caller: 'ben' }, { expiresAt: inMinutes(5) })).toEqual({
        caller: 'ann',
      });
      clock.advance(5 * MINUTE);
      expect(await store.claim('command-key', k, { caller: 'ben' })).toEqual({ caller: 'ben' });
      clock.advance(24 * 60 * MINUTE);
      expect(await store.claim('command-key', k, { caller: 'cat' })).toEqual({ caller: 'ben' });
    });

    it('gives concurrent claims of one key the same winner', async () => {
      const k = key();
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.claim('command-key', k, `caller-${i}`)),
      );
      expect(new Set(claims).size).toBe(1);
      expect(await store.get('command-key', k)).toBe(claims[0]);
    });

    it('keeps kinds apart: the same key under two kinds are two secrets', async () => {
      const k = key();
      await store.put('password', k, 'hash');
      await store.put('reset-token', k, 'token');
      expect(await store.increment('login-attempts', k)).toBe(1);
      expect(await store.get('password', k)).toBe('hash');
      expect(await store.take('reset-token', k)).toBe('token');
      expect(await store.get('password', k)).toBe('hash');
      await store.delete('password', k);
      expect(await store.get('login-attempts', k)).toBe(1);
    });

    it("refuses a kind that is empty or holds ':' (it would collide with another kind's keys)", async () => {
      await expect(store.put('a:b', 'c', 1)).rejects.toThrow(TypeError);
      await expect(store.get('', 'c')).rejects.toThrow(TypeError);
      await expect(store.increment('a:b', 'c')).rejects.toThrow(TypeError);
    });
  });
}
