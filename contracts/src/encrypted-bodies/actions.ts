import { z } from 'zod';
import { action } from '../action.ts';

/** A raw P-256 public key (65 bytes, uncompressed), base64url: 87 characters. */
const PublicKey = z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'a raw P-256 public key, base64url');

export const BodyKeyInput = z.strictObject({ publicKey: PublicKey });

/** The server's half of the agreement and the key's id (envelope.ts), with when it stops being taken. */
export const AgreedBodyKey = z.object({
  publicKey: z.string(),
  /** Sent with each sealed body; it names the key to every service that shares the session secret. */
  keyId: z.string(),
  /** Epoch milliseconds, by the server's clock. */
  expiresAt: z.number().int(),
  /** The server's clock when it answered: the client stamps its sealed bodies by it. */
  now: z.number().int(),
});
export type AgreedBodyKey = z.infer<typeof AgreedBodyKey>;

/**
 * Issue 38 §4 (seeds 001 §7 "the decrypt setting"): the browser's session key for sealed bodies,
 * agreed by ECDH. Public, and its own body is never sealed (nor the default bundle's, which says
 * whether the setting is on); served by platform http/encrypted-bodies.ts.
 */
export const encryptedBodyActions = {
  agreeBodyKey: action({
    path: '/api/common/agreeBodyKey',
    side: 'query',
    auth: 'public',
    input: BodyKeyInput,
    output: AgreedBodyKey,
  }),
} as const;
