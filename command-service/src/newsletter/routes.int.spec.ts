import { randomUUID } from 'node:crypto';
import { actions } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { contactStreamOf } from './events-marketing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService({ rateLimit: 100 });
});
afterAll(() => service.close());

const path = actions.addNewsletterContact.path;
const eventsOf = (email: string) => service.service.streams.store.readStream(contactStreamOf(email));

describe('the newsletter sign-up (addcontacts)', () => {
  it("adds the contact as an event and answers 'Subscribed to newsletter successfully'", async () => {
    const answer = await service.post(
      path,
      { email: ' Ann@Newsletter.Example ' },
      { headers: { 'accept-language': 'es' } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe('Suscrito al boletín correctamente');
    const events = await eventsOf('ann@newsletter.example');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'NewsletterContactAdded',
      data: { email: 'ann@newsletter.example', source: 'footer', language: 'es' },
    });
  });

  it('answers a second subscription of the same address as the first and records nothing', async () => {
    const first = await service.post(path, { email: 'bob@newsletter.example' });
    const again = await service.post(path, { email: 'BOB@newsletter.example' }, { commandId: randomUUID() });
    expect(first.body.data.message).toBe('Subscribed to newsletter successfully');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      message: 'Subscribed to newsletter successfully',
      responseData: null,
    });
    expect(await eventsOf('bob@newsletter.example')).toHaveLength(1);
  });

  it("refuses a missing or bad address with the seeds' texts, and writes nothing", async () => {
    const missing = await service.post(path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({ code: 'VALIDATION', message: 'email: Required' });
    const bad = await service.post(path, { email: 'not-an-email' });
    expect(bad.body.data).toMatchObject({ code: 'VALIDATION', message: 'email: Invalid email format' });
    expect(await eventsOf('not-an-email')).toEqual([]);
    const extra = await service.post(path, { email: 'cat@newsletter.example', user_type: 'admin' });
    expect(extra.status).toBe(400);
    expect(await eventsOf('cat@newsletter.example')).toEqual([]);
  });

  it('refuses a hostile or huge body in the envelope', async () => {
    const huge = await service.post(path, { email: `${'a'.repeat(1_100_000)}@x.example` });
    expect(huge.status).toBe(413);
    expect(huge.body.data.code).toBe('BAD_REQUEST');
    const array = await service.post(path, [{ email: 'dan@newsletter.example' }]);
    expect(array.status).toBe(400);
    expect(array.body.data.code).toBe('VALIDATION');
  });
});
