import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { actions, defaultMerchant } from '@wine/contracts';
import { enquiryStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedId } from '../core/derived-id.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService({ rateLimit: 100 });
});
afterAll(() => service.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const message = {
  name: 'Ann Collector',
  email: 'ann@collector.example',
  subject: 'A private tasting',
  message: 'Do you host tastings?\n<script>alert(1)</script>',
};
const consignment = {
  wines: 'A vertical of Giacomo Conterno Monfortino, 1990-2010',
  bottles: 24,
  storage: 'home',
  name: 'Bob Seller',
  email: 'bob@seller.example',
  phone: '+1 312 555 0199',
};
const eventsOf = async (commandId: string) =>
  service.service.streams.store.readStream(enquiryStream(derivedId('enq', commandId)));

describe('submitContactUs', () => {
  it('records the enquiry and mails its text to the merchant’s general inbox', async () => {
    const commandId = randomUUID();
    const answer = await service.post(actions.submitContactUs.path, message, { commandId });
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe('Thank you for your message. We will get back to you soon.');
    const [event, ...more] = await eventsOf(commandId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'ContactEnquiryReceived',
      data: { ...message, to: defaultMerchant.emailGeneral },
    });
    const [mail] = await service.mailer.outbox!({ to: defaultMerchant.emailGeneral, limit: 1 });
    expect(mail?.subject).toBe('Contact enquiry: A private tasting');
    expect(mail?.text).toContain('From: Ann Collector <ann@collector.example>');
    // Text only: the markup is quoted as characters for the merchant to read, never rendered.
    expect(mail?.text).toContain('> <script>alert(1)</script>');
  });

  it('records and mails a retried request (same x-command-id) once', async () => {
    const commandId = randomUUID();
    const before = (await service.mailer.outbox!({ to: defaultMerchant.emailGeneral })).length;
    const first = { ...message, subject: `Retry ${commandId}` };
    expect((await service.post(actions.submitContactUs.path, first, { commandId })).status).toBe(200);
    expect((await service.post(actions.submitContactUs.path, first, { commandId })).status).toBe(200);
    expect(await eventsOf(commandId)).toHaveLength(1);
    expect((await service.mailer.outbox!({ to: defaultMerchant.emailGeneral })).length).toBe(before + 1);
  });

  it('names the field of a bad e-mail, refuses unknown keys and writes nothing', async () => {
    const commandId = randomUUID();
    const bad = await service.post(
      actions.submitContactUs.path,
      { ...message, email: 'ann@' },
      { commandId },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.code).toBe('VALIDATION');
    expect(bad.body.data.responseData).toMatchObject({ field: 'email' });
    expect(bad.body.data.message).toBe('email: Invalid email format');
    const extra = await service.post(actions.submitContactUs.path, { ...message, to: 'me@evil.example' });
    expect(extra.status).toBe(400);
    expect(extra.body.data.responseData).toMatchObject({ field: 'to' });
    expect(await eventsOf(commandId)).toEqual([]);
  });

  it('refuses a hostile or huge body in the envelope, never a 500', async () => {
    const polluting = await service.app.inject({
      method: 'POST',
      url: actions.submitContactUs.path,
      headers: { 'content-type': 'application/json' },
      payload: `{"__proto__":{"admin":true},${JSON.stringify(message).slice(1)}`,
    });
    expect(polluting.statusCode).toBe(400);
    expect(polluting.json().data.code).toBe('FORBIDDEN_KEY');
    const huge = await service.post(actions.submitContactUs.path, {
      ...message,
      message: 'x'.repeat(1_100_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.data.code).toBe('BAD_REQUEST');
    const controls = await service.post(actions.submitContactUs.path, {
      ...message,
      subject: 'Hi\r\nBcc: all@x',
    });
    expect(controls.status).toBe(400);
    expect(controls.body.data.responseData).toMatchObject({ field: 'subject' });
  });
});

describe('sellYourWine', () => {
  it('records the enquiry without the photos’ bytes and mails them to the selling inbox', async () => {
    const commandId = randomUUID();
    const photos = [
      { name: 'label.png', type: 'image/png', data: PNG.toString('base64') },
      { name: 'capsule.jpg', type: 'image/jpeg', data: JPEG.toString('base64') },
    ];
    const answer = await service.post(actions.sellYourWine.path, { ...consignment, photos }, { commandId });
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe(
      'Thank you. Our wine specialists will contact you about your wines soon.',
    );
    const [event] = await eventsOf(commandId);
    expect(event).toMatchObject({
      type: 'ConsignmentEnquiryReceived',
      data: {
        ...consignment,
        to: defaultMerchant.emailSelling,
        photos: [
          { name: 'label.png', type: 'image/png', bytes: PNG.length },
          { name: 'capsule.jpg', type: 'image/jpeg', bytes: JPEG.length },
        ],
      },
    });
    expect(JSON.stringify(event)).not.toContain(PNG.toString('base64'));
    const [mail] = await service.mailer.outbox!({ to: defaultMerchant.emailSelling, limit: 1 });
    expect(mail?.subject).toBe('Sell-your-wine enquiry from Bob Seller');
    expect(mail?.text).toContain('Stored: Home cellar');
    expect(mail?.text).toContain('> A vertical of Giacomo Conterno Monfortino, 1990-2010');
    // Named by the server from the sniffed type, never by the sender (issue 30).
    expect(mail?.attachments).toEqual(['photo-1.png', 'photo-2.jpg']);
  });

  it('names attachments photo-<n>.<sniffed type>, whatever the sender called them (issue 30)', async () => {
    const photos = [
      { name: 'invoice.pdf.exe', type: 'image/png', data: PNG.toString('base64') },
      { name: 'ticket.html', type: 'image/jpeg', data: JPEG.toString('base64') },
    ];
    const answer = await service.post(actions.sellYourWine.path, {
      ...consignment,
      name: 'Named By Server',
      photos,
    });
    expect(answer.status).toBe(200);
    const [mail] = await service.mailer.outbox!({ to: defaultMerchant.emailSelling, limit: 1 });
    expect(mail?.subject).toContain('Named By Server');
    expect(mail?.attachments).toEqual(['photo-1.png', 'photo-2.jpg']);
  });

  it('refuses a photo name with bidi, control or invisible characters (issue 30)', async () => {
    for (const name of ['label\u202Egnp.exe', 'label\u200B.png', 'a\u2066b.png', 'tab\u0009.png']) {
      const commandId = randomUUID();
      const answer = await service.post(
        actions.sellYourWine.path,
        { ...consignment, photos: [{ name, type: 'image/png', data: PNG.toString('base64') }] },
        { commandId },
      );
      expect(answer.status, name).toBe(400);
      expect(answer.body.data.responseData).toMatchObject({ field: 'photos.0.name' });
      expect(await eventsOf(commandId)).toEqual([]);
    }
  });

  it('refuses a photo whose bytes are not the image it claims to be, and writes nothing', async () => {
    const commandId = randomUUID();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>');
    const answer = await service.post(
      actions.sellYourWine.path,
      { ...consignment, photos: [{ name: 'x.png', type: 'image/png', data: svg.toString('base64') }] },
      { commandId },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('VALIDATION');
    expect(answer.body.data.responseData).toMatchObject({ field: 'photos.0.data' });
    expect(await eventsOf(commandId)).toEqual([]);
  });

  it('takes three photos of 2 MB but refuses a body beyond them (413 in the envelope)', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024);
    JPEG.copy(big);
    const photo = { name: 'big.jpg', type: 'image/jpeg', data: big.toString('base64') };
    const three = await service.post(actions.sellYourWine.path, {
      ...consignment,
      photos: [photo, photo, photo],
    });
    expect(three.status).toBe(200);
    const huge = await service.post(actions.sellYourWine.path, {
      ...consignment,
      photos: [photo, photo, photo],
      wines: 'x'.repeat(1_200_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.data.code).toBe('BAD_REQUEST');
  });
});

describe('the enquiries’ rate limit', () => {
  it('counts a client’s requests on arrival, before reading the body (429 in the envelope)', async () => {
    const limited = await openTestCommandService({ rateLimit: 2 });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: actions.submitContactUs.path,
          headers: { 'content-type': 'application/json' },
          payload: '{not json',
        });
      expect((await send()).json().data.code).toBe('BAD_JSON');
      expect((await send()).json().data.code).toBe('BAD_JSON');
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().data.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('the enquiries’ body budget (issue 30)', () => {
  it('holds at most two full bodies at once from all clients: a third is refused (503) before its body is read', async () => {
    const budgeted = await openTestCommandService({ rateLimit: 100 });
    const sockets: Socket[] = [];
    try {
      await budgeted.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = budgeted.app.server.address() as { port: number };
      const EIGHT_MB = 8 * 1024 * 1024;
      /** A request that says it sends 8 MB and sends only its start (a slow or hostile client). */
      const holding = () =>
        new Promise<Socket>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(
              `POST ${actions.sellYourWine.path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${EIGHT_MB}\r\n\r\n{"wines":"`,
            );
            resolve(socket);
          });
          sockets.push(socket);
        });
      const send = async (bytes: number) =>
        fetch(`http://127.0.0.1:${port}${actions.sellYourWine.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...consignment, wines: 'x'.repeat(bytes) }),
        });
      await holding();
      await holding();
      // Give the server the two requests' headers.
      await new Promise((resolve) => setTimeout(resolve, 200));

      const refused = await send(2_500_000);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { data: { code: string } }).data.code).toBe('ENQUIRIES_BUSY');

      // The held bodies' connections close: their bytes are given back.
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const taken = await send(2_500_000);
      expect(taken.status).toBe(400); // read and validated (the wines text is too long), not refused unread
      expect(((await taken.json()) as { data: { code: string } }).data.code).toBe('VALIDATION');
    } finally {
      for (const socket of sockets) socket.destroy();
      await budgeted.close();
    }
  });
});
