import { describe, expect, it } from 'vitest';
import {
  agreedKeyBytes,
  type BodyKey,
  fromBase64Url,
  importBodyKey,
  isSealedRequest,
  isSealedResponse,
  newAgreementPair,
  openRequest,
  openResponse,
  type SealedRequest,
  sealRequest,
  sealResponse,
  toBase64Url,
} from './envelope.ts';

const PATH = '/api/user/addWatchlist';
const BODY = JSON.stringify({ project_id: 'lot-1', note: 'ñ ✓' });

/** Both sides of one agreement: the browser's key and the server's, from each one's private half. */
async function agree(): Promise<{ client: BodyKey; server: BodyKey; bytes: [Uint8Array, Uint8Array] }> {
  const browser = await newAgreementPair();
  const server = await newAgreementPair();
  const keys = { client: browser.publicKey, server: server.publicKey };
  const clientBytes = await agreedKeyBytes(browser.privateKey, { ...keys, peer: 'server' });
  const serverBytes = await agreedKeyBytes(server.privateKey, { ...keys, peer: 'client' });
  const copies: [Uint8Array, Uint8Array] = [clientBytes.slice(), serverBytes.slice()];
  return {
    client: await importBodyKey(clientBytes),
    server: await importBodyKey(serverBytes),
    bytes: copies,
  };
}

/** One character of a base64url text changed (its first, so never only the padding bits). */
const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);

describe('sealed bodies (issue 38 §4)', () => {
  it('agrees the same 32-byte key on both sides, another one each agreement', async () => {
    const one = await agree();
    const two = await agree();
    expect(one.bytes[0]).toHaveLength(32);
    expect(one.bytes[0]).toEqual(one.bytes[1]);
    expect(two.bytes[0]).not.toEqual(one.bytes[0]);
  });

  it('opens a request on the server and its answer in the browser (round trip)', async () => {
    const { client, server } = await agree();
    const sealed = await sealRequest(client, 'kid-1', PATH, BODY, 1_000);
    expect(isSealedRequest(sealed)).toBe(true);
    expect(sealed.ct).not.toContain('lot-1');
    await expect(openRequest(server, PATH, sealed)).resolves.toBe(BODY);

    const answer = await sealResponse(server, PATH, sealed.iv, '{"status":"success"}');
    expect(isSealedResponse(answer)).toBe(true);
    await expect(openResponse(client, PATH, sealed.iv, answer)).resolves.toBe('{"status":"success"}');
  });

  it('uses a fresh 96-bit IV for every message, so one body sealed twice reads differently', async () => {
    const { client } = await agree();
    const one = await sealRequest(client, 'k', PATH, BODY, 1);
    const two = await sealRequest(client, 'k', PATH, BODY, 1);
    expect(fromBase64Url(one.iv)).toHaveLength(12);
    expect(one.iv).not.toBe(two.iv);
    expect(one.ct).not.toBe(two.ct);
  });

  it('refuses a tampered ciphertext, IV, key id or time', async () => {
    const { client, server } = await agree();
    const sealed = await sealRequest(client, 'kid-1', PATH, BODY, 1_000);
    const tampered: SealedRequest[] = [
      { ...sealed, ct: flip(sealed.ct) },
      { ...sealed, ct: sealed.ct.slice(0, -4) },
      { ...sealed, iv: flip(sealed.iv) },
      { ...sealed, iv: sealed.iv.slice(0, -1) },
      { ...sealed, kid: 'kid-2' },
      { ...sealed, ts: 1_001 },
    ];
    for (const body of tampered) await expect(openRequest(server, PATH, body)).rejects.toThrow();
    await expect(openRequest(server, PATH, sealed)).resolves.toBe(BODY);
  });

  it('refuses a body sent to another action than the one it was sealed for (replay to another path)', async () => {
    const { client, server } = await agree();
    const sealed = await sealRequest(client, 'kid-1', PATH, BODY, 1_000);
    await expect(openRequest(server, '/api/user/removeWatchlist', sealed)).rejects.toThrow();
  });

  it('refuses a body sealed with another key', async () => {
    const mine = await agree();
    const theirs = await agree();
    const sealed = await sealRequest(theirs.client, 'kid-1', PATH, BODY, 1_000);
    await expect(openRequest(mine.server, PATH, sealed)).rejects.toThrow();
  });

  it("refuses an answer given to another request or another action's", async () => {
    const { client, server } = await agree();
    const first = await sealRequest(client, 'k', PATH, BODY, 1);
    const second = await sealRequest(client, 'k', PATH, BODY, 1);
    const answer = await sealResponse(server, PATH, first.iv, '{"a":1}');
    await expect(openResponse(client, PATH, second.iv, answer)).rejects.toThrow();
    await expect(openResponse(client, '/api/user/removeWatchlist', first.iv, answer)).rejects.toThrow();
    await expect(openResponse(client, PATH, first.iv, { ...answer, ct: flip(answer.ct) })).rejects.toThrow();
  });

  it('refuses to agree with a public key that is not a P-256 point', async () => {
    const server = await newAgreementPair();
    const notAPoint = toBase64Url(new Uint8Array(65).fill(4));
    for (const client of [notAPoint, 'short', '!!!']) {
      await expect(
        agreedKeyBytes(server.privateKey, { client, server: server.publicKey, peer: 'client' }),
      ).rejects.toThrow();
    }
  });

  it('tells an envelope from a plain body', () => {
    expect(isSealedRequest({ kid: 'k', iv: 'i', ts: 1, ct: 'c' })).toBe(true);
    expect(isSealedRequest({ kid: 'k', iv: 'i', ts: 1, ct: 'c', extra: 1 })).toBe(false);
    expect(isSealedRequest({ kid: 'k', iv: 'i', ts: 1.5, ct: 'c' })).toBe(false);
    expect(isSealedRequest({ project_id: 'lot-1' })).toBe(false);
    expect(isSealedRequest([])).toBe(false);
    expect(isSealedResponse({ iv: 'i', ct: 'c' })).toBe(true);
    expect(isSealedResponse({ status: 'success', data: {} })).toBe(false);
  });

  it('writes base64url and reads only base64url', () => {
    const bytes = new Uint8Array([0, 255, 62, 63, 250]);
    expect(toBase64Url(bytes)).toMatch(/^[\w-]+$/);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(fromBase64Url('a+b/')).toBeNull();
    expect(fromBase64Url('abcde')).toBeNull();
  });
});
