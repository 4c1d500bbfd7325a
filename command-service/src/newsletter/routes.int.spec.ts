import { randomUUID } from 'node:crypto';
import { actions } from '@wine/contracts';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { contactIdOf, contactStreamOf } from './contact.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService({ rateLimit: 100 });
});
afterAll(() => service.close());

const signUp = actions.addNewsletterContact.path;
const confirm = actions.confirmNewsletterContact.path;
const leave = actions.leaveNewsletter.path;
const eventsOf = async (email: string) =>
  (await service.service.streams.store.readStream(contactStreamOf(email))).map((e) => e.type);
const inbox = (email: string) => service.mailer.outbox?.({ to: email }) ?? Promise.resolve([]);

/** The newest mail to `email`, once it came (sign-ups are mailed after their answer). */
async function mailTo(email: string, count = 1) {
  const mails = await eventually(
    () => inbox(email),
    (m) => m.length >= count,
    `mail ${count} to ${email}`,
  );
  return mails[0];
}

/** A link's query from a mail: the confirmation or the unsubscribe link. */
function linkIn(text: string | undefined, page: 'confirm' | 'unsubscribe'): Record<string, string> {
  const link = text?.match(new RegExp(`http://localhost/newsletter/${page}\\?\\S+`))?.[0];
  if (!link) throw new Error(`no ${page} link in ${text}`);
  return Object.fromEntries(new URL(link).searchParams);
}

/**
 * Mails go one after another after their answers: once a later sign-up's mail is there, every earlier
 * one that was going to be sent is there too.
 */
async function mailsSettled() {
  const sentinel = `sentinel-${randomUUID().slice(0, 8)}@newsletter.example`;
  await service.post(signUp, { email: sentinel });
  await mailTo(sentinel);
}

/** Signs an address up and opens nothing: the confirmation mail's two links. */
async function signedUp(email: string, language = 'en') {
  const answer = await service.post(signUp, { email }, { headers: { 'accept-language': language } });
  expect(answer.status).toBe(200);
  const mail = await mailTo(email);
  return { mail, confirm: linkIn(mail?.text, 'confirm'), leave: linkIn(mail?.text, 'unsubscribe') };
}

describe('the newsletter sign-up (addcontacts, double opt-in)', () => {
  it("records the address as pending, answers the seeds' message, and mails a confirmation in the visitor's language", async () => {
    const answer = await service.post(
      signUp,
      { email: ' Ann@Newsletter.Example ' },
      { headers: { 'accept-language': 'es' } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      message: 'Suscrito al boletín correctamente',
      responseData: null,
    });
    expect(await eventsOf('ann@newsletter.example')).toEqual(['NewsletterContactAdded']);
    const [event] = await service.service.streams.store.readStream(contactStreamOf('ann@newsletter.example'));
    expect(event?.data).toMatchObject({
      email: 'ann@newsletter.example',
      source: 'footer',
      language: 'es',
      kind: 'Subscriber',
    });
    const mail = await mailTo('ann@newsletter.example');
    expect(mail?.subject).toBe('Confirma tu suscripción al boletín de Fine Wine Auction');
    expect(mail?.text).toContain('Abre este enlace en los próximos 7 días para confirmarlo');
    const link = linkIn(mail?.text, 'confirm');
    expect(link.c).toBe(contactIdOf('ann@newsletter.example'));
    // Every marketing mail carries the address's own unsubscribe link.
    expect(linkIn(mail?.text, 'unsubscribe')).toMatchObject({ c: link.c });
    // ...also as its List-Unsubscribe header (RFC 2369), the button mail clients show.
    const header = mail?.headers?.['List-Unsubscribe'] ?? '';
    expect(header).toMatch(/^<http:\/\/localhost\/newsletter\/unsubscribe\?\S+>$/);
    expect(Object.fromEntries(new URL(header.slice(1, -1)).searchParams)).toEqual(
      linkIn(mail?.text, 'unsubscribe'),
    );
    // The tokens are signatures, never stored in the log.
    const logged = JSON.stringify(
      await service.service.streams.store.readStream(contactStreamOf('ann@newsletter.example')),
    );
    expect(logged).not.toContain(link.t);
  });

  it('confirms the address by its link (no sign-in), and answers a link opened again the same, recording nothing', async () => {
    const { confirm: link } = await signedUp('bea@newsletter.example');
    const first = await service.post(confirm, link);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      message: 'bea@newsletter.example is subscribed to our newsletter',
      responseData: { email: 'bea@newsletter.example' },
    });
    const again = await service.post(confirm, link);
    expect(again.status).toBe(200);
    const sameCommand = randomUUID();
    await service.post(confirm, link, { commandId: sameCommand });
    await service.post(confirm, link, { commandId: sameCommand });
    expect(await eventsOf('bea@newsletter.example')).toEqual([
      'NewsletterContactAdded',
      'NewsletterContactConfirmed',
    ]);
  });

  it('answers a second sign-up as the first; mails again only after a window, at most 3 a day, and never once subscribed', async () => {
    const email = 'cat@newsletter.example';
    await signedUp(email);
    const again = await service.post(signUp, { email: 'CAT@newsletter.example' });
    expect(again.body.data).toMatchObject({
      message: 'Subscribed to newsletter successfully',
      responseData: null,
    });
    await mailsSettled();
    expect(await inbox(email)).toHaveLength(1);
    // Past the window, a sign-up still pending is mailed again (the first mail may be lost)...
    for (const mails of [2, 3]) {
      service.clock.advance(11 * 60_000);
      await service.post(signUp, { email });
      await mailTo(email, mails);
    }
    // ...three a day at most.
    service.clock.advance(11 * 60_000);
    await service.post(signUp, { email });
    await mailsSettled();
    expect(await inbox(email)).toHaveLength(3);
    // Both links of the mails work: the latest confirms.
    const [latest] = await inbox(email);
    expect((await service.post(confirm, linkIn(latest?.text, 'confirm'))).status).toBe(200);
    service.clock.advance(24 * 3_600_000);
    const subscribed = await service.post(signUp, { email });
    expect(subscribed.body.data.message).toBe('Subscribed to newsletter successfully');
    await mailsSettled();
    expect(await inbox(email)).toHaveLength(3);
    expect(await eventsOf(email)).toEqual(['NewsletterContactAdded', 'NewsletterContactConfirmed']);
  });

  it('records and mails a retried sign-up (the same x-command-id) once', async () => {
    const commandId = randomUUID();
    await service.post(signUp, { email: 'dan@newsletter.example' }, { commandId });
    await service.post(signUp, { email: 'dan@newsletter.example' }, { commandId });
    await mailsSettled();
    expect(await inbox('dan@newsletter.example')).toHaveLength(1);
    expect(await eventsOf('dan@newsletter.example')).toEqual(['NewsletterContactAdded']);
  });

  it("refuses a missing or bad address with the seeds' texts, and writes nothing", async () => {
    const missing = await service.post(signUp, {});
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({ code: 'VALIDATION', message: 'email: Required' });
    const bad = await service.post(signUp, { email: 'not-an-email' });
    expect(bad.body.data).toMatchObject({ code: 'VALIDATION', message: 'email: Invalid email format' });
    expect(await eventsOf('not-an-email')).toEqual([]);
    const extra = await service.post(signUp, { email: 'eve@newsletter.example', user_type: 'admin' });
    expect(extra.status).toBe(400);
    expect(await eventsOf('eve@newsletter.example')).toEqual([]);
  });

  it("takes the seeds' payload (user_type or tag by contact kind, sendToZoho), records the kind, and keeps the opt-in", async () => {
    const user = await service.post(signUp, {
      email: 'ida@newsletter.example',
      user_type: 'User',
      sendToZoho: true,
    });
    const tagged = await service.post(signUp, {
      email: 'jo@newsletter.example',
      tag: 'Subscriber',
      sendToZoho: true,
    });
    for (const answer of [user, tagged]) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.message).toBe('Subscribed to newsletter successfully');
    }
    const kindOf = async (email: string) =>
      (await service.service.streams.store.readStream(contactStreamOf(email)))[0]?.data;
    expect(await kindOf('ida@newsletter.example')).toMatchObject({ kind: 'User', source: 'footer' });
    expect(await kindOf('jo@newsletter.example')).toMatchObject({ kind: 'Subscriber' });
    // Double opt-in as ever: pending, a confirmation mailed, nothing more until its link is opened.
    for (const email of ['ida@newsletter.example', 'jo@newsletter.example']) {
      expect(linkIn((await mailTo(email))?.text, 'confirm').c).toBe(contactIdOf(email));
      expect(await eventsOf(email)).toEqual(['NewsletterContactAdded']);
    }
  });

  it('refuses a user_type that is no contact kind, or a bad tag or flag, with 400, writing and mailing nothing', async () => {
    for (const extra of [
      { user_type: 'Admin' },
      { user_type: 'user' },
      { tag: 'x'.repeat(41) },
      { sendToZoho: 'yes' },
    ]) {
      const answer = await service.post(signUp, { email: 'kim@newsletter.example', ...extra });
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect(answer.body.data.code).toBe('VALIDATION');
      expect(answer.body.data.responseData.issues?.[0]?.field).toBe(Object.keys(extra)[0]);
    }
    await mailsSettled();
    expect(await eventsOf('kim@newsletter.example')).toEqual([]);
    expect(await inbox('kim@newsletter.example')).toEqual([]);
  });

  it('refuses a hostile or huge body in the envelope', async () => {
    const huge = await service.post(signUp, { email: `${'a'.repeat(1_100_000)}@x.example` });
    expect(huge.status).toBe(413);
    expect(huge.body.data.code).toBe('BAD_REQUEST');
    const array = await service.post(signUp, [{ email: 'fay@newsletter.example' }]);
    expect(array.status).toBe(400);
    expect(array.body.data.code).toBe('VALIDATION');
  });
});

describe('the confirmation link, tried as an attacker would', () => {
  const invalid = async (input: unknown) => {
    const answer = await service.post(confirm, input);
    expect(answer.status, JSON.stringify(input)).toBe(400);
    expect(answer.body.data.code).toBe('NEWSLETTER_LINK_INVALID');
    expect(answer.body.data.message).toBe(
      'This newsletter link is not valid or has expired; sign up again at the foot of any page',
    );
  };

  it("confirms nothing with a forged or altered token, a longer expiry, or another address's token", async () => {
    const gus = await signedUp('gus@newsletter.example');
    const hal = await signedUp('hal@newsletter.example');
    const { c, e, t } = gus.confirm as { c: string; e: string; t: string };
    await invalid({ c, e, t: 'A'.repeat(32) });
    await invalid({ c, e, t: `${t.slice(0, 31)}${t.endsWith('A') ? 'B' : 'A'}` });
    await invalid({ c, e: String(Number(e) + 86_400), t });
    // Hal's token with Gus's id, and Gus's token for an address that never signed up.
    await invalid({ c, e: hal.confirm.e, t: hal.confirm.t });
    await invalid({ c: contactIdOf('nobody@newsletter.example'), e, t });
    expect(await eventsOf('gus@newsletter.example')).toEqual(['NewsletterContactAdded']);
    expect(await eventsOf('hal@newsletter.example')).toEqual(['NewsletterContactAdded']);
  });

  it('confirms nothing once expired, nor with the link of a sign-up the address left since', async () => {
    const ida = await signedUp('ida@newsletter.example');
    service.clock.advance(8 * 24 * 3_600_000);
    await invalid(ida.confirm);
    const ivy = await signedUp('ivy@newsletter.example');
    expect((await service.post(confirm, ivy.confirm)).status).toBe(200);
    expect((await service.post(leave, ivy.leave)).status).toBe(200);
    // Replayed after leaving: the old link does not put the address back.
    await invalid(ivy.confirm);
    service.clock.advance(11 * 60_000);
    await service.post(signUp, { email: 'ivy@newsletter.example' });
    const [fresh] = await eventually(
      () => inbox('ivy@newsletter.example'),
      (m) => m.length === 2,
    );
    await invalid(ivy.confirm);
    expect((await service.post(confirm, linkIn(fresh?.text, 'confirm'))).status).toBe(200);
    expect(await eventsOf('ivy@newsletter.example')).toEqual([
      'NewsletterContactAdded',
      'NewsletterContactConfirmed',
      'NewsletterContactUnsubscribed',
      'NewsletterContactAdded',
      'NewsletterContactConfirmed',
    ]);
  });

  it('refuses hostile bodies: missing, extra or malformed fields, an array, a huge body', async () => {
    const { confirm: link } = await signedUp('jay@newsletter.example');
    for (const body of [
      {},
      { ...link, extra: 1 },
      { ...link, c: 'ABC' },
      { ...link, e: '-1' },
      { ...link, e: '9'.repeat(13) },
      { ...link, t: `${link.t}==` },
      { ...link, c: { $ne: null } },
      [link],
    ]) {
      const answer = await service.post(confirm, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.code).toBe('VALIDATION');
    }
    const huge = await service.post(confirm, { ...link, t: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
    expect(await eventsOf('jay@newsletter.example')).toEqual(['NewsletterContactAdded']);
  });
});

describe('the unsubscribe link of a marketing mail', () => {
  it('takes the address off the list by the contact themself, without a sign-in; again, records nothing', async () => {
    const kim = await signedUp('kim@newsletter.example');
    await service.post(confirm, kim.confirm);
    const off = await service.post(leave, kim.leave);
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({
      message: 'kim@newsletter.example is off our newsletter list',
      responseData: { email: 'kim@newsletter.example' },
    });
    expect((await service.post(leave, kim.leave)).status).toBe(200);
    const events = await service.service.streams.store.readStream(contactStreamOf('kim@newsletter.example'));
    expect(events.map((e) => e.type)).toEqual([
      'NewsletterContactAdded',
      'NewsletterContactConfirmed',
      'NewsletterContactUnsubscribed',
    ]);
    expect(events[2]?.data).toEqual({ email: 'kim@newsletter.example', by: 'contact' });
    expect(events[2]?.metadata.actor).toEqual({ kind: 'system', id: 'newsletter:link' });
  });

  it('takes a pending sign-up off too (a confirmation mail someone did not ask for)', async () => {
    const lee = await signedUp('lee@newsletter.example');
    expect((await service.post(leave, lee.leave)).status).toBe(200);
    expect(await eventsOf('lee@newsletter.example')).toEqual([
      'NewsletterContactAdded',
      'NewsletterContactUnsubscribed',
    ]);
  });

  it("takes nobody off with a forged token or another address's, and refuses hostile bodies", async () => {
    const max = await signedUp('max@newsletter.example');
    const ned = await signedUp('ned@newsletter.example');
    for (const body of [
      { c: max.leave.c, t: ned.leave.t },
      { c: max.leave.c, t: 'A'.repeat(32) },
      // The confirmation's token is not an unsubscribe token.
      { c: max.leave.c, t: max.confirm.t },
      { c: contactIdOf('nobody@newsletter.example'), t: max.leave.t },
    ]) {
      const answer = await service.post(leave, body);
      expect(answer.status).toBe(400);
      expect(answer.body.data.code).toBe('NEWSLETTER_LINK_INVALID');
    }
    for (const body of [
      {},
      { ...max.leave, email: 'ned@newsletter.example' },
      { c: max.leave.c },
      [max.leave],
    ]) {
      const answer = await service.post(leave, body);
      expect(answer.status).toBe(400);
      expect(answer.body.data.code).toBe('VALIDATION');
    }
    expect((await service.post(leave, { ...max.leave, t: 'y'.repeat(50_000) })).status).toBe(413);
    expect(await eventsOf('max@newsletter.example')).toEqual(['NewsletterContactAdded']);
    expect(await eventsOf('ned@newsletter.example')).toEqual(['NewsletterContactAdded']);
  });
});

describe("an admin's unsubscribe", () => {
  it('is for admins only, and names the staff as who took the address off', async () => {
    const bidder = await service.signUp('bidder@newsletter.example');
    const admin = await service.signUp('admin@newsletter.example', ['admin']);
    const pat = await signedUp('pat@newsletter.example');
    await service.post(confirm, pat.confirm);
    for (const token of [undefined, bidder.token]) {
      const refused = await service.post(
        actions.unsubscribeContact.path,
        { email: 'pat@newsletter.example' },
        token ? { token } : {},
      );
      expect(refused.status).toBe(403);
    }
    const off = await service.post(
      actions.unsubscribeContact.path,
      { email: 'Pat@Newsletter.example' },
      { token: admin.token },
    );
    expect(off.body.data.message).toBe('pat@newsletter.example is off the newsletter list');
    const events = await service.service.streams.store.readStream(contactStreamOf('pat@newsletter.example'));
    expect(events.at(-1)?.data).toEqual({ email: 'pat@newsletter.example', by: 'staff' });
    expect(events.at(-1)?.metadata.actor).toMatchObject({ kind: 'admin', id: admin.id });
  });
});
