import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkAnchorSignature, keyFingerprint, sameAnchor, signAnchor } from './anchor-signature.ts';

const key = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const head = { position: '00000000000000000042', logHash: 'cd'.repeat(32) };
const at = new Date('2026-11-24T10:00:00.000Z');

describe('anchors', () => {
  it('signs the head with the key and names the key by its fingerprint', () => {
    const anchor = signAnchor(head, at, key.privateKey);
    expect(anchor).toMatchObject({ ...head, signedAt: at.toISOString(), algorithm: 'Ed25519' });
    expect(anchor.keyFingerprint).toBe(keyFingerprint(key.publicKey));
    expect(checkAnchorSignature(anchor, key.publicKey)).toBe('valid');
  });

  it('finds an anchor whose head or time was changed after signing', () => {
    const anchor = signAnchor(head, at, key.privateKey);
    expect(checkAnchorSignature({ ...anchor, logHash: 'ef'.repeat(32) }, key.publicKey)).toBe('invalid');
    expect(checkAnchorSignature({ ...anchor, position: '00000000000000000043' }, key.publicKey)).toBe(
      'invalid',
    );
    expect(checkAnchorSignature({ ...anchor, signedAt: '2026-11-25T10:00:00.000Z' }, key.publicKey)).toBe(
      'invalid',
    );
    expect(checkAnchorSignature({ ...anchor, signature: 'bm90IGEgc2lnbmF0dXJl' }, key.publicKey)).toBe(
      'invalid',
    );
  });

  it('refuses an anchor signed by another key, even one that names ours', () => {
    const forged = signAnchor(head, at, other.privateKey);
    expect(checkAnchorSignature(forged, key.publicKey)).toBe('unknown-key');
    const posing = { ...forged, keyFingerprint: keyFingerprint(key.publicKey) };
    expect(checkAnchorSignature(posing, key.publicKey)).toBe('invalid');
  });

  it('knows the same anchor kept in two places', () => {
    const anchor = signAnchor(head, at, key.privateKey);
    expect(sameAnchor(anchor, { ...anchor })).toBe(true);
    expect(sameAnchor(anchor, signAnchor(head, new Date(at.getTime() + 1), key.privateKey))).toBe(false);
  });
});
