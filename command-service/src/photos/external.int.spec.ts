import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { actions } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { fetchExternalPhoto } from './external.ts';

let server: Server;
let origin: string;
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#5a1a2a' } })
    .jpeg()
    .toBuffer();
  // A real web server on this machine: a photo, a redirect to it, a large body and a text.
  server = createServer((request, response) => {
    if (request.url === '/bottle.jpg')
      return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    if (request.url === '/moved') return response.writeHead(302, { location: '/bottle.jpg' }).end();
    if (request.url === '/big') return response.writeHead(200).end(Buffer.alloc(50_000, 1));
    if (request.url === '/text')
      return response.writeHead(200, { 'content-type': 'text/plain' }).end('a bottle');
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (error: { code?: string; options?: { params?: { reason?: string } } }) =>
      `${error.code}: ${error.options?.params?.reason}`,
  );

describe('photos given as links (issue 33)', () => {
  it('never fetches from this machine or a private network, by address or by name', async () => {
    const port = (server.address() as AddressInfo).port;
    expect(await reasonOf(fetchExternalPhoto(`${origin}/bottle.jpg`))).toBe(
      'EXTERNAL_IMAGE_FAILED: a private address',
    );
    expect(await reasonOf(fetchExternalPhoto(`http://localhost:${port}/bottle.jpg`))).toBe(
      'EXTERNAL_IMAGE_FAILED: a private address',
    );
    expect(await reasonOf(fetchExternalPhoto('ftp://example.com/a.jpg'))).toBe(
      'EXTERNAL_IMAGE_FAILED: only http and https',
    );
  });

  it('follows a redirect, and stops at the size bound', async () => {
    const allowed = { allowPrivate: true };
    expect(Buffer.from(await fetchExternalPhoto(`${origin}/moved`, allowed)).equals(jpeg)).toBe(true);
    expect(await reasonOf(fetchExternalPhoto(`${origin}/big`, { ...allowed, maxBytes: 10_000 }))).toBe(
      'EXTERNAL_IMAGE_FAILED: too large',
    );
    expect(await reasonOf(fetchExternalPhoto(`${origin}/nothing`, allowed))).toBe(
      'EXTERNAL_IMAGE_FAILED: HTTP 404',
    );
  });
});

describe('a lot listed with a photo link', () => {
  let service: TestCommandService;
  beforeAll(async () => {
    service = await openTestCommandService({ externalImages: { allowPrivate: true } });
  });
  afterAll(() => service.close());

  const newLot = (images: { type: 1 | 2; fileName: string }[]) => ({
    title: '2009 Latour',
    producer: 'Château Latour',
    country: 'France',
    colour: 'Red',
    quantity: 1,
    auction: true,
    buyNow: false,
    openingBid: 50_000,
    closesAt: new Date(service.clock.now().getTime() + 7 * 24 * 3600_000).toISOString(),
    images,
  });

  it('stores the photo as an uploaded one, so the page shows it under its own origin', async () => {
    const admin = await service.signUp('admin@links.example', ['admin']);
    const answer = await service.post<{ id: string }>(
      actions.createLot.path,
      newLot([{ type: 2, fileName: `${origin}/bottle.jpg` }]),
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    const [listed] = await service.service.streams.store.readStream(
      lotStream(answer.body.data.responseData.id),
    );
    const [image] =
      (listed?.data as { images: { type: number; fileName: string; name: string }[] } | undefined)?.images ??
      [];
    expect(image).toMatchObject({
      type: 1,
      fileName: expect.stringMatching(/^[a-f0-9]{32}\.jpg$/),
      name: `${origin}/bottle.jpg`,
    });
    expect(
      await service.files.get('product', image?.fileName.replace('.jpg', '-400.webp') as string),
    ).not.toBeNull();
  });

  it('refuses a link that is not a photo, writing nothing', async () => {
    const admin = await service.signUp('admin2@links.example', ['admin']);
    const answer = await service.post(
      actions.createLot.path,
      { ...newLot([{ type: 2, fileName: `${origin}/text` }]), id: 'linked-text' },
      {
        token: admin.token,
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data).toMatchObject({
      code: 'EXTERNAL_IMAGE_FAILED',
      responseData: { field: 'images' },
    });
    expect(await service.service.streams.store.readStream(lotStream('linked-text'))).toHaveLength(0);
  });
});
