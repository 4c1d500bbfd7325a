import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AnchorKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SPKI PEM, what the auditors are given. */
  publicKeyPem: string;
}

export const signingKeyFile = (dataDir: string) => join(dataDir, 'audit-signing-key.pem');
export const publicKeyFile = (dataDir: string) => join(dataDir, 'audit-signing-key.pub.pem');
/** The last anchor written, kept outside the log beside the key (anchor-process.ts, verify). */
export const anchorWitnessFile = (dataDir: string) => join(dataDir, 'audit-last-anchor.json');

const isPem = (value: string) => value.trimStart().startsWith('-----BEGIN');

function keysOf(privateKey: KeyObject): AnchorKeys {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('AUDIT_SIGNING_KEY must be an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * The key that signs the log's anchors (DOMAIN.md "Audit"), never stored in the log:
 * AUDIT_SIGNING_KEY (PKCS8 PEM, or a path to one); else, when `createDefault` (the embedded default),
 * DATA_DIR/audit-signing-key.pem, created on first start (mode 0600) with its public key beside it;
 * else none (a command-service on its own does not anchor without a key).
 */
export function loadAnchorKeys(
  config: { AUDIT_SIGNING_KEY?: string | undefined; dataDir: string },
  options: { createDefault: boolean },
): AnchorKeys | null {
  const configured = config.AUDIT_SIGNING_KEY;
  if (configured) {
    const pem = isPem(configured) ? configured : readFileSync(configured, 'utf8');
    return keysOf(createPrivateKey(pem));
  }
  if (!options.createDefault) return null;
  const file = signingKeyFile(config.dataDir);
  let keys: AnchorKeys;
  if (existsSync(file)) keys = keysOf(createPrivateKey(readFileSync(file, 'utf8')));
  else {
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    keys = keysOf(privateKey);
  }
  const publicFile = publicKeyFile(config.dataDir);
  if (!existsSync(publicFile)) writeFileSync(publicFile, keys.publicKeyPem, { mode: 0o600 });
  return keys;
}

/** A public key from a PEM text or a file holding one (SPKI, or a private key whose public half it takes). */
export function readPublicKey(pemOrPath: string): KeyObject {
  const pem = isPem(pemOrPath) ? pemOrPath : readFileSync(pemOrPath, 'utf8');
  return createPublicKey(pem);
}

/**
 * The public key verify uses when the auditor names none: the configured signing key's, else the
 * public key beside the embedded default's key; null when there is neither.
 */
export function defaultPublicKey(config: {
  AUDIT_SIGNING_KEY?: string | undefined;
  dataDir: string;
}): KeyObject | null {
  const keys = loadAnchorKeys(config, { createDefault: false });
  if (keys) return keys.publicKey;
  const file = publicKeyFile(config.dataDir);
  return existsSync(file) ? readPublicKey(file) : null;
}
