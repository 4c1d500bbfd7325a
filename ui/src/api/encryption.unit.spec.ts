import {
  type ActionName,
  actions,
  agreedKeyBytes,
  type BodyKey,
  emptyDefaultBundle,
  failure,
  importBodyKey,
  isSealedRequest,
  newAgreementPair,
  openRequest,
  sealResponse,
  success,
} from '@wine/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, callWithForm } from './client.ts';
import {
  bodyEncryptionMode,
  learnPaintedBodyEncryption,
  resetBodyEncryption,
  withBodyEncryption,
} from './encryption.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const undecryptable = () => json(failure('DECRYPT_FAILED', 'Could not decrypt message'), 400);

/**
 * The server's side of the sealed bodies as platform http/encrypted-bodies.ts answers it (its int
 * spec tries the real one), on the same contracts functions: agrees keys, refuses a body it cannot
 * open with DECRYPT_FAILED, runs the action on the opened input and seals the answer for its request.
 */
function sealingServer(options: {
  on: boolean;
  answers?: Partial<Record<ActionName, (input: unknown) => unknown>>;
}) {
  const keys = new Map<string, BodyKey>();
  const ran: { action: string; input: unknown }[] = [];
  const byPath = new Map(Object.entries(actions).map(([name, a]) => [a.path as string, name as ActionName]));
  let answerBadly: ((sealed: { iv: string; ct: string }) => unknown) | null = null;
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = String(input);
    const name = byPath.get(path) as ActionName;
    if (typeof init.body !== 'string') {
      ran.push({ action: name, input: 'a form' });
      return json(success({ files: [] }));
    }
    const body: unknown = JSON.parse(init.body);
    if (name === 'getDefault')
      return json(success({ ...emptyDefaultBundle, ...(options.on && { encrypt_bodies: true }) }));
    if (name === 'agreeBodyKey') {
      const pair = await newAgreementPair();
      const client = (body as { publicKey: string }).publicKey;
      const bytes = await agreedKeyBytes(pair.privateKey, { client, server: pair.publicKey, peer: 'client' });
      const keyId = `key-${keys.size + 1}`;
      keys.set(keyId, await importBodyKey(bytes));
      return json(
        success({ publicKey: pair.publicKey, keyId, expiresAt: Date.now() + 3_600_000, now: Date.now() }),
      );
    }
    const answer = (input: unknown) => {
      ran.push({ action: name, input });
      return success(options.answers?.[name]?.(input) ?? { watchlistid: 1 });
    };
    if (!options.on) return json(answer(body));
    if (!isSealedRequest(body)) return undecryptable();
    const key = keys.get(body.kid);
    const text = key && (await openRequest(key, path, body).catch(() => null));
    if (!key || !text) return undecryptable();
    const sealed = await sealResponse(key, path, body.iv, JSON.stringify(answer(JSON.parse(text))));
    return json(answerBadly ? answerBadly(sealed) : sealed);
  });
  return {
    fetch,
    ran,
    sent: (action: ActionName) =>
      fetch.mock.calls
        .filter(([path]) => String(path) === actions[action].path)
        .map(([, init]) => init?.body),
    /** The server forgets its keys (a restart with another secret; an expiry). */
    forgetKeys: () => keys.clear(),
    answerWith: (bad: (sealed: { iv: string; ct: string }) => unknown) => {
      answerBadly = bad;
    },
  };
}

afterEach(() => resetBodyEncryption());

describe('sealed bodies in the browser (issue 38 §4)', () => {
  it('sends plain bodies and agrees no key while the bundle says nothing of sealing', async () => {
    const server = sealingServer({ on: false });
    await call('getDefault', {}, { fetch: server.fetch });
    expect(bodyEncryptionMode()).toBe('off');
    await expect(call('addWatchlist', { project_id: 'lot-1' }, { fetch: server.fetch })).resolves.toEqual({
      watchlistid: 1,
    });
    expect(server.sent('addWatchlist')).toEqual(['{"project_id":"lot-1"}']);
    expect(server.sent('agreeBodyKey')).toEqual([]);
  });

  it('seals every body and opens every answer once the bundle says so, agreeing one key for all', async () => {
    const server = sealingServer({ on: true });
    await call('getDefault', {}, { fetch: server.fetch });
    expect(bodyEncryptionMode()).toBe('on');
    const [one, two] = await Promise.all([
      call('addWatchlist', { project_id: 'lot-1' }, { fetch: server.fetch }),
      call('removeWatchlist', { project_id: 'lot-2' }, { fetch: server.fetch }),
    ]);
    expect([one, two]).toEqual([{ watchlistid: 1 }, { watchlistid: 1 }]);
    expect(server.sent('agreeBodyKey')).toHaveLength(1);
    const [sent] = server.sent('addWatchlist');
    expect(JSON.parse(sent as string)).toMatchObject({ kid: 'key-1' });
    expect(sent).not.toContain('lot-1');
    expect(server.ran).toEqual([
      { action: 'addWatchlist', input: { project_id: 'lot-1' } },
      { action: 'removeWatchlist', input: { project_id: 'lot-2' } },
    ]);
  });

  it('makes the calls sent while the bundle is on its way wait for it, then seals them', async () => {
    const server = sealingServer({ on: true });
    const [, watched] = await Promise.all([
      call('getDefault', {}, { fetch: server.fetch }),
      call('addWatchlist', { project_id: 'lot-1' }, { fetch: server.fetch }),
    ]);
    expect(watched).toEqual({ watchlistid: 1 });
    expect(isSealedRequest(JSON.parse(server.sent('addWatchlist')[0] as string))).toBe(true);
  });

  it("reads an answer it cannot open, or one in the clear, as 'Could not decrypt message'", async () => {
    const server = sealingServer({ on: true });
    await call('getDefault', {}, { fetch: server.fetch });
    server.answerWith((sealed) => ({
      ...sealed,
      ct: `${sealed.ct[0] === 'A' ? 'B' : 'A'}${sealed.ct.slice(1)}`,
    }));
    const tampered = await call('addWatchlist', { project_id: 'lot-1' }, { fetch: server.fetch }).catch(
      (e) => e,
    );
    expect(tampered).toBeInstanceOf(ApiError);
    expect(tampered).toMatchObject({ code: 'DECRYPT_FAILED', message: 'Could not decrypt message' });
    server.answerWith(() => success({ watchlistid: 1 }));
    const clear = await call('addWatchlist', { project_id: 'lot-1' }, { fetch: server.fetch }).catch(
      (e) => e,
    );
    expect(clear).toMatchObject({ code: 'DECRYPT_FAILED' });
  });

  it('passes on a refusal the server gave before opening the body (the audience), as it is', async () => {
    const server = sealingServer({ on: true });
    await call('getDefault', {}, { fetch: server.fetch });
    const refusing = vi.fn(async (path: RequestInfo | URL, init?: RequestInit) =>
      String(path) === actions.addWatchlist.path
        ? json(failure('SESSION_INVALID', 'Session expired. Login again'), 403)
        : server.fetch(path, init),
    );
    const error = await call(
      'addWatchlist',
      { project_id: 'lot-1' },
      { fetch: refusing, sessionCheck: false },
    ).catch((e) => e);
    expect(error).toMatchObject({
      code: 'SESSION_INVALID',
      responseType: 403,
      message: 'Session expired. Login again',
    });
  });

  it('sends a plain body refused as undecryptable once more, sealed (the setting is on, no bundle read)', async () => {
    const server = sealingServer({ on: true });
    await expect(call('addWatchlist', { project_id: 'lot-1' }, { fetch: server.fetch })).resolves.toEqual({
      watchlistid: 1,
    });
    expect(server.sent('addWatchlist')).toHaveLength(2);
    expect(server.sent('addWatchlist')[0]).toBe('{"project_id":"lot-1"}');
    expect(server.ran).toHaveLength(1);
    expect(bodyEncryptionMode()).toBe('on');
  });

  it('agrees a new key when the server no longer takes its key, and sends the body once more', async () => {
    const server = sealingServer({ on: true });
    await call('getDefault', {}, { fetch: server.fetch });
    await call('addWatchlist', { project_id: 'lot-1' }, { fetch: server.fetch });
    server.forgetKeys();
    await expect(call('addWatchlist', { project_id: 'lot-2' }, { fetch: server.fetch })).resolves.toEqual({
      watchlistid: 1,
    });
    expect(server.sent('agreeBodyKey')).toHaveLength(2);
    expect(server.ran.map((r) => r.input)).toEqual([{ project_id: 'lot-1' }, { project_id: 'lot-2' }]);
    // A server that refuses every sealed body: one more try, then the seeds' message.
    const never = vi.fn(async (path: RequestInfo | URL, init?: RequestInit) =>
      String(path) === actions.addWatchlist.path ? undecryptable() : server.fetch(path, init),
    );
    await expect(call('addWatchlist', { project_id: 'lot-3' }, { fetch: never })).rejects.toMatchObject({
      code: 'DECRYPT_FAILED',
    });
    expect(never.mock.calls.filter(([path]) => String(path) === actions.addWatchlist.path)).toHaveLength(2);
  });

  it('sends a form (an upload) as it is', async () => {
    const server = sealingServer({ on: true });
    await call('getDefault', {}, { fetch: server.fetch });
    const form = new FormData();
    form.append('file', 'x');
    await callWithForm('uploadXLSXFile', form, { fetch: server.fetch });
    expect(server.sent('uploadXLSXFile')[0]).toBe(form);
    expect(server.sent('agreeBodyKey')).toEqual([]);
  });

  it('learns the setting from a painted page’s bundle', () => {
    learnPaintedBodyEncryption([
      { queryKey: ['getAllCountries', {}], state: { data: [] } },
      { queryKey: ['getDefault', {}], state: { data: { ...emptyDefaultBundle, encrypt_bodies: true } } },
    ]);
    expect(bodyEncryptionMode()).toBe('on');
    learnPaintedBodyEncryption([{ queryKey: ['getDefault', {}], state: { data: emptyDefaultBundle } }]);
    expect(bodyEncryptionMode()).toBe('off');
    learnPaintedBodyEncryption([]);
    expect(bodyEncryptionMode()).toBe('off');
  });

  it('leaves the fetch alone for the bundle and the agreement themselves', async () => {
    const fetch = vi.fn(async () => json(success(emptyDefaultBundle)));
    await withBodyEncryption(fetch)(actions.agreeBodyKey.path, { method: 'POST', body: '{"publicKey":"x"}' });
    expect(fetch).toHaveBeenCalledWith(actions.agreeBodyKey.path, {
      method: 'POST',
      body: '{"publicKey":"x"}',
    });
  });
});
