import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import type { LogAnchor } from '@wine/event-schemas';

/** The head of the log an anchor signs: a position and the global chain's log hash there. */
export interface LogHead {
  position: string;
  logHash: string;
}

/**
 * The text an anchor's signature covers. Every anchor ever signed was signed over exactly this
 * text: it must never change (a new form would need a new prefix, kept beside this one).
 */
export function anchorMessage(anchor: Omit<LogAnchor, 'signature'>): string {
  return [
    'wine-log-anchor/1',
    anchor.algorithm,
    anchor.position,
    anchor.logHash,
    anchor.signedAt,
    anchor.keyFingerprint,
  ].join('\n');
}

/** The sha256 of the public key (SPKI DER), hex: how an anchor names the key that signed it. */
export function keyFingerprint(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/** Signs the head with the anchoring key (Ed25519). */
export function signAnchor(head: LogHead, signedAt: Date, privateKey: KeyObject): LogAnchor {
  const unsigned = {
    position: head.position,
    logHash: head.logHash,
    signedAt: signedAt.toISOString(),
    algorithm: 'Ed25519' as const,
    keyFingerprint: keyFingerprint(privateKey),
  };
  const signature = sign(null, Buffer.from(anchorMessage(unsigned)), privateKey).toString('base64');
  return { ...unsigned, signature };
}

export type AnchorSignatureCheck = 'valid' | 'unknown-key' | 'invalid';

/** Whether the anchor was signed by this public key over its own fields. */
export function checkAnchorSignature(anchor: LogAnchor, publicKey: KeyObject): AnchorSignatureCheck {
  if (anchor.keyFingerprint !== keyFingerprint(publicKey)) return 'unknown-key';
  try {
    const { signature, ...unsigned } = anchor;
    const ok = verify(
      null,
      Buffer.from(anchorMessage(unsigned)),
      publicKey,
      Buffer.from(signature, 'base64'),
    );
    return ok ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** The same anchor (a copy the auditor kept and one in the log). */
export const sameAnchor = (a: LogAnchor, b: LogAnchor) =>
  a.position === b.position && a.logHash === b.logHash && a.signature === b.signature;
