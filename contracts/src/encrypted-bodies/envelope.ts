/*
 * Issue 38 §4, seeds 001 §7: "When the decrypt setting is on, non-form request bodies are encrypted
 * and responses decrypted" ('Could not decrypt message' when one is not). What the browser and the
 * server share of it, with the Web Crypto API only (globalThis.crypto.subtle, in browsers and Node):
 *
 * - a key agreed per browser session: each side makes an ECDH P-256 key pair, they swap the public
 *   halves (`agreeBodyKey`), and HKDF-SHA-256 of the shared secret, bound to both public keys, is the
 *   AES-GCM-256 key;
 * - each body sealed with AES-GCM under a fresh random 96-bit IV, in a small JSON envelope; the
 *   additional authenticated data binds a request to its action's path, its key id and the time it
 *   was sealed (the server refuses one older than SEALED_BODY_MAX_AGE_MS), and an answer to its
 *   action's path and its request's IV, so a captured body cannot be sent to another action nor an
 *   answer swapped for another request's.
 *
 * No zod here: the API client (first load) imports it.
 */

/** A sealed request body: the key's id, the IV, the time it was sealed (the server's clock) and the ciphertext. */
export interface SealedRequest {
  kid: string;
  iv: string;
  ts: number;
  ct: string;
}

/** A sealed answer (its key and the request it answers are the request's). */
export interface SealedResponse {
  iv: string;
  ct: string;
}

/** A request sealed longer ago (or further ahead) than this, by the server's clock, is refused. */
export const SEALED_BODY_MAX_AGE_MS = 5 * 60_000;

/** An AES-GCM key of the Web Crypto API (CryptoKey, typed so for both the browser's and Node's globals). */
export type BodyKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;
type Bytes = Uint8Array<ArrayBuffer>;

const subtle = () => globalThis.crypto.subtle;
const utf8 = (text: string): Bytes => new TextEncoder().encode(text) as Bytes;
const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const VERSION = 'wine-body/v1';

/** base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url text, or null when it is not one. */
export function fromBase64Url(text: string): Bytes | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A fresh ECDH P-256 key pair for one agreement; the public half raw (65 bytes), base64url. */
export async function newAgreementPair(): Promise<{ privateKey: BodyKey; publicKey: string }> {
  const pair = (await subtle().generateKey(P256, false, ['deriveBits'])) as {
    privateKey: BodyKey;
    publicKey: BodyKey;
  };
  const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: toBase64Url(raw) };
}

/**
 * The 32 bytes of the body key from our private key and the peer's public key: HKDF-SHA-256 of the
 * ECDH secret, its info binding the client's and the server's public keys (in that order). Throws
 * when the peer's key is not a P-256 point.
 */
export async function agreedKeyBytes(
  privateKey: BodyKey,
  keys: { client: string; server: string; peer: 'client' | 'server' },
): Promise<Bytes> {
  const peerRaw = fromBase64Url(keys[keys.peer]);
  if (peerRaw?.length !== 65) throw new Error('not a P-256 public key');
  const peer = await subtle().importKey('raw', peerRaw, P256, false, []);
  const secret = await subtle().deriveBits({ name: 'ECDH', public: peer }, privateKey, 256);
  const hkdf = await subtle().importKey('raw', secret, 'HKDF', false, ['deriveBits']);
  const bits = await subtle().deriveBits(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(32),
      info: utf8(`${VERSION}\nkey\n${keys.client}\n${keys.server}`),
    },
    hkdf,
    256,
  );
  return new Uint8Array(bits);
}

/** The AES-GCM key of 32 agreed bytes, not extractable; the bytes are zeroed. */
export async function importBodyKey(bytes: Bytes): Promise<BodyKey> {
  try {
    return await subtle().importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  } finally {
    bytes.fill(0);
  }
}

const requestAad = (path: string, kid: string, ts: number) =>
  utf8(`${VERSION}\nrequest\n${path}\n${kid}\n${ts}`);
const responseAad = (path: string, requestIv: string) => utf8(`${VERSION}\nresponse\n${path}\n${requestIv}`);

/** AES-GCM under a fresh random 96-bit IV. */
export async function seal(key: BodyKey, aad: Bytes, plain: Bytes): Promise<{ iv: string; ct: string }> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ct = await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, plain);
  return { iv: toBase64Url(iv), ct: toBase64Url(new Uint8Array(ct)) };
}

/** The plaintext of `seal`'s answer; throws when the IV, the ciphertext, the data or the key is not the sealer's. */
export async function open(key: BodyKey, aad: Bytes, sealed: { iv: string; ct: string }): Promise<Bytes> {
  const iv = fromBase64Url(sealed.iv);
  const ct = fromBase64Url(sealed.ct);
  if (iv?.length !== 12 || !ct || ct.length < 16) throw new Error('not a sealed body');
  return new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, ct));
}

/** A request body (JSON text) sealed for the action at `path` (the action's own path, not an alias). */
export async function sealRequest(
  key: BodyKey,
  kid: string,
  path: string,
  text: string,
  ts: number,
): Promise<SealedRequest> {
  return { kid, ...(await seal(key, requestAad(path, kid, ts), utf8(text))), ts };
}

/** A sealed request's JSON text; throws when it was not sealed with this key for this action. */
export async function openRequest(key: BodyKey, path: string, sealed: SealedRequest): Promise<string> {
  return new TextDecoder().decode(await open(key, requestAad(path, sealed.kid, sealed.ts), sealed));
}

/** An answer (JSON text) sealed for the request with IV `requestIv` to the action at `path`. */
export async function sealResponse(
  key: BodyKey,
  path: string,
  requestIv: string,
  text: string,
): Promise<SealedResponse> {
  return seal(key, responseAad(path, requestIv), utf8(text));
}

/** A sealed answer's JSON text; throws when it does not answer that request. */
export async function openResponse(
  key: BodyKey,
  path: string,
  requestIv: string,
  sealed: SealedResponse,
): Promise<string> {
  return new TextDecoder().decode(await open(key, responseAad(path, requestIv), sealed));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed body is a sealed request's envelope (and nothing else). */
export function isSealedRequest(value: unknown): value is SealedRequest {
  return (
    isObject(value) &&
    Object.keys(value).length === 4 &&
    typeof value.kid === 'string' &&
    typeof value.iv === 'string' &&
    typeof value.ct === 'string' &&
    Number.isSafeInteger(value.ts)
  );
}

/** Whether a parsed answer is a sealed answer's envelope. */
export function isSealedResponse(value: unknown): value is SealedResponse {
  return (
    isObject(value) &&
    Object.keys(value).length === 2 &&
    typeof value.iv === 'string' &&
    typeof value.ct === 'string'
  );
}
