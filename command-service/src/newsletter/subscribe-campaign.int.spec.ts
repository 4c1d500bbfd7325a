import { randomUUID } from 'node:crypto';
import { actions } from '@wine/contracts';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { contactStreamOf } from './contact.ts';

/**
 * seeds 001 §7 "custom/index/campaign/zoho addcontacts ..., then subscribeCampaign": the client's second
 * call of the footer's sign-up, the same sign-up (issue 34's double opt-in), public and limited as it.
 */
const ADD = actions.addNewsletterContact.path;
const SUBSCRIBE = '/api/custom/index/campaign/zoho/subscribeCampaign';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService({ rateLimit: 100 });
});
afterAll(() => service.close());

const eventsOf = async (email: string) =>
  (await service.service.streams.store.readStream(contactStreamOf(email))).map((e) => e.type);
const inbox = (email: string) => service.mailer.outbox?.({ to: email }) ?? Promise.resolve([]);

/** Mails go one after another after their answers: once a later sign-up's is there, the earlier ones are. */
async function mailsSettled() {
  const sentinel = `sentinel-${randomUUID().slice(0, 8)}@campaign.example`;
  await service.post(ADD, { email: sentinel });
  await eventually(
    () => inbox(sentinel),
    (m) => m.length > 0,
    'the sentinel mail',
  );
}

describe('subscribeCampaign (Zoho), after addcontacts', () => {
  it('is the sign-up itself, at the seeds’ path', () => {
    expect(actions.addNewsletterContact.aliases).toEqual([SUBSCRIBE]);
    expect(actions.addNewsletterContact.auth).toBe('public');
  });

  it('after addcontacts, answers the same and records and mails nothing more', async () => {
    const email = 'ann@campaign.example';
    const added = await service.post(ADD, { email });
    const subscribed = await service.post(SUBSCRIBE, { email });
    expect([added.status, subscribed.status]).toEqual([200, 200]);
    expect(subscribed.body.data).toMatchObject({
      message: 'Subscribed to newsletter successfully',
      responseData: null,
    });
    expect(subscribed.body.data.message).toBe(added.body.data.message);
    await mailsSettled();
    expect(await eventsOf(email)).toEqual(['NewsletterContactAdded']);
    expect(await inbox(email)).toHaveLength(1);
  });

  it('alone, starts the double opt-in: the address pending and a confirmation mailed', async () => {
    const email = 'bo@campaign.example';
    const answer = await service.post(SUBSCRIBE, { email: ' Bo@Campaign.Example ' });
    expect(answer.status).toBe(200);
    expect(await eventsOf(email)).toEqual(['NewsletterContactAdded']);
    const [mail] = await eventually(
      () => inbox(email),
      (m) => m.length > 0,
      'the confirmation mail',
    );
    expect(mail?.text).toMatch(/http:\/\/localhost\/newsletter\/confirm\?\S+/);
  });

  it('refuses an address that is not one, writing nothing', async () => {
    const answer = await service.post(SUBSCRIBE, { email: 'not-an-address' });
    expect([answer.status, answer.body.data.code]).toEqual([400, 'VALIDATION']);
    expect(await eventsOf('not-an-address')).toEqual([]);
  });
});

describe('subscribeCampaign limited as addcontacts is', () => {
  let limited: TestCommandService;
  beforeAll(async () => {
    limited = await openTestCommandService({ rateLimit: 2 });
  });
  afterAll(() => limited.close());

  it('counts each client’s sign-ups a minute, on arrival, whichever of the two paths they come to', async () => {
    const answers = [];
    for (const [path, email] of [
      [ADD, 'cy@campaign.example'],
      [SUBSCRIBE, 'cy@campaign.example'],
      [SUBSCRIBE, 'dee@campaign.example'],
    ] as const)
      answers.push((await limited.post(path, { email })).status);
    expect(answers).toEqual([200, 200, 429]);
  });
});
