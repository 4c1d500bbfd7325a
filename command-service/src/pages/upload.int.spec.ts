import { createHash } from 'node:crypto';
import { actions, MAX_PAGE_FILE_BYTES, PAGE_FILES_FOLDER } from '@wine/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoFileRoutes } from '../photos/serve.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
let admin: { token: string };
let seller: { token: string };
let buyer: { token: string };
beforeAll(async () => {
  service = await openTestCommandService();
  admin = await service.signUp('admin@page-files.example', ['admin']);
  seller = await service.signUp('sam@page-files.example', ['seller']);
  buyer = await service.signUp('bea@page-files.example');
});
afterAll(() => service.close());

const path = actions.uploadPageFile.path;

/** A small PDF as a writer makes one: the header, one empty page, the trailer. */
const aPdf = (text = 'Guidelines') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

const form = (bytes: Uint8Array, name = 'guidelines.pdf', type = 'application/pdf') => {
  const body = new FormData();
  body.append('file_upload', new Blob([bytes], { type }), name);
  return body;
};

type Uploaded = { file_name: string; size: number };
const hashName = (bytes: Uint8Array) =>
  `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.pdf`;

describe("a page's PDF upload (/api/admin/page/uploadFile, issue 34 §2)", () => {
  it('stores a PDF in the static-files folder under the hash of its content, whatever it was called', async () => {
    const bytes = aPdf();
    for (const name of ['guidelines.pdf', '../../../etc/passwd.pdf', '..\\..\\secrets.sqlite', 'a/b.pdf']) {
      const answer = await service.post<Uploaded>(path, form(bytes, name), { token: admin.token });
      expect(answer.status).toBe(200);
      expect(answer.body.data.responseData).toEqual({ file_name: hashName(bytes), size: bytes.length });
    }
    expect(await service.files.get(PAGE_FILES_FOLDER, hashName(bytes))).toEqual(bytes);
    expect(await service.files.get(PAGE_FILES_FOLDER, 'guidelines.pdf')).toBeNull();
    expect(await service.files.get(PAGE_FILES_FOLDER, 'passwd.pdf')).toBeNull();
  });

  it('refuses a caller without a session, a bidder and a seller before a byte of the body is read', async () => {
    const body = '--x\r\nContent-Disposition: form-data; name="file_upload"; filename="a.pdf"\r\n\r\n';
    for (const token of [undefined, buyer.token, seller.token]) {
      const answer = await service.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          ...(token && { authorization: `Bearer ${token}` }),
        },
        payload: body,
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ status: 'error' });
    }
    const seller403 = await service.post(path, form(aPdf('seller')), { token: seller.token });
    expect([seller403.status, seller403.body.data.code]).toEqual([403, 'ROLE_REQUIRED']);
    expect(await service.files.get(PAGE_FILES_FOLDER, hashName(aPdf('seller')))).toBeNull();
  });

  it('refuses what is not a PDF by its first bytes, whatever its name and type say, storing nothing', async () => {
    const hostile = [
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('%PDF'),
      Buffer.from(' %PDF-1.4 leading space'),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]),
      Buffer.from('MZ\x90\x00 an executable'),
    ];
    for (const bytes of hostile) {
      const answer = await service.post(path, form(bytes, 'guide.pdf'), { token: admin.token });
      expect([answer.status, answer.body.data.code]).toEqual([415, 'UPLOAD_FILE_TYPE']);
      expect(answer.body.data.message).toBe(
        'Something went wrong! Please make sure you upload the expected file type',
      );
      expect(await service.files.get(PAGE_FILES_FOLDER, hashName(bytes))).toBeNull();
    }
  });

  it('refuses a PDF over the limit with 413, and a body with no file or another field, storing nothing', async () => {
    const huge = Buffer.concat([aPdf(), Buffer.alloc(MAX_PAGE_FILE_BYTES, 0x20)]);
    // Over a real connection: the answer comes once the limit is passed, the rest of the body unread.
    const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const tooLarge = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form(huge, 'big.pdf'),
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { status: string }).status).toBe('error');
    expect(await service.files.get(PAGE_FILES_FOLDER, hashName(huge))).toBeNull();
    const none = await service.post(path, {}, { token: admin.token });
    expect([none.status, none.body.data.responseData?.field]).toEqual([400, 'file_upload']);
    const extra = form(aPdf('extra'));
    extra.append('folder', '../../secrets');
    const withFolder = await service.post(path, extra, { token: admin.token });
    expect(withFolder.status).toBe(400);
    expect(await service.files.get(PAGE_FILES_FOLDER, hashName(aPdf('extra')))).toBeNull();
  });

  it('serves the stored PDF as a PDF the product may frame, and nothing else from the folder', async () => {
    const bytes = aPdf('served');
    const uploaded = await service.post<Uploaded>(path, form(bytes), { token: admin.token });
    const name = uploaded.body.data.responseData.file_name;
    const app = Fastify();
    await app.register(photoFileRoutes, { files: service.files });
    const pdf = await app.inject({ url: `/uploads/files/${name}` });
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.headers['x-frame-options']]).toEqual([
      200,
      'application/pdf',
      'SAMEORIGIN',
    ]);
    expect(pdf.rawPayload).toEqual(bytes);
    for (const url of [
      '/uploads/files/..%2F..%2Fevents.sqlite',
      '/uploads/files/guidelines.pdf',
      `/uploads/product/${name}`,
      `/uploads/files/${name.replace('.pdf', '.jpg')}`,
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    await app.close();
  });
});
