import {
  type AgreedBodyKey,
  agreedKeyBytes,
  type BodyKey,
  currentLanguage,
  type ErrorEnvelope,
  importBodyKey,
  isSealedResponse,
  newAgreementPair,
  openResponse,
  sealRequest,
  t,
} from '@wine/contracts';
import { actionPaths } from '@wine/contracts/action-paths';

/**
 * Issue 38 §4, seeds 001 §7: "When the decrypt setting is on, non-form request bodies are encrypted
 * and responses decrypted". While the server's default bundle says `encrypt_bodies`, every action's
 * JSON body goes sealed with a key this tab agreed with the server (`agreeBodyKey`, ECDH), and its
 * sealed answer is opened before the client reads it (contracts encrypted-bodies/envelope.ts). An
 * answer that cannot be opened reads as the seeds' 'Could not decrypt message' (DECRYPT_FAILED).
 *
 * The client wraps its fetch with `withBodyEncryption`; nothing else changes for a caller.
 */

/** How the API's fetch is called (client.ts): a path and its init. */
export type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;

interface Agreed {
  key: BodyKey;
  kid: string;
  expiresAt: number;
  /** The server's clock less this tab's: bodies are stamped by the server's. */
  offset: number;
}

/** An agreement is made again this long before its key expires. */
const RENEW_BEFORE_MS = 60_000;

/** What this tab knows of the setting: from the default bundle, or a refusal of a plain body. */
let mode: 'unknown' | 'off' | 'on' = 'unknown';
/** The default bundle on its way: a call made meanwhile waits to know whether to seal. */
let bundleOnItsWay: Promise<unknown> | null = null;
let agreed: Agreed | null = null;
let agreeing: Promise<Agreed> | null = null;

/** Bodies the server always takes plain: the bundle that tells the setting, and the agreement. */
const plainPaths = new Set<string>([actionPaths.getDefault.path, actionPaths.agreeBodyKey.path]);

/** Learns the setting from a default bundle (the answer to getDefault). */
export function learnBodyEncryption(bundle: unknown): void {
  if (typeof bundle === 'object' && bundle !== null) {
    mode = (bundle as { encrypt_bodies?: unknown }).encrypt_bodies === true ? 'on' : 'off';
  }
}

/** Learns it from a painted page's answers (main.tsx: the bundle is not asked for again). */
export function learnPaintedBodyEncryption(
  queries: readonly { queryKey: readonly unknown[]; state: { data?: unknown } }[],
): void {
  learnBodyEncryption(queries.find((query) => query.queryKey[0] === 'getDefault')?.state.data);
}

/** Whether this tab seals its bodies now ('unknown' until a bundle or a refusal says). */
export const bodyEncryptionMode = () => mode;

/** Forgets the setting and the key (a spec's fresh start). */
export function resetBodyEncryption(): void {
  mode = 'unknown';
  bundleOnItsWay = null;
  agreed = null;
  agreeing = null;
}

/** A refusal to show instead of an answer: the agreement's own, or one that could not be opened. */
class Refused extends Error {
  constructor(readonly response: Response) {
    super('refused');
  }
}

const undecryptable = (status = 400) =>
  new Response(
    JSON.stringify({
      status: 'error',
      data: {
        code: 'DECRYPT_FAILED',
        message: t('errors.DECRYPT_FAILED'),
        responseType: status,
        responseData: null,
      },
    } satisfies ErrorEnvelope),
    { status, headers: { 'content-type': 'application/json' } },
  );

/** The same answer with another body (its length is no longer the header's). */
function withBody(response: Response, text: string): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

type Envelope = { status?: unknown; data?: { code?: unknown; responseData?: unknown } | null };
const envelopeOf = (value: unknown): Envelope | null =>
  typeof value === 'object' && value !== null && 'status' in value && 'data' in value
    ? (value as Envelope)
    : null;

/** The code of a refusal (read from a copy: the caller reads the answer itself). */
async function refusalCode(response: Response): Promise<unknown> {
  try {
    return envelopeOf(await response.clone().json())?.data?.code;
  } catch {
    return undefined;
  }
}

async function agree(doFetch: ApiFetch): Promise<Agreed> {
  const pair = await newAgreementPair();
  const response = await doFetch(actionPaths.agreeBodyKey.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-language': currentLanguage(),
    },
    body: JSON.stringify({ publicKey: pair.publicKey }),
  });
  const text = await response.text();
  const envelope = envelopeOf(parsed(text));
  if (envelope?.status !== 'success') throw new Refused(withBody(response, text));
  const answer = envelope.data?.responseData as AgreedBodyKey;
  const bytes = await agreedKeyBytes(pair.privateKey, {
    client: pair.publicKey,
    server: answer.publicKey,
    peer: 'server',
  }).catch(() => {
    throw new Refused(undecryptable());
  });
  agreed = {
    key: await importBodyKey(bytes),
    kid: answer.keyId,
    expiresAt: answer.expiresAt,
    offset: answer.now - Date.now(),
  };
  return agreed;
}

/** This tab's key, agreed once for every call waiting on it, and again before it expires. */
function currentKey(doFetch: ApiFetch): Promise<Agreed> {
  if (agreed && agreed.expiresAt - (Date.now() + agreed.offset) > RENEW_BEFORE_MS) {
    return Promise.resolve(agreed);
  }
  agreeing ??= agree(doFetch).finally(() => {
    agreeing = null;
  });
  return agreeing;
}

interface Sent {
  response: Response;
  /** The server could not open the body (DECRYPT_FAILED before the action ran). */
  refusedUnopened: boolean;
}

async function sendPlain(doFetch: ApiFetch, path: string, init: RequestInit): Promise<Sent> {
  const response = await doFetch(path, init);
  const refusedUnopened = response.status === 400 && (await refusalCode(response)) === 'DECRYPT_FAILED';
  return { response, refusedUnopened };
}

async function sendSealed(doFetch: ApiFetch, path: string, init: RequestInit): Promise<Sent> {
  let key: Agreed;
  try {
    key = await currentKey(doFetch);
  } catch (error) {
    if (error instanceof Refused) return { response: error.response, refusedUnopened: false };
    throw error;
  }
  const sealed = await sealRequest(key.key, key.kid, path, init.body as string, Date.now() + key.offset);
  const response = await doFetch(path, { ...init, body: JSON.stringify(sealed) });
  const text = await response.text();
  const body = parsed(text);
  if (isSealedResponse(body)) {
    const opened = await openResponse(key.key, path, sealed.iv, body).catch(() => null);
    return {
      response: opened === null ? undecryptable() : withBody(response, opened),
      refusedUnopened: false,
    };
  }
  const envelope = envelopeOf(body);
  // Refused before the body was opened (the audience, a rate limit, a body too large, the key): plain.
  if (envelope?.status === 'error') {
    return { response: withBody(response, text), refusedUnopened: envelope.data?.code === 'DECRYPT_FAILED' };
  }
  // Not the API's answer at all (a gateway's error page): read as the client reads such a page.
  if (!envelope) return { response: withBody(response, text), refusedUnopened: false };
  // A success in the clear to a sealed request is not the server's: not believed.
  return { response: undecryptable(), refusedUnopened: false };
}

/** Learns the setting from the default bundle's answer; the calls made meanwhile wait for it. */
function watchBundle(answer: Promise<Response>): Promise<Response> {
  const watched = answer.then(async (response) => {
    try {
      const envelope = envelopeOf(await response.clone().json());
      if (envelope?.status === 'success') learnBodyEncryption(envelope.data?.responseData);
    } catch {
      // Not an answer to learn from: the setting stays as it was.
    }
    return response;
  });
  const settled = watched.then(
    () => undefined,
    () => undefined,
  );
  bundleOnItsWay = settled;
  void settled.then(() => {
    if (bundleOnItsWay === settled) bundleOnItsWay = null;
  });
  return watched;
}

/**
 * The API's fetch, sealing an action's JSON body and opening its answer while the setting is on.
 * Forms (uploads) go as they are. A body the server could not open (DECRYPT_FAILED: the setting was
 * turned on, the key expired or the server's secret changed) is sent once more, sealed with a key
 * agreed again; nothing ran on the server the first time.
 */
export function withBodyEncryption(doFetch: ApiFetch): ApiFetch {
  return async (path, init) => {
    if (path === actionPaths.getDefault.path) return watchBundle(doFetch(path, init));
    if (typeof init.body !== 'string' || plainPaths.has(path)) return doFetch(path, init);
    if (mode === 'unknown' && bundleOnItsWay) await bundleOnItsWay;
    const first =
      mode === 'on' ? await sendSealed(doFetch, path, init) : await sendPlain(doFetch, path, init);
    if (!first.refusedUnopened) return first.response;
    mode = 'on';
    agreed = null;
    return (await sendSealed(doFetch, path, init)).response;
  };
}
