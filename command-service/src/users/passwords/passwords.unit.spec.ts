import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('verifies the password it hashed and no other', async () => {
    const stored = await hashPassword('Correct horse 1');
    expect(await verifyPassword('Correct horse 1', stored)).toBe(true);
    expect(await verifyPassword('Correct horse 2', stored)).toBe(false);
  });

  it('reads the cost from the stored hash, so a production hash (N = 2^15) verifies under the specs’ cheap cost', async () => {
    const [, n] = (await hashPassword('Chateau Latour 1961')).split('$');
    expect(Number(n)).toBe(2 ** 10);
    const salt = randomBytes(16);
    const key = scryptSync('Chateau Latour 1961', salt, 64, {
      N: 2 ** 15,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    const strong = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('Chateau Latour 1961', strong)).toBe(true);
    expect(await verifyPassword('Chateau Latour 1962', strong)).toBe(false);
  });

  it('turns down a stored value that is not an scrypt hash', async () => {
    expect(await verifyPassword('anything', 'bcrypt$12$abc')).toBe(false);
    expect(await verifyPassword('anything', '')).toBe(false);
  });

  it('makes one decoy hash, on first use', async () => {
    const first = await decoyHash();
    expect(first).toMatch(/^scrypt\$/);
    expect(await decoyHash()).toBe(first);
  });
});
