import { describe, expect, it, vi } from 'vitest';
import { ApiError, call } from './client.ts';

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
