import { actions, defaultMarketSettings, type OutboxMessage } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { createLogger, openSms } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionInvoiceId } from '../checkout/money-deps.ts';
import { logFeed } from '../core/follow-log.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { userDecider } from '../users/decide.ts';
import { notificationProcess } from './process.ts';
import { unsubscribeLinks } from './unsubscribe-link.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
});

const inbox = (s: TestCommandService, to: string) => s.mailer.outbox?.({ to }) ?? Promise.resolve([]);
const mails = async (s: TestCommandService, to: string) =>
  (await inbox(s, to)).filter((m) => m.subject !== 'Text message');
const PREFS: {
  email_notifications: boolean;
  sms_notifications: boolean;
  outbid_alerts: boolean;
  closing_reminders: boolean;
  won_notices: boolean;
  language: 'en' | 'es';
} = {
  email_notifications: true,
  sms_notifications: false,
  outbid_alerts: true,
  closing_reminders: true,
  won_notices: true,
  language: 'en',
};

async function bidder(s: TestCommandService, email: string, choices: Partial<typeof PREFS> = {}) {
  const user = await s.signUp(email);
  await s.addCard(user.token);
  if (Object.keys(choices).length > 0) {
    const saved = await s.post(
      actions.updatePreference.path,
      { ...PREFS, ...choices },
      { token: user.token },
    );
    expect(saved.status).toBe(200);
  }
  return user;
}
const bid = async (s: TestCommandService, token: string, lotId: string, wsprice: number) => {
  const answer = await s.post(actions.bidConfirm.path, { id: lotId, wsprice }, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

/** A second process following the log on its own feed: another instance, or this one after a restart. */
function anotherInstance(s: TestCommandService) {
  const logger = createLogger('silent');
  return notificationProcess(
    {
      streams: s.service.streams,
      clock: s.clock,
      mailer: s.mailer,
      sms: openSms(s.mailer),
      links: unsubscribeLinks('a-session-secret-of-at-least-32-characters'),
      publicUrl: () => 'http://localhost',
      closingLeadMinutes: 60,
      logger,
      tickMs: 50,
    },
    logFeed(s.service.streams.store, logger),
  );
}

const unsubscribeQuery = (mail: OutboxMessage | undefined) => {
  const link = mail?.text.match(/http:\/\/localhost\/unsubscribe\?\S+/)?.[0];
  if (!link) throw new Error('no unsubscribe link');
  return Object.fromEntries(new URL(link).searchParams);
};

describe('outbid notifications', () => {
  it('mails each bidder who lost the lead once, in their language, texts only who chose it, none to who turned it off', async () => {
    const ann = await bidder(service, 'ann@outbid.example');
    const bea = await bidder(service, 'bea@outbid.example', { language: 'es' });
    const dan = await bidder(service, 'dan@outbid.example', { outbid_alerts: false });
    const eve = await service.signUp('eve@outbid.example');
    await service.addCard(eve.token);
    // Eve's phone, proven by the code texted to it; then texts chosen.
    await service.post(actions.updateProfile.path, { phone: '3125550142' }, { token: eve.token });
    await service.post(actions.sendPhoneVerifyCode.path, {}, { token: eve.token });
    const [codeText] = await inbox(service, '+13125550142');
    const code = codeText?.text.match(/\d{6}/)?.[0];
    const verified = await service.post(actions.verifyPhoneVerifyCode.path, { code }, { token: eve.token });
    expect(verified.status).toBe(200);
    await service.post(
      actions.updatePreference.path,
      { ...PREFS, sms_notifications: true },
      { token: eve.token },
    );

    const lot = await service.listLot({ title: '2016 Sassicaia', openingBid: 10_000 });
    await bid(service, ann.token, lot.lotId, 20_000);
    await bid(service, bea.token, lot.lotId, 30_000); // Ann loses the lead
    await bid(service, dan.token, lot.lotId, 40_000); // Bea loses it
    await bid(service, eve.token, lot.lotId, 50_000); // Dan loses it (he turned outbid mail off)
    await bid(service, ann.token, lot.lotId, 60_000); // Eve loses it: a mail and a text

    const [toEve] = await eventually(
      () => mails(service, eve.email),
      (m) => m.length > 0,
    );
    const texts = await eventually(
      () => inbox(service, '+13125550142'),
      (m) => m.length === 2,
    );
    expect(texts[0]?.text).toBe(
      `Fine Wine Auction: you have been outbid on 2016 Sassicaia; the current bid is $550.00. http://localhost/productview/${lot.lotId}`,
    );
    expect(toEve?.subject).toBe('You have been outbid on 2016 Sassicaia');

    // Mailed in log order, one chain: by Eve's mail the others have theirs.
    const toAnn = await mails(service, ann.email);
    expect(toAnn).toHaveLength(1);
    expect(toAnn[0]?.subject).toBe('You have been outbid on 2016 Sassicaia');
    expect(toAnn[0]?.text).toContain('The current bid is $');
    expect(toAnn[0]?.text).toContain(`http://localhost/productview/${lot.lotId}`);
    expect(toAnn[0]?.text).toContain('To stop these e-mails, open http://localhost/unsubscribe?');
    const toBea = await mails(service, bea.email);
    expect(toBea).toHaveLength(1);
    expect(toBea[0]?.subject).toBe('Han superado tu puja por 2016 Sassicaia');
    expect(toBea[0]?.text).toContain('Hola bea:');
    expect(await mails(service, dan.email)).toHaveLength(0);
    // Only Eve chose texts: none went to anyone else (Ann, Bea and Dan have no phone; Eve one for her outbid).
    expect(texts.map((m) => m.text.includes('outbid') || m.text.includes('code'))).toEqual([true, true]);

    // A restart, or a second instance reading the same log: nobody is mailed again.
    const again = anotherInstance(service);
    await again.start();
    await again.stop();
    expect(await mails(service, ann.email)).toHaveLength(1);
    expect(await mails(service, bea.email)).toHaveLength(1);
    expect(await mails(service, eve.email)).toHaveLength(1);
    expect(await inbox(service, '+13125550142')).toHaveLength(2);

    // Bea's unsubscribe link turns her outbid mail off, without a sign-in; a forged one is refused.
    const query = unsubscribeQuery(toBea[0]);
    expect(query).toMatchObject({ u: bea.id, k: 'outbid' });
    const forged = await service.post(actions.unsubscribe.path, { ...query, u: ann.id });
    expect(forged.status).toBe(400);
    expect(forged.body.data.code).toBe('UNSUBSCRIBE_LINK_INVALID');
    const otherKind = await service.post(actions.unsubscribe.path, { ...query, k: 'won' });
    expect(otherKind.body.data.code).toBe('UNSUBSCRIBE_LINK_INVALID');
    const ok = await service.post(actions.unsubscribe.path, query);
    expect(ok.status).toBe(200);
    expect(ok.body.data.responseData).toEqual({ kind: 'outbid' });
    expect((await service.post(actions.unsubscribe.path, query)).status).toBe(200);
    const beaNow = await service.service.streams.load(userStream(bea.id), userDecider);
    expect(beaNow.preferences).toMatchObject({ outbid_alerts: false, language: 'es', won_notices: true });
    // Ann's stays on.
    const annNow = await service.service.streams.load(userStream(ann.id), userDecider);
    expect(annNow.preferences.outbid_alerts).toBe(true);

    // Now outbid again, Bea gets nothing; Dan, who retakes and loses the lead, still nothing.
    await bid(service, bea.token, lot.lotId, 90_000);
    await bid(service, eve.token, lot.lotId, 120_000);
    await eventually(
      () => inbox(service, '+13125550142'),
      (m) => m.length === 2,
    );
    await eventually(
      () => mails(service, ann.email),
      (m) => m.length === 2,
    ); // Ann lost the lead to Bea
    expect(await mails(service, bea.email)).toHaveLength(1);
  });
});

describe('closing-soon reminders', () => {
  it('reminds the watchers and bidders once, an hour before the close, however many instances follow the log', async () => {
    const fay = await bidder(service, 'fay@closing.example');
    const gus = await bidder(service, 'gus@closing.example', { language: 'es' });
    const hal = await bidder(service, 'hal@closing.example', { closing_reminders: false });
    const ivy = await bidder(service, 'ivy@closing.example');
    const start = service.clock.now().getTime();
    const lot = await service.listLot({
      title: '2005 Petrus',
      closesAt: new Date(start + 3 * 3600_000).toISOString(),
    });
    await service.post(actions.addWatchlist.path, { project_id: lot.lotId }, { token: fay.token });
    await service.post(actions.addWatchlist.path, { project_id: lot.lotId }, { token: hal.token });
    await bid(service, gus.token, lot.lotId, 15_000);
    // Ivy watched and then stopped.
    await service.post(actions.addWatchlist.path, { project_id: lot.lotId }, { token: ivy.token });
    await service.post(actions.removeWatchlist.path, { project_id: lot.lotId }, { token: ivy.token });
    // A second instance follows the same log.
    const second = anotherInstance(service);
    await second.start();

    service.clock.set(new Date(start + 110 * 60_000));
    await new Promise((r) => setTimeout(r, 300));
    expect(await mails(service, fay.email)).toHaveLength(0);

    service.clock.set(new Date(start + 121 * 60_000));
    const [toFay] = await eventually(
      () => mails(service, fay.email),
      (m) => m.length > 0,
    );
    expect(toFay?.subject).toBe('2005 Petrus closes soon');
    expect(toFay?.text).toContain('in about 59 minutes. The current bid is $100.00.');
    expect(toFay?.text).toContain(`http://localhost/productview/${lot.lotId}`);
    const [toGus] = await eventually(
      () => mails(service, gus.email),
      (m) => m.length > 0,
    );
    expect(toGus?.subject).toBe('2005 Petrus cierra pronto');
    expect(unsubscribeQuery(toGus)).toMatchObject({ u: gus.id, k: 'closing' });
    await new Promise((r) => setTimeout(r, 1500));
    await second.stop();
    // Restarted after the reminder: nobody reminded twice.
    const third = anotherInstance(service);
    await third.start();
    await new Promise((r) => setTimeout(r, 200));
    await third.stop();
    expect(await mails(service, fay.email)).toHaveLength(1);
    expect(await mails(service, gus.email)).toHaveLength(1);
    expect(await mails(service, hal.email)).toHaveLength(0);
    expect(await mails(service, ivy.email)).toHaveLength(0);
  });
});

describe('won mail', () => {
  it('tells the winner with the invoice link, in place of the invoice mail; without the won mail, the invoice mail', async () => {
    const jo = await bidder(service, 'jo@won.example');
    const kim = await bidder(service, 'kim@won.example', { won_notices: false });
    const now = service.clock.now().getTime();
    const closesAt = new Date(now + 10 * 60_000).toISOString();
    const first = await service.listLot({ title: '1990 Krug', openingBid: 20_000, closesAt });
    const other = await service.listLot({ title: '1996 Salon', openingBid: 20_000, closesAt });
    await bid(service, jo.token, first.lotId, 20_000);
    await bid(service, kim.token, other.lotId, 20_000);
    service.clock.set(new Date(now + 11 * 60_000));

    const [won] = await eventually(
      () => mails(service, jo.email),
      (m) => m.length > 0,
      'the won mail',
      20_000,
    );
    const invoiceId = auctionInvoiceId(first.lotId);
    expect(won?.subject).toBe('You won 1990 Krug');
    expect(won?.text).toContain('Congratulations: you won 1990 Krug at $200.00.');
    expect(won?.text).toContain(`http://localhost/invoice/${encodeURIComponent(invoiceId)}`);
    expect(unsubscribeQuery(won)).toMatchObject({ u: jo.id, k: 'won' });
    const [invoiceMail] = await eventually(
      () => mails(service, kim.email),
      (m) => m.length > 0,
      'the invoice mail',
      20_000,
    );
    expect(invoiceMail?.subject).toMatch(/^Invoice /);
    await new Promise((r) => setTimeout(r, 300));
    // One mail each for the one event.
    expect(await mails(service, jo.email)).toHaveLength(1);
    expect(await mails(service, kim.email)).toHaveLength(1);
  });
});

describe('soft close and the reminder', () => {
  let soft: TestCommandService;
  beforeAll(async () => {
    soft = await openTestCommandService({
      market: { ...defaultMarketSettings, soft_close_window_minutes: 180, soft_close_extend_minutes: 240 },
    });
    await soft.service.scheduler.start();
  });
  afterAll(async () => {
    await soft.service.scheduler.stop();
    await soft.close();
  });

  it('reminds relative to the close a bid extended, and each follower once only when it moves again', async () => {
    const lee = await bidder(soft, 'lee@soft.example');
    const max = await bidder(soft, 'max@soft.example');
    const start = soft.clock.now().getTime();
    const lot = await soft.listLot({
      title: '2010 Latour',
      closesAt: new Date(start + 150 * 60_000).toISOString(),
    });
    await bid(soft, lee.token, lot.lotId, 15_000); // moves the close to start + 4 h
    soft.clock.set(new Date(start + 95 * 60_000)); // an hour before the old close: no reminder
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mails(soft, lee.email)).toHaveLength(0);
    soft.clock.set(new Date(start + 181 * 60_000)); // an hour before the new one
    await eventually(
      () => mails(soft, lee.email),
      (m) => m.length === 1,
    );
    await bid(soft, max.token, lot.lotId, 30_000); // Lee is outbid, and the close moves again
    await eventually(
      () => mails(soft, lee.email),
      (m) => m.length === 2,
    );
    soft.clock.set(new Date(start + (181 + 240) * 60_000 - 60 * 60_000 + 60_000));
    await new Promise((r) => setTimeout(r, 1500));
    const subjects = (await mails(soft, lee.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual(['2010 Latour closes soon', 'You have been outbid on 2010 Latour']);
    // Max bid after the first reminder's moment; his is an hour before the close his bid set.
    const toMax = await eventually(
      () => mails(soft, max.email),
      (m) => m.length > 0,
    );
    expect(toMax.map((m) => m.subject)).toEqual(['2010 Latour closes soon']);
  });
});

describe('the language of notifications', () => {
  it('is the language the account was registered in, until the user chooses another', async () => {
    const register = (email: string, language: string) =>
      service.post(
        actions.register.path,
        {
          first_name: 'Nora',
          last_name: 'Spec',
          email,
          password: 'cellar-door-1982',
          confirm_password: 'cellar-door-1982',
          country_code: '+1',
          newsletter: false,
          terms: true,
          extra: {},
        },
        { headers: { 'accept-language': language } },
      );
    const preferencesOf = async (email: string) => {
      const events = await service.service.streams.store.readAll();
      const registered = events.find(
        (e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === email,
      );
      const userId = (registered?.data as { userId: string } | undefined)?.userId ?? 'none';
      const user = await service.service.streams.load(userStream(userId), userDecider);
      return { ...user.preferences, popup: user.popupMessage };
    };
    expect((await register('nora@lang.example', 'es-ES,es;q=0.9')).status).toBe(200);
    expect((await register('otto@lang.example', 'en-US')).status).toBe(200);
    expect(await preferencesOf('nora@lang.example')).toMatchObject({ language: 'es', outbid_alerts: true });
    expect(await preferencesOf('otto@lang.example')).toMatchObject({ language: 'en', outbid_alerts: true });
    // Issue 31: a new account is not greeted by the returning users' card-processor popup.
    expect((await preferencesOf('nora@lang.example')).popup).toBe(0);
  });
});
