import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { accountKey } from '../account-keys.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Sealing of a profile's protected values for the secret store (issue 38 §3): AES-256-GCM through
 * node's crypto (OpenSSL), a fresh 96-bit nonce per seal, the owner's id as associated data so a sealed
 * value moved to another account does not open there. The key is derived from the server's secret, so
 * a copy of the secret store alone (a backup, a replica) shows none of the values.
 */
export function profileSealer(secret: string) {
  const key = accountKey(secret, 'kyc-profile-seal');
  return {
    seal(ownerId: string, value: unknown): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(ownerId, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    /** The value sealed for `ownerId`; null when it does not open (another key, another owner, altered). */
    open<T>(ownerId: string, sealed: string): T | null {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) return null;
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(ownerId, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        return JSON.parse(plain.toString('utf8')) as T;
      } catch {
        return null;
      }
    },
  };
}

export type ProfileSealer = ReturnType<typeof profileSealer>;
