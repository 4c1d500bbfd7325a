import { i18n } from '@wine/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Failure, fakeApi } from '../test-utils/fake-api.ts';
import { aLot, aUser } from '../test-utils/fixtures.ts';
import {
  ApiError,
  call,
  configureApi,
  forgetWrittenPosition,
  onceKeys,
  type UploadError,
  uploadFiles,
} from './client.ts';

const respond = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

describe('call', () => {
  it('posts the input to the action path and returns responseData', async () => {
    const fetch = respond({
      status: 'success',
      data: { message: 'ok', responseType: 200, responseData: 42 },
    });
    await expect(call('productLot', { id: 'lot-1' }, { fetch })).resolves.toBe(42);
    expect(fetch).toHaveBeenCalledWith(
      '/api/product/lot',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ id: 'lot-1' }) }),
    );
  });

  it('throws the server message on an error envelope', async () => {
    const fetch = respond(
      { status: 'error', data: { message: 'Lot not found', responseType: 404, responseData: null } },
      404,
    );
    const error = await call('productLot', { id: 'x' }, { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Lot not found', responseType: 404 });
  });

  it("says 'Something went wrong!' when there is no server message", async () => {
    await expect(call('getDefault', {}, { fetch: respond('<html>Bad gateway</html>', 502) })).rejects.toThrow(
      'Something went wrong!',
    );
    await expect(
      call(
        'getDefault',
        {},
        { fetch: respond({ status: 'error', data: { message: '', responseType: 500 } }) },
      ),
    ).rejects.toThrow('Something went wrong!');
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call('getDefault', {}, { fetch: offline })).rejects.toThrow('Something went wrong!');
  });
});

describe('read-your-writes (contracts read-your-writes.ts)', () => {
  afterEach(() => forgetWrittenPosition());
  const answered = (position: string | null) =>
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ status: 'success', data: { message: 'ok', responseType: 200, responseData: 1 } }),
          {
            status: 200,
            headers: position ? { 'x-log-position': position } : {},
          },
        ),
    );
  const sentAfter = (fetch: ReturnType<typeof answered>) =>
    (fetch.mock.calls.at(-1) as unknown as [string, RequestInit])[1].headers as Record<string, string>;

  it('sends with every later call the latest log position a command answered, never an earlier one', async () => {
    const reads = answered(null);
    await call('productLot', { id: 'lot-1' }, { fetch: reads });
    expect(sentAfter(reads)['x-after-position']).toBeUndefined();

    await call('addWatchlist', { project_id: 'lot-1' }, { fetch: answered('00000000000000000042') });
    await call('productLot', { id: 'lot-1' }, { fetch: reads });
    expect(sentAfter(reads)['x-after-position']).toBe('00000000000000000042');

    // An answer naming an earlier position (a retried command) does not take the client back.
    await call('addWatchlist', { project_id: 'lot-1' }, { fetch: answered('00000000000000000007') });
    await call('productLot', { id: 'lot-1' }, { fetch: reads });
    expect(sentAfter(reads)['x-after-position']).toBe('00000000000000000042');
  });

  it('keeps nothing from a header that is no log position', async () => {
    await call('addWatchlist', { project_id: 'lot-1' }, { fetch: answered('soon, promise') });
    const reads = answered(null);
    await call('productLot', { id: 'lot-1' }, { fetch: reads });
    expect(sentAfter(reads)['x-after-position']).toBeUndefined();
  });
});

describe('call with a session', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('sends the bearer token with user actions and never with public ones', async () => {
    const api = fakeApi({ validateUser: () => aUser(), forgotPassword: () => null });
    restore = configureApi({ fetch: api.fetch, getToken: () => 'tok-123' });
    await call('validateUser', {});
    await call('forgotPassword', { email: 'ada@example.com' });
    expect(api.to('validateUser')[0]?.authorization).toBe('Bearer tok-123');
    expect(api.to('forgotPassword')[0]?.authorization).toBeUndefined();
  });

  it('sends the token it is given instead of the session one', async () => {
    const api = fakeApi({ validateUser: () => aUser() });
    restore = configureApi({ fetch: api.fetch, getToken: () => 'session-token' });
    await call('validateUser', {}, { token: 'stored-token' });
    expect(api.requests[0]?.authorization).toBe('Bearer stored-token');
  });

  it('reports a 403 on a user action as the end of the session, and still throws it', async () => {
    const onSessionInvalid = vi.fn();
    const api = fakeApi({
      updateProfile: () => {
        throw new Failure('Session expired. Login again', 403);
      },
    });
    restore = configureApi({ fetch: api.fetch, getToken: () => 'tok', onSessionInvalid });
    await expect(call('updateProfile', { first_name: 'Ada' })).rejects.toMatchObject({ responseType: 403 });
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(onSessionInvalid.mock.calls[0]?.[0]).toMatchObject({ message: 'Session expired. Login again' });
  });

  it('leaves the session alone on a 403 without a token, on an admin action, or when asked to', async () => {
    const onSessionInvalid = vi.fn();
    const forbidden = () => {
      throw new Failure('Forbidden', 403);
    };
    const api = fakeApi({ updateProfile: forbidden, forceLogout: forbidden, logout: forbidden });
    let token: string | null = null;
    restore = configureApi({ fetch: api.fetch, getToken: () => token, onSessionInvalid });
    await expect(call('updateProfile', { first_name: 'Ada' })).rejects.toBeInstanceOf(ApiError);
    token = 'tok';
    await expect(call('forceLogout', { id: 'user-2' })).rejects.toBeInstanceOf(ApiError);
    await expect(call('logout', {}, { sessionCheck: false })).rejects.toBeInstanceOf(ApiError);
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('keeps the session on a refusal that is not SESSION_INVALID, whatever its status', async () => {
    const onSessionInvalid = vi.fn();
    const api = fakeApi({
      updateProfile: () => {
        throw new Failure('Only an admin can do this', 403, null, 'ROLE_REQUIRED');
      },
      productLot: () => {
        throw new Failure('A switched session acts as the user only', 403, null, 'SWITCHED_SESSION');
      },
    });
    restore = configureApi({ fetch: api.fetch, getToken: () => 'tok', onSessionInvalid });
    await expect(call('updateProfile', { first_name: 'Ada' })).rejects.toMatchObject({
      responseType: 403,
      code: 'ROLE_REQUIRED',
    });
    await expect(call('productLot', { id: 'lot-1' })).rejects.toMatchObject({ code: 'SWITCHED_SESSION' });
    expect(api.to('productLot')).toHaveLength(1);
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('sends the chosen language as Accept-Language, so the server answers in it', async () => {
    const api = fakeApi({ productLot: () => aLot() });
    restore = configureApi({ fetch: api.fetch });
    await call('productLot', { id: 'lot-1' });
    await i18n.changeLanguage('es');
    await call('productLot', { id: 'lot-1' });
    expect(api.requests.map(api.languageOf)).toEqual(['en', 'es']);
  });

  it('serves a visitor page without the token when the token is refused, and ends the session', async () => {
    const onSessionInvalid = vi.fn();
    const api = fakeApi({
      productLot: (_input, request) => {
        if (request.authorization) throw new Failure('Session expired. Login again', 403);
        return aLot();
      },
    });
    restore = configureApi({ fetch: api.fetch, getToken: () => 'stale', onSessionInvalid });
    await expect(call('productLot', { id: 'lot-1' })).resolves.toMatchObject({ id: 'lot-1' });
    expect(api.to('productLot').map((r) => r.authorization)).toEqual(['Bearer stale', undefined]);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });
});

describe('onceKeys (one x-command-id per attempt of a money action)', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}-abcdefgh`;
  };

  it('sends the key as x-command-id', async () => {
    const fetch = respond({ status: 'success', data: { message: 'ok', responseType: 200, responseData: 1 } });
    await call('getDefault', {}, { fetch, commandId: 'key-1-abcdefgh' });
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>)['x-command-id']).toBe('key-1-abcdefgh');
  });

  it('keeps the key for the same input after the network failed, so the server runs it once', async () => {
    const keys = onceKeys(counter());
    const first = keys.keyFor({ amount: 5000, card_id: 'c1' });
    keys.settled(new ApiError('Something went wrong!', 0));
    expect(keys.keyFor({ amount: 5000, card_id: 'c1' })).toBe(first);
  });

  it('starts a new attempt after any answer, or for another input', async () => {
    const keys = onceKeys(counter());
    const first = keys.keyFor({ amount: 5000 });
    expect(keys.keyFor({ amount: 6000 })).not.toBe(first);
    const second = keys.keyFor({ amount: 6000 });
    keys.settled(new ApiError('Your card was declined', 402, null, 'CARD_DECLINED'));
    expect(keys.keyFor({ amount: 6000 })).not.toBe(second);
    const third = keys.keyFor({ amount: 6000 });
    keys.settled(null);
    expect(keys.keyFor({ amount: 6000 })).not.toBe(third);
  });
});

describe('uploadFiles (seeds 001 §7 / §8)', () => {
  const texts = {
    httpError: (status: number) => `HTTP error: ${status}`,
    failed: 'Upload Failed!',
    network: 'Image Upload Failed',
  };
  const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
  const failureOf = async (fetch: typeof globalThis.fetch) => (await attempt(fetch)) as UploadError;
  const attempt = async (fetch: typeof globalThis.fetch) => {
    const restore = configureApi({ fetch, getToken: () => 'tok' });
    try {
      return await uploadFiles('imageUploader', [file], { folder: 'product' }, texts);
    } catch (error) {
      return error as UploadError;
    } finally {
      restore();
    }
  };

  it('sends the files as multipart with the token, and answers the stored names', async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        status: 'success',
        data: { message: 'ok', responseType: 200, responseData: { files: [] } },
      }),
    );
    expect(await attempt(fetch)).toEqual({ files: [] });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/commonFunction/image_uploader');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('folder')).toBe('product');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('fails as the seeds say: network, 403 with the remove flag, another status, a non-success', async () => {
    const network = await failureOf(async () => {
      throw new TypeError('offline');
    });
    expect([network.message, network.remove]).toEqual(['Image Upload Failed', false]);
    const refused = await failureOf(async () => new Response('', { status: 403 }));
    expect([refused.message, refused.remove, refused.responseType]).toEqual(['Upload Failed!', true, 403]);
    const status = await failureOf(async () => new Response('bad gateway', { status: 502 }));
    expect(status.message).toBe('HTTP error: 502');
    const odd = await failureOf(async () => Response.json({ ok: true }));
    expect(odd.message).toBe('Upload Failed!');
  });
});
