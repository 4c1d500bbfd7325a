import { randomBytes, type ScryptOptions, scrypt } from 'node:crypto';
import { sameSecret } from '@wine/platform';

/**
 * scrypt with N = 2^15: a slow salted hash (DOMAIN.md "Accounts"), about 50 ms per guess on this hardware.
 * Under Vitest only, N = 2^10: the specs sign up hundreds of users and test the rules, not the cost (a hash
 * keeps its own N, so verifying reads the cost from the stored hash either way).
 */
const PARAMS = { N: process.env.VITEST ? 2 ** 10 : 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts, so the parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return sameSecret(key, expected);
}

let decoy: Promise<string> | undefined;

/** A hash to compare against when the e-mail is unknown, so both answers take the same time (made once, on first use). */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
