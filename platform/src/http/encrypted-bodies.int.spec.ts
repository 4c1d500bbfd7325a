import {
  actions,
  agreedKeyBytes,
  type BodyKey,
  emptyDefaultBundle,
  importBodyKey,
  newAgreementPair,
  openResponse,
  SEALED_BODY_MAX_AGE_MS,
  type SealedRequest,
  sealRequest,
} from '@wine/contracts';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logging.ts';
import { registerAction } from './action-route.ts';
import { createHttpApp, type HttpApp } from './app.ts';
import { installEncryptedBodies } from './encrypted-bodies.ts';
import { AppError } from './errors.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const WATCH = actions.addWatchlist.path;
const UNWATCH = actions.removeWatchlist.path;

/**
 * Actions served as the services serve theirs (a plugin of registerAction routes) on the product's
 * HTTP app with the sealed bodies installed first: the watchlist's two commands (a user's, each
 * recording what it wrote) and the default bundle.
 */
async function serve(on: boolean, { now = () => Date.now(), secret = SECRET } = {}) {
  const written: string[] = [];
  const app = createHttpApp(createLogger('silent'));
  installEncryptedBodies(app, { on, secret, now });
  const authorize = (request: FastifyRequest, action: { auth: unknown }) => {
    if (action.auth !== 'public' && request.headers.authorization !== 'Bearer ann') {
      throw new AppError('SESSION_INVALID');
    }
  };
  // The upload forms' multipart bodies, as @fastify/multipart would hand them over.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) =>
    done(null, { project_id: 'lot-form' }),
  );
  await app.register(async (scope) => {
    registerAction(scope, actions.addWatchlist, authorize, async ({ project_id }) => {
      written.push(`watched ${project_id}`);
      return { watchlistid: 1 as const };
    });
    registerAction(scope, actions.removeWatchlist, authorize, async ({ project_id }) => {
      written.push(`unwatched ${project_id}`);
      return { watchlistid: 0 as const };
    });
    registerAction(scope, actions.getDefault, authorize, async () => emptyDefaultBundle);
  });
  await app.ready();
  return { app, written };
}

let opened: HttpApp | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const ann = { authorization: 'Bearer ann' };

/** A browser that agreed a key with the server through `agreeBodyKey`, as the UI's client does. */
async function agreeKey(app: HttpApp): Promise<{ key: BodyKey; kid: string; serverNow: number }> {
  const pair = await newAgreementPair();
  const answer = await app.inject({
    method: 'POST',
    url: actions.agreeBodyKey.path,
    payload: { publicKey: pair.publicKey },
  });
  expect(answer.statusCode).toBe(200);
  const agreed = answer.json().data.responseData;
  const bytes = await agreedKeyBytes(pair.privateKey, {
    client: pair.publicKey,
    server: agreed.publicKey,
    peer: 'server',
  });
  return { key: await importBodyKey(bytes), kid: agreed.keyId, serverNow: agreed.now };
}

const postSealed = (app: HttpApp, url: string, sealed: SealedRequest, headers = {}) =>
  app.inject({ method: 'POST', url, payload: sealed, headers: { ...ann, ...headers } });

describe('sealed bodies off (the default)', () => {
  it('takes plain bodies as before, and the default bundle says nothing of sealing', async () => {
    const { app, written } = await serve(false);
    opened = app;
    const answer = await app.inject({
      method: 'POST',
      url: WATCH,
      payload: { project_id: 'lot-1' },
      headers: ann,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'success', data: { responseData: { watchlistid: 1 } } });
    expect(written).toEqual(['watched lot-1']);
    const bundle = await app.inject({ method: 'POST', url: actions.getDefault.path, payload: {} });
    expect(bundle.json().data.responseData).not.toHaveProperty('encrypt_bodies');
  });

  it('still agrees a key (the action is served either way)', async () => {
    const { app } = await serve(false);
    opened = app;
    const { kid } = await agreeKey(app);
    expect(kid).toMatch(/^[0-9a-z]+\.[\w-]+\.[\w-]+$/);
  });
});

describe('sealed bodies on (ENCRYPT_BODIES)', () => {
  it('says so in the default bundle, read with a plain body and answered plain', async () => {
    const { app } = await serve(true);
    opened = app;
    const bundle = await app.inject({ method: 'POST', url: actions.getDefault.path, payload: {} });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.json().data.responseData).toMatchObject({ encrypt_bodies: true, languages: [] });
  });

  it("refuses a plain body with the seeds' error 'Could not decrypt message', writing nothing", async () => {
    const { app, written } = await serve(true);
    opened = app;
    for (const payload of [{ project_id: 'lot-1' }, {}, { kid: 1, iv: 'x', ts: 1, ct: 'y' }, []]) {
      const answer = await app.inject({ method: 'POST', url: WATCH, payload, headers: ann });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        status: 'error',
        data: {
          code: 'DECRYPT_FAILED',
          message: 'Could not decrypt message',
          responseType: 400,
          responseData: null,
        },
      });
    }
    const spanish = await app.inject({
      method: 'POST',
      url: WATCH,
      payload: { project_id: 'lot-1' },
      headers: { ...ann, 'accept-language': 'es' },
    });
    expect(spanish.json().data.message).toBe('No se pudo descifrar el mensaje');
    expect(written).toEqual([]);
  });

  it('takes a sealed body and answers it sealed, for that request only', async () => {
    const { app, written } = await serve(true);
    opened = app;
    const { key, kid, serverNow } = await agreeKey(app);
    const sealed = await sealRequest(key, kid, WATCH, JSON.stringify({ project_id: 'lot-1' }), serverNow);
    const answer = await postSealed(app, WATCH, sealed);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = answer.json();
    expect(Object.keys(body).sort()).toEqual(['ct', 'iv']);
    expect(answer.body).not.toContain('watchlistid');
    const text = await openResponse(key, WATCH, sealed.iv, body);
    expect(JSON.parse(text)).toMatchObject({ status: 'success', data: { responseData: { watchlistid: 1 } } });
    expect(written).toEqual(['watched lot-1']);
    // Another request's IV does not open it: an answer is bound to its request.
    const other = await sealRequest(key, kid, WATCH, '{"project_id":"lot-2"}', serverNow);
    await expect(openResponse(key, WATCH, other.iv, body)).rejects.toThrow();
  });

  it('seals a refusal of the opened body too (a bad input names its field, sealed)', async () => {
    const { app, written } = await serve(true);
    opened = app;
    const { key, kid, serverNow } = await agreeKey(app);
    for (const plain of ['{"project_id":""}', '{"project_id":"x","admin":true}', '{"not json']) {
      const sealed = await sealRequest(key, kid, WATCH, plain, serverNow);
      const answer = await postSealed(app, WATCH, sealed);
      expect(answer.statusCode).toBe(400);
      const text = await openResponse(key, WATCH, sealed.iv, answer.json());
      expect(JSON.parse(text)).toMatchObject({ status: 'error' });
    }
    expect(written).toEqual([]);
  });

  it('refuses a tampered, replayed elsewhere, stale or foreign sealed body, writing nothing and never a 5xx', async () => {
    let now = Date.now();
    const { app, written } = await serve(true, { now: () => now });
    opened = app;
    const { key, kid, serverNow } = await agreeKey(app);
    const body = JSON.stringify({ project_id: 'lot-1' });
    const sealed = await sealRequest(key, kid, WATCH, body, serverNow);
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    // A server with another secret (another deployment): its key ids are not this one's.
    const elsewhere = await serve(true, { secret: `${SECRET}-elsewhere` });
    const stranger = await agreeKey(elsewhere.app);
    await elsewhere.app.close();
    const refused: [string, string, SealedRequest][] = [
      ['ciphertext changed', WATCH, { ...sealed, ct: flip(sealed.ct) }],
      ['IV changed', WATCH, { ...sealed, iv: flip(sealed.iv) }],
      ['time changed', WATCH, { ...sealed, ts: sealed.ts + 1 }],
      ['key id unknown', WATCH, { ...sealed, kid: 'kid-1' }],
      [
        'key id of another server',
        WATCH,
        await sealRequest(stranger.key, stranger.kid, WATCH, body, serverNow),
      ],
      ['sent to another action', UNWATCH, sealed],
      [
        'sealed too long ago',
        WATCH,
        await sealRequest(key, kid, WATCH, body, now - SEALED_BODY_MAX_AGE_MS - 1),
      ],
    ];
    for (const [what, url, payload] of refused) {
      const answer = await postSealed(app, url, payload);
      expect([what, answer.statusCode, answer.json().data?.code]).toEqual([what, 400, 'DECRYPT_FAILED']);
    }
    // The key expires: a body sealed with it is refused after BODY_KEY_TTL_MS.
    now += 7 * 60 * 60_000;
    const late = await postSealed(app, WATCH, await sealRequest(key, kid, WATCH, body, now));
    expect(late.json().data.code).toBe('DECRYPT_FAILED');
    expect(written).toEqual([]);
  });

  it('checks the audience before the body: a visitor is refused plain, as before', async () => {
    const { app, written } = await serve(true);
    opened = app;
    const answer = await app.inject({ method: 'POST', url: WATCH, payload: { project_id: 'lot-1' } });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().data.code).toBe('SESSION_INVALID');
    expect(written).toEqual([]);
  });

  it('lets a multipart form through as it is ("non-form request bodies")', async () => {
    const { app, written } = await serve(true);
    opened = app;
    const answer = await app.inject({
      method: 'POST',
      url: WATCH,
      payload: '--b\r\n\r\n--b--',
      headers: { ...ann, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.responseData).toEqual({ watchlistid: 1 });
    expect(written).toEqual(['watched lot-form']);
  });

  it('takes a body sealed for the action at its custom flag path (/api/custom/)', async () => {
    const { app, written } = await serve(true);
    opened = app;
    const { key, kid, serverNow } = await agreeKey(app);
    const sealed = await sealRequest(key, kid, WATCH, '{"project_id":"lot-9"}', serverNow);
    const answer = await postSealed(app, '/api/custom/addWatchlist', sealed);
    expect(answer.statusCode).toBe(200);
    const text = await openResponse(key, WATCH, sealed.iv, answer.json());
    expect(JSON.parse(text).data.responseData).toEqual({ watchlistid: 1 });
    expect(written).toEqual(['watched lot-9']);
  });

  it('refuses to agree with a key that is not a P-256 point, naming the field', async () => {
    const { app } = await serve(true);
    opened = app;
    const notAPoint = await app.inject({
      method: 'POST',
      url: actions.agreeBodyKey.path,
      payload: { publicKey: 'A'.repeat(87) },
    });
    expect(notAPoint.statusCode).toBe(400);
    expect(notAPoint.json().data).toMatchObject({
      code: 'BODY_KEY_INVALID',
      responseData: { field: 'publicKey' },
    });
    const malformed = await app.inject({
      method: 'POST',
      url: actions.agreeBodyKey.path,
      payload: { publicKey: 'short' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().data.code).toBe('VALIDATION');
  });
});

describe('the custom flag (seeds 001 §7), whatever the sealing', () => {
  it('serves /api/custom/<call> as /api/user/<call>, and answers an unknown one NO_ACTION', async () => {
    const { app, written } = await serve(false);
    opened = app;
    const answer = await app.inject({
      method: 'POST',
      url: '/api/custom/removeWatchlist',
      payload: { project_id: 'lot-3' },
      headers: ann,
    });
    expect(answer.json().data.responseData).toEqual({ watchlistid: 0 });
    expect(written).toEqual(['unwatched lot-3']);
    const unknown = await app.inject({ method: 'POST', url: '/api/custom/noSuchCall', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().data.code).toBe('NO_ACTION');
  });
});
