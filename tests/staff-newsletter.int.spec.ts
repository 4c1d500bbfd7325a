import { actions, type StaffContactPage } from '@wine/contracts';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

let market: TestMarketplace;
let admin: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  admin = await market.staff('admin');
}, 120_000);
afterAll(() => market?.stop());

const list = async (input: Record<string, unknown> = {}) => {
  await market.caughtUp();
  return market.ok<StaffContactPage>(actions.staffContacts.path, input, admin.auth);
};

/** Opens the confirmation link mailed to `email` (the embedded outbox), as its owner would. */
async function confirmFromMail(email: string) {
  const [mail] = await eventually(
    () => market.mailer.outbox?.({ to: email }) ?? Promise.resolve([]),
    (mails) => mails.length > 0,
    `the confirmation mail to ${email}`,
  );
  const link = mail?.text.match(/\/newsletter\/confirm\?\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  await market.ok(
    actions.confirmNewsletterContact.path,
    Object.fromEntries(new URL(link, market.url).searchParams),
  );
}

describe('the newsletter list for admins (issue 34 "Marketing contacts")', () => {
  it('lists footer sign-ups as pending until confirmed, then subscribed and sent on (to the sandbox), takes one off, and exports CSV', async () => {
    await market.ok(actions.addNewsletterContact.path, { email: 'Reader.One@Example.com' });
    await market.ok(
      actions.addNewsletterContact.path,
      { email: 'reader.two@example.com' },
      { 'accept-language': 'es' },
    );
    const pending = await list({ text: 'reader.', status: 'pending' });
    expect(pending.records.map((c) => [c.email, c.language, c.status, c.subscribed])).toEqual([
      ['reader.two@example.com', 'es', 'pending', false],
      ['reader.one@example.com', 'en', 'pending', false],
    ]);
    expect((await list({ text: 'reader.' })).records).toEqual([]);

    await confirmFromMail('reader.one@example.com');
    await confirmFromMail('reader.two@example.com');
    // Confirmed, each is sent on to the marketing service: the sandbox, which records what would go out.
    const subscribed = await eventually(
      () => list({ text: 'reader.' }),
      (page) => page.records.length === 2 && page.records.every((c) => c.sent_on),
      'both sent on',
    );
    expect(subscribed.records.map((c) => [c.email, c.status, c.sent_on?.service, c.sent_on?.tag])).toEqual([
      ['reader.two@example.com', 'subscribed', 'sandbox', 'Subscriber'],
      ['reader.one@example.com', 'subscribed', 'sandbox', 'Subscriber'],
    ]);
    expect(subscribed.records[0]).toMatchObject({ kind: 'Subscriber', confirmed_at: expect.any(String) });

    const off = await market.post(
      actions.unsubscribeContact.path,
      { email: 'reader.one@example.com' },
      admin.auth,
    );
    expect(off.body.data.message).toBe('reader.one@example.com is off the newsletter list');
    expect((await list({ text: 'reader.' })).records.map((c) => c.email)).toEqual(['reader.two@example.com']);
    expect((await list({ status: 'unsubscribed' })).records[0]).toMatchObject({
      email: 'reader.one@example.com',
      status: 'unsubscribed',
      subscribed: false,
      unsubscribed_by: 'staff',
      unsubscribed_at: expect.any(String),
    });
    const csv = await market.ok<{ filename: string; records: string }>(
      actions.exportContacts.path,
      { status: 'all' },
      admin.auth,
    );
    expect(csv.filename).toBe('newsletter-all.csv');
    expect(csv.records.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      'email,language,source,status,subscribed,added_at,confirmed_at,unsubscribed_at,sent_on,sent_at',
    );
    expect(csv.records).toContain('reader.one@example.com,en,footer,unsubscribed,no,');
    expect(csv.records).toMatch(/reader\.two@example\.com,es,footer,subscribed,yes,[^,]+,[^,]+,,sandbox,/);
    // Signing up again puts the address back, pending its new confirmation.
    await market.ok(actions.addNewsletterContact.path, { email: 'reader.one@example.com' });
    expect((await list({ text: 'reader.one', status: 'all' })).records[0]?.status).toBe('pending');
  });

  it('is for admins only', async () => {
    const bidder = await market.bidder();
    const finance = await market.staff('finance');
    for (const headers of [{}, bidder.auth, finance.auth]) {
      expect((await market.post(actions.staffContacts.path, {}, headers)).http).toBe(403);
      expect((await market.post(actions.exportContacts.path, {}, headers)).http).toBe(403);
      expect(
        (await market.post(actions.unsubscribeContact.path, { email: 'a@example.com' }, headers)).http,
      ).toBe(403);
    }
  });
});
