import { hkdfSync } from 'node:crypto';

/** What each derived key is for: one purpose, one key (a key never serves two). */
export type AccountKeyPurpose = 'kyc-profile-seal' | 'phone-index';

/**
 * A 32-byte key for one purpose, derived from the server's secret with HKDF-SHA256 (RFC 5869, node's
 * own implementation): keys of different purposes, and the session tokens' HMAC key, are independent,
 * so knowing one tells nothing of another.
 */
export function accountKey(secret: string, purpose: AccountKeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'fine-wine-accounts', purpose, 32));
}
