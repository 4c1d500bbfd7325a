import {
  type Action,
  type AgreedBodyKey,
  actions,
  agreedKeyBytes,
  type BodyKey,
  importBodyKey,
  isSealedRequest,
  newAgreementPair,
  open,
  openRequest,
  SEALED_BODY_MAX_AGE_MS,
  seal,
  sealResponse,
} from '@wine/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerAction } from './action-route.ts';
import { AppError } from './errors.ts';
import { parseJsonBody } from './json-body.ts';

/** How long an agreed key is taken; the browser agrees another after it. */
export const BODY_KEY_TTL_MS = 6 * 60 * 60_000;
/** Keys kept open in memory at most (the oldest go first; a key id not kept is opened again from itself). */
export const BODY_KEYS_KEPT = 10_000;

export interface EncryptedBodiesOptions {
  /** ENCRYPT_BODIES: the actions take sealed JSON bodies only and answer them sealed. */
  on: boolean;
  /**
   * The session secret: key ids are sealed with a key derived from it, so each service and replica
   * that shares it takes the keys any of them agreed. Without one, a random key of this process.
   */
  secret?: string;
  /** Epoch milliseconds (a spec's clock). */
  now?: () => number;
  ttlMs?: number;
  maxKeys?: number;
}

const utf8 = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const KID = /^([0-9a-z]{1,11})\.([\w-]{16})\.([\w-]{64})$/;

/** The AES-GCM key that seals key ids: HKDF-SHA-256 of the secret, for this use only. */
async function kidSealingKey(secret: string | undefined): Promise<BodyKey> {
  const subtle = globalThis.crypto.subtle;
  const ikm = secret ? utf8(secret) : globalThis.crypto.getRandomValues(new Uint8Array(32));
  const hkdf = await subtle.importKey('raw', ikm, 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8('wine-body/v1 key ids'), info: utf8('seal') },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * The server's side of the agreement and the keys it agreed. A key id is the key itself sealed
 * (AES-GCM) under a key derived from the secret, with its expiry as authenticated data: any service
 * with the secret opens it, none keeps a shared table. Opened keys (non-extractable CryptoKeys) are
 * kept in a bounded map until they expire; nothing of them is ever logged.
 */
export function bodyKeys(options: Omit<EncryptedBodiesOptions, 'on'> = {}) {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? BODY_KEY_TTL_MS;
  const maxKeys = options.maxKeys ?? BODY_KEYS_KEPT;
  const sealing = kidSealingKey(options.secret);
  const kept = new Map<string, { key: BodyKey; expiresAt: number }>();
  const kidAad = (expiresAt: number) => utf8(`wine-body/v1\nkey id\n${expiresAt}`);

  function keep(kid: string, key: BodyKey, expiresAt: number) {
    if (kept.size >= maxKeys) {
      const at = now();
      for (const [id, entry] of kept) if (entry.expiresAt <= at) kept.delete(id);
    }
    // Still full: the oldest agreed goes (a Map keeps insertion order); its id still opens it again.
    if (kept.size >= maxKeys) kept.delete(kept.keys().next().value as string);
    kept.set(kid, { key, expiresAt });
  }

  return {
    /** Agrees a key with the browser's public key; BODY_KEY_INVALID when it is not a P-256 point. */
    async agree(clientPublicKey: string): Promise<AgreedBodyKey> {
      const pair = await newAgreementPair();
      const bytes = await agreedKeyBytes(pair.privateKey, {
        client: clientPublicKey,
        server: pair.publicKey,
        peer: 'client',
      }).catch(() => {
        throw new AppError('BODY_KEY_INVALID');
      });
      const expiresAt = now() + ttlMs;
      const sealed = await seal(await sealing, kidAad(expiresAt), bytes);
      const keyId = `${expiresAt.toString(36)}.${sealed.iv}.${sealed.ct}`;
      keep(keyId, await importBodyKey(bytes), expiresAt);
      return { publicKey: pair.publicKey, keyId, expiresAt, now: now() };
    },
    /** The key a key id names, or null when it is not one of ours or has expired. */
    async keyOf(kid: string): Promise<BodyKey | null> {
      const entry = kept.get(kid);
      if (entry) {
        if (entry.expiresAt > now()) return entry.key;
        kept.delete(kid);
        return null;
      }
      const [, stamp, iv, ct] = KID.exec(kid) ?? [];
      const expiresAt = Number.parseInt(stamp ?? '', 36);
      if (!iv || !ct || !(expiresAt > now())) return null;
      try {
        const bytes = await open(await sealing, kidAad(expiresAt), { iv, ct });
        if (bytes.length !== 32) return null;
        const key = await importBodyKey(bytes);
        keep(kid, key, expiresAt);
        return key;
      } catch {
        return null;
      }
    },
    /** Keys kept open now (a spec's view of the bound). */
    get size() {
      return kept.size;
    },
  };
}

export type BodyKeys = ReturnType<typeof bodyKeys>;

/**
 * Every path an action is served at (its path, aliases, providers' paths), with the path a sealed
 * body names (the action's own). Not the agreement itself, nor the default bundle that says whether
 * the setting is on: both are read before a key exists.
 */
const sealedPaths = new Map<string, string>(
  (Object.values(actions) as Action[])
    .filter((a) => a !== actions.agreeBodyKey && a !== actions.getDefault)
    .flatMap((a) =>
      [a.path, ...(a.aliases ?? []), ...Object.values(a.providerPaths ?? {}).flat()].map(
        (path) => [path, a.path] as const,
      ),
    ),
);

/** "Non-form request bodies" (seeds 001 §7): an upload's multipart form goes as it is. */
const FORM = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/**
 * Issue 38 §4 (seeds 001 §7 "the decrypt setting"): serves `agreeBodyKey`, and while `on` is set,
 * every action's JSON body must be sealed (contracts encrypted-bodies/envelope.ts) with a key agreed
 * here: the body is opened after the audience check (preParsing) and before validation, and the
 * answer, whatever its status, is sealed for that request. A body that is not sealed, or not with a
 * live key of this server for this action and within SEALED_BODY_MAX_AGE_MS, is refused with
 * DECRYPT_FAILED ('Could not decrypt message') before the handler runs, so nothing is written. The
 * default bundle says `encrypt_bodies: true`. Install right after `createHttpApp`, before any route
 * plugin, so its hooks cover every action.
 */
export function installEncryptedBodies(app: FastifyInstance, options: EncryptedBodiesOptions): BodyKeys {
  const keys = bodyKeys(options);
  const now = options.now ?? Date.now;
  registerAction(
    app,
    actions.agreeBodyKey,
    () => {},
    ({ publicKey }) => keys.agree(publicKey),
  );
  if (!options.on) return keys;

  const opened = new WeakMap<FastifyRequest, { key: BodyKey; path: string; iv: string }>();
  app.addHook('preValidation', async (request) => {
    const path = sealedPaths.get(request.routeOptions.url ?? '');
    if (!path || FORM.test(request.headers['content-type'] ?? '')) return;
    const body = request.body;
    if (!isSealedRequest(body) || Math.abs(now() - body.ts) > SEALED_BODY_MAX_AGE_MS) {
      throw new AppError('DECRYPT_FAILED');
    }
    const key = await keys.keyOf(body.kid);
    const text = key && (await openRequest(key, path, body).catch(() => null));
    if (!key || text === null) throw new AppError('DECRYPT_FAILED');
    // From here the caller holds the key: every answer, a refusal of the opened body too, is sealed.
    opened.set(request, { key, path, iv: body.iv });
    request.body = parseJsonBody(text);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const sealing = opened.get(request);
    if (!sealing || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const text = typeof payload === 'string' ? payload : payload.toString('utf8');
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(await sealResponse(sealing.key, sealing.path, sealing.iv, text));
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.url !== actions.getDefault.path) return payload;
    const envelope = payload as { status?: string; data?: { responseData?: object } };
    const bundle = envelope?.status === 'success' ? envelope.data?.responseData : undefined;
    if (!bundle) return payload;
    return { ...envelope, data: { ...envelope.data, responseData: { ...bundle, encrypt_bodies: true } } };
  });
  return keys;
}
