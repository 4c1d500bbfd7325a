import {
  agreedKeyBytes,
  type BodyKey,
  importBodyKey,
  newAgreementPair,
  openRequest,
  sealRequest,
} from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { bodyKeys } from './encrypted-bodies.ts';
import { AppError } from './errors.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const PATH = '/api/user/addWatchlist';

/** A browser agreeing a key with `keys`: its own key and the id the server gave. */
async function browserAgrees(keys: ReturnType<typeof bodyKeys>): Promise<{ key: BodyKey; kid: string }> {
  const browser = await newAgreementPair();
  const answer = await keys.agree(browser.publicKey);
  const bytes = await agreedKeyBytes(browser.privateKey, {
    client: browser.publicKey,
    server: answer.publicKey,
    peer: 'server',
  });
  return { key: await importBodyKey(bytes), kid: answer.keyId };
}

/** Whether the server's key named `kid` opens what the browser sealed with `key`. */
async function opens(keys: ReturnType<typeof bodyKeys>, kid: string, key: BodyKey): Promise<boolean> {
  const serverKey = await keys.keyOf(kid);
  if (!serverKey) return false;
  const sealed = await sealRequest(key, kid, PATH, '{"a":1}', 1);
  return (await openRequest(serverKey, PATH, sealed)) === '{"a":1}';
}

describe('the server’s body keys (issue 38 §4)', () => {
  it('agrees a key the browser derives too, with its expiry and the server’s clock', async () => {
    let now = 1_000_000;
    const keys = bodyKeys({ secret: SECRET, now: () => now, ttlMs: 60_000 });
    const browser = await newAgreementPair();
    const answer = await keys.agree(browser.publicKey);
    expect(answer).toMatchObject({ expiresAt: 1_060_000, now: 1_000_000 });
    expect(answer.publicKey).toMatch(/^[\w-]{87}$/);
    const { key, kid } = await browserAgrees(keys);
    expect(await opens(keys, kid, key)).toBe(true);
    now = 1_060_000;
    expect(await keys.keyOf(kid)).toBeNull();
  });

  it('refuses a public key that is not a P-256 point with BODY_KEY_INVALID', async () => {
    const keys = bodyKeys({ secret: SECRET });
    const error = await keys.agree('A'.repeat(87)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('BODY_KEY_INVALID');
  });

  it('opens a key id at another service (or after a restart) sharing the secret, and no other', async () => {
    const { key, kid } = await browserAgrees(bodyKeys({ secret: SECRET }));
    expect(await opens(bodyKeys({ secret: SECRET }), kid, key)).toBe(true);
    expect(await bodyKeys({ secret: `${SECRET}-other` }).keyOf(kid)).toBeNull();
    expect(await bodyKeys().keyOf(kid)).toBeNull();
  });

  it('refuses a key id that is tampered with, made up or expired, even at a service that never kept it', async () => {
    let now = 1_000_000;
    const { kid } = await browserAgrees(bodyKeys({ secret: SECRET, now: () => now, ttlMs: 60_000 }));
    const fresh = () => bodyKeys({ secret: SECRET, now: () => now });
    const [stamp, iv, ct] = kid.split('.') as [string, string, string];
    const later = (Number.parseInt(stamp, 36) + 3_600_000).toString(36);
    const other = (c: string) => (c === 'A' ? 'B' : 'A');
    for (const forged of [
      `${later}.${iv}.${ct}`,
      `${stamp}.${other(iv[0] as string)}${iv.slice(1)}.${ct}`,
      `${stamp}.${iv}.${other(ct[0] as string)}${ct.slice(1)}`,
      `${stamp}.${iv}`,
      'kid-1',
      '',
    ]) {
      expect(await fresh().keyOf(forged)).toBeNull();
    }
    expect(await fresh().keyOf(kid)).not.toBeNull();
    now = 1_060_001;
    expect(await fresh().keyOf(kid)).toBeNull();
  });

  it('keeps at most maxKeys open (the oldest go first), and a key let go opens again from its id', async () => {
    const keys = bodyKeys({ secret: SECRET, maxKeys: 2 });
    const first = await browserAgrees(keys);
    await browserAgrees(keys);
    await browserAgrees(keys);
    expect(keys.size).toBe(2);
    expect(await opens(keys, first.kid, first.key)).toBe(true);
    expect(keys.size).toBe(2);
  });
});
