import { actions } from '@wine/contracts';
import {
  createLogger,
  createSandboxMarketing,
  type Marketing,
  MarketingServiceError,
  type SandboxMarketing,
} from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFeed } from '../core/follow-log.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { contactStreamOf } from './contact.ts';
import { contactDelivery } from './delivery.ts';
import { registeredContacts } from './registered.ts';

// The service's own scheduler is not started: each spec runs the delivery process it looks at.
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService({ rateLimit: 100 });
});
afterAll(() => service.close());

const logger = createLogger('silent');
const eventsOf = async (email: string) =>
  (await service.service.streams.store.readStream(contactStreamOf(email))).map((e) => e.type);

/** A delivery process on its own feed of the log: this instance, another one, or this one after a restart. */
function deliveryWith(marketing: Marketing) {
  return contactDelivery(
    {
      streams: service.service.streams,
      clock: service.clock,
      marketing,
      logger,
      retryMs: 20,
      maxRetryMs: 50,
    },
    logFeed(service.service.streams.store, logger),
  );
}

/** A service that refuses the first `failures` calls as Zoho does when it is down, then works. */
function flaky(sandbox: SandboxMarketing, failures: number): Marketing & { calls: () => number } {
  let calls = 0;
  return {
    name: 'zoho-campaigns',
    calls: () => calls,
    async addContact(contact) {
      calls += 1;
      if (calls <= failures)
        throw new MarketingServiceError('zoho-campaigns', 'HTTP_503', 'Service Unavailable');
      return sandbox.addContact(contact);
    },
  };
}

async function signUp(email: string, payload: Record<string, unknown> = {}) {
  await service.post(actions.addNewsletterContact.path, { email, ...payload });
  const [mail] = await eventually(
    () => service.mailer.outbox?.({ to: email }) ?? Promise.resolve([]),
    (m) => m.length > 0,
    `the confirmation mail to ${email}`,
  );
  const link = (page: string) => {
    const url = mail?.text.match(new RegExp(`http://localhost/newsletter/${page}\\?\\S+`))?.[0];
    if (!url) throw new Error(`no ${page} link`);
    return Object.fromEntries(new URL(url).searchParams);
  };
  return {
    confirm: async () => {
      expect((await service.post(actions.confirmNewsletterContact.path, link('confirm'))).status).toBe(200);
    },
    leave: async () => {
      expect((await service.post(actions.leaveNewsletter.path, link('unsubscribe'))).status).toBe(200);
    },
  };
}

const sentOf = async (email: string) =>
  eventually(
    () => eventsOf(email),
    (types) => types.includes('NewsletterContactSentOn'),
    `${email} sent on`,
  );

describe('sending confirmed contacts on to the marketing service (a process on the log)', () => {
  it('sends on only confirmed contacts, those confirmed before it started and while it runs, each once', async () => {
    const sandbox = createSandboxMarketing();
    const pending = await signUp('pending@delivery.example');
    const early = await signUp('early@delivery.example');
    await early.confirm();
    const gone = await signUp('gone@delivery.example');
    await gone.confirm();
    await gone.leave();
    const process = deliveryWith(sandbox);
    await process.start();
    try {
      await sentOf('early@delivery.example');
      await pending.confirm();
      await sentOf('pending@delivery.example');
      await process.idle();
    } finally {
      await process.stop();
    }
    const mine = sandbox.sent().filter((r) => r.payload.contact.email.endsWith('@delivery.example'));
    expect(mine.map((r) => r.payload)).toEqual([
      {
        contact: { email: 'early@delivery.example', source: 'footer', language: 'en' },
        user_type: null,
        tag: 'Subscriber',
        sendToZoho: true,
      },
      {
        contact: { email: 'pending@delivery.example', source: 'footer', language: 'en' },
        user_type: null,
        tag: 'Subscriber',
        sendToZoho: true,
      },
    ]);
    expect(mine[0]?.calls).toEqual(['addcontacts', 'subscribeCampaign']);
    expect(await eventsOf('gone@delivery.example')).not.toContain('NewsletterContactSentOn');
    const [sent] = (
      await service.service.streams.store.readStream(contactStreamOf('early@delivery.example'))
    ).filter((e) => e.type === 'NewsletterContactSentOn');
    expect(sent?.data).toMatchObject({
      service: 'sandbox',
      userType: null,
      tag: 'Subscriber',
      sendToZoho: true,
    });
  });

  it('records each failure and tries again until the service takes the contact, which it then holds once', async () => {
    const sandbox = createSandboxMarketing();
    const service503 = flaky(sandbox, 2);
    const ora = await signUp('ora@delivery.example');
    await ora.confirm();
    const process = deliveryWith(service503);
    await process.start();
    try {
      await sentOf('ora@delivery.example');
    } finally {
      await process.stop();
    }
    const events = await service.service.streams.store.readStream(contactStreamOf('ora@delivery.example'));
    expect(events.map((e) => e.type)).toEqual([
      'NewsletterContactAdded',
      'NewsletterContactConfirmed',
      'NewsletterContactSendFailed',
      'NewsletterContactSendFailed',
      'NewsletterContactSentOn',
    ]);
    expect(events[2]?.data).toMatchObject({
      service: 'zoho-campaigns',
      attempt: 1,
      reason: 'zoho-campaigns HTTP_503: Service Unavailable',
    });
    expect(events[3]?.data).toMatchObject({ attempt: 2 });
    expect(sandbox.sent().filter((r) => r.payload.contact.email === 'ora@delivery.example')).toHaveLength(1);
  });

  it('loses no contact across a stop: one confirmed and never taken is sent after the restart, one sent is not sent again', async () => {
    const down = flaky(createSandboxMarketing(), Number.POSITIVE_INFINITY);
    const pia = await signUp('pia@delivery.example');
    await pia.confirm();
    const first = deliveryWith(down);
    await first.start();
    await eventually(
      () => eventsOf('pia@delivery.example'),
      (types) => types.includes('NewsletterContactSendFailed'),
    );
    await first.stop();

    const sandbox = createSandboxMarketing();
    const restarted = deliveryWith(sandbox);
    await restarted.start();
    try {
      await sentOf('pia@delivery.example');
      await restarted.idle();
    } finally {
      await restarted.stop();
    }
    expect(sandbox.sent().map((r) => r.payload.contact.email)).toContain('pia@delivery.example');

    // A later start reads that it went: nothing is sent again.
    const again = createSandboxMarketing();
    const third = deliveryWith(again);
    await third.start();
    await third.idle();
    await third.stop();
    expect(again.sent().filter((r) => r.payload.contact.email.endsWith('@delivery.example'))).toEqual([]);
  });

  it('records a contact sent on once when two instances follow the log together', async () => {
    const sandbox = createSandboxMarketing();
    const one = deliveryWith(sandbox);
    const two = deliveryWith(sandbox);
    await Promise.all([one.start(), two.start()]);
    try {
      const quinn = await signUp('quinn@delivery.example');
      await quinn.confirm();
      await sentOf('quinn@delivery.example');
      await Promise.all([one.idle(), two.idle()]);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
    const types = await eventsOf('quinn@delivery.example');
    expect(types.filter((t) => t === 'NewsletterContactSentOn')).toHaveLength(1);
    expect(sandbox.sent().filter((r) => r.payload.contact.email === 'quinn@delivery.example')).toHaveLength(
      1,
    );
  });
});

describe("the seeds' payload's contact kind (user_type or tag), sent on as the marketing port's user_type or tag", () => {
  it('sends a footer sign-up given user_type User with that user_type, and a tagged one as a Subscriber', async () => {
    const sandbox = createSandboxMarketing();
    const user = await signUp('user@kind.example', { user_type: 'User', sendToZoho: true });
    const tagged = await signUp('tagged@kind.example', { tag: 'Spring tasting', sendToZoho: true });
    await user.confirm();
    await tagged.confirm();
    const process = deliveryWith(sandbox);
    await process.start();
    try {
      await sentOf('user@kind.example');
      await sentOf('tagged@kind.example');
      await process.idle();
    } finally {
      await process.stop();
    }
    const payloadOf = (email: string) =>
      sandbox.sent().find((r) => r.payload.contact.email === email)?.payload;
    expect(payloadOf('user@kind.example')).toMatchObject({ user_type: 'User', tag: null, sendToZoho: true });
    expect(payloadOf('tagged@kind.example')).toMatchObject({ user_type: null, tag: 'Subscriber' });
  });
});

describe('accounts registered with the newsletter ticked (Registered contacts)', () => {
  it('adds a verified account as a confirmed Registered contact, sent on with its user_type, once however often the log is read', async () => {
    const sandbox = createSandboxMarketing();
    await service.signUp('ticked@registered.example', [], { newsletter: true });
    await service.signUp('unticked@registered.example');
    const registered = () =>
      registeredContacts(
        { streams: service.service.streams, clock: service.clock, logger },
        logFeed(service.service.streams.store, logger),
      );
    const first = registered();
    const delivery = deliveryWith(sandbox);
    await first.start();
    await delivery.start();
    try {
      await sentOf('ticked@registered.example');
      await delivery.idle();
    } finally {
      await delivery.stop();
      await first.stop();
    }
    // A second reading of the whole log (a restart, another instance) adds nothing more.
    const again = registered();
    await again.start();
    await again.stop();
    expect(await eventsOf('ticked@registered.example')).toEqual([
      'NewsletterContactAdded',
      'NewsletterContactConfirmed',
      'NewsletterContactSentOn',
    ]);
    expect(await eventsOf('unticked@registered.example')).toEqual([]);
    const mine = sandbox.sent().filter((r) => r.payload.contact.email.endsWith('@registered.example'));
    expect(mine.map((r) => r.payload)).toEqual([
      {
        contact: { email: 'ticked@registered.example', source: 'registration', language: 'en' },
        user_type: 'Registered',
        tag: null,
        sendToZoho: true,
      },
    ]);
  });
});
