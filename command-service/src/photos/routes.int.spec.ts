import { actions, MAX_UPLOAD_BYTES } from '@wine/contracts';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { photoFileRoutes } from './serve.ts';

let service: TestCommandService;
let admin: { token: string };
let seller: { token: string };
let buyer: { token: string };
beforeAll(async () => {
  service = await openTestCommandService();
  admin = await service.signUp('admin@photos.example', ['admin']);
  seller = await service.signUp('sam@photos.example', ['seller']);
  buyer = await service.signUp('bea@photos.example');
});
afterAll(() => service.close());

/** A 1200×800 JPEG a camera might send: rotated by its EXIF tag, with a GPS position and a comment. */
const cameraPhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 20, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Artist: 'Jane Collector' }, IFD3: { GPSLatitude: '41/1 52/1 0/1' } })
    .toBuffer();

function form(
  files: { bytes: Uint8Array; name: string; type?: string }[],
  fields: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const file of files) {
    body.append('file_upload', new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), file.name);
  }
  return body;
}

type Uploaded = { files: { file_name: string; width: number; height: number }[] };

describe('photo upload (seeds 001 §7, issue 33)', () => {
  it('decodes, orients and strips a photo, and stores the original, the 500 px result and the sizes', async () => {
    const bytes = await cameraPhoto();
    expect((await sharp(bytes).metadata()).exif?.includes(Buffer.from('Jane Collector'))).toBe(true);
    const answer = await service.post<Uploaded>(
      actions.imageUploader.path,
      form([{ bytes, name: 'latour.jpg' }], { folder: 'product', isCompress: '1', quality: '80' }),
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    const [photo] = answer.body.data.responseData.files;
    // Turned upright by its EXIF orientation: 800 wide, 1200 high.
    expect(photo).toMatchObject({
      file_name: expect.stringMatching(/^[a-f0-9]{32}\.jpg$/),
      width: 800,
      height: 1200,
    });
    const stem = photo?.file_name.replace('.jpg', '');
    const result = await service.files.get('product', photo?.file_name as string);
    const meta = await sharp(result as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 333, 500]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    for (const [name, width] of [
      [`${stem}-400.webp`, 267],
      [`${stem}-800.webp`, 533],
      [`${stem}-1600.webp`, 800],
      [`${stem}.orig.jpg`, 800],
    ] as const) {
      const file = await service.files.get('product', name);
      const sized = await sharp(file as Buffer).metadata();
      expect([name, sized.width, sized.exif]).toEqual([name, width, undefined]);
    }
    // The same photo again is the same file.
    const again = await service.post<Uploaded>(
      actions.multipleImageUploader.path,
      form([{ bytes, name: 'x.png' }]),
      {
        token: seller.token,
      },
    );
    expect(again.body.data.responseData.files[0]?.file_name).toBe(photo?.file_name);
  });

  it('takes several files at once into the folder asked for (the rich-text editor: templates)', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#336699' } })
      .png()
      .toBuffer();
    const answer = await service.post<Uploaded>(
      actions.multipleImageUploader.path,
      form(
        [
          { bytes: png, name: 'a.png', type: 'image/png' },
          { bytes: await cameraPhoto(), name: 'b.jpg' },
        ],
        {
          folder: 'templates',
        },
      ),
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    const names = answer.body.data.responseData.files.map((f) => f.file_name);
    expect(names).toHaveLength(2);
    for (const name of names) expect(await service.files.get('templates', name)).not.toBeNull();
    expect(await service.files.get('product', names[0] as string)).toBeNull();
  });

  it('refuses an SVG with a script, a polyglot and a text file, by what they hold, storing nothing', async () => {
    const jpeg = await cameraPhoto();
    const hostile = [
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'a.jpg',
      },
      {
        bytes: Buffer.concat([jpeg.subarray(0, 600), Buffer.from('<?php system($_GET[1]); ?>')]),
        name: 'b.jpg',
      },
      { bytes: Buffer.from('just some text'), name: 'c.jpg' },
    ];
    for (const file of hostile) {
      const answer = await service.post(actions.imageUploader.path, form([file]), { token: admin.token });
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({
        status: 'error',
        data: {
          code: 'UPLOAD_FILE_TYPE',
          message: 'Something went wrong! Please make sure you upload the expected file type',
        },
      });
    }
  });

  it('refuses a file over the limit (413), a folder outside the list and a body without a file', async () => {
    const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
    // Over a real connection: the answer comes once the limit is passed, the rest of the body unread.
    const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const tooLarge = await fetch(`${url}${actions.imageUploader.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form([{ bytes: huge, name: 'big.jpg' }]),
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { data: { responseType: number } }).data.responseType).toBe(413);
    const outside = await service.post(
      actions.imageUploader.path,
      form([{ bytes: await cameraPhoto(), name: 'a.jpg' }], { folder: '../secrets' }),
      { token: admin.token },
    );
    expect(outside.status).toBe(400);
    expect(outside.body.data.responseData).toMatchObject({ field: 'folder' });
    const none = await service.post(
      actions.imageUploader.path,
      { folder: 'product' },
      { token: admin.token },
    );
    expect(none.status).toBe(400);
  });

  it('refuses a visitor and a buyer before a byte of the body is read', async () => {
    const body = '--x\r\nContent-Disposition: form-data; name="file_upload"; filename="a.jpg"\r\n\r\n';
    for (const token of [undefined, buyer.token]) {
      const answer = await service.app.inject({
        method: 'POST',
        url: actions.imageUploader.path,
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          ...(token && { authorization: `Bearer ${token}` }),
        },
        payload: body,
      });
      expect(answer.statusCode).toBe(403);
    }
  });

  it('answers a photo as a data URL (getImageBase), and no path outside the folder', async () => {
    const uploaded = await service.post<Uploaded>(
      actions.imageUploader.path,
      form([{ bytes: await cameraPhoto(), name: 'a.jpg' }]),
      { token: seller.token },
    );
    const name = uploaded.body.data.responseData.files[0]?.file_name as string;
    const answer = await service.post<{ record: string }>(
      actions.getImageBase.path,
      { file_folder: 'product', file_name: name },
      { token: seller.token },
    );
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(
      answer.body.data.responseData.record.replace(/^data:image\/jpeg;base64,/, ''),
      'base64',
    );
    expect((await sharp(bytes).metadata()).width).toBe(800);
    const traversal = await service.post(
      actions.getImageBase.path,
      { file_folder: 'product', file_name: '../../secrets.sqlite' },
      { token: admin.token },
    );
    expect(traversal.status).toBe(400);
    const byBuyer = await service.post(
      actions.getImageBase.path,
      { file_folder: 'product', file_name: name },
      { token: buyer.token },
    );
    expect(byBuyer.status).toBe(403);
  });
});

describe('the uploaded files, served by the command-service on its own (compose)', () => {
  it('serves a stored photo for a year, and nothing that is not one', async () => {
    const uploaded = await service.post<Uploaded>(
      actions.imageUploader.path,
      form([{ bytes: await cameraPhoto(), name: 'a.jpg' }]),
      { token: admin.token },
    );
    const name = uploaded.body.data.responseData.files[0]?.file_name as string;
    const app = Fastify();
    await app.register(photoFileRoutes, { files: service.files });
    const photo = await app.inject({ url: `/uploads/product/${name.replace('.jpg', '-400.webp')}` });
    expect([photo.statusCode, photo.headers['content-type'], photo.headers['cache-control']]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, immutable',
    ]);
    for (const path of [
      '/uploads/product/..%2F..%2Fsecrets.sqlite',
      '/uploads/secrets/a.jpg',
      `/uploads/banner/${name}`,
    ]) {
      expect((await app.inject({ url: path })).statusCode, path).toBe(404);
    }
    await app.close();
  });
});
