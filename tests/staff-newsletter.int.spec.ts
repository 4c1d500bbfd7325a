import { actions, type StaffContactPage } from '@wine/contracts';
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

describe('the newsletter list for admins (issue 34 "Marketing contacts")', () => {
  it('lists the footer sign-ups, takes one off the list, signs it up again, and exports the list as CSV', async () => {
    await market.ok(actions.addNewsletterContact.path, { email: 'Reader.One@Example.com' });
    await market.ok(
      actions.addNewsletterContact.path,
      { email: 'reader.two@example.com' },
      { 'accept-language': 'es' },
    );
    const subscribed = await list({ text: 'reader.' });
    expect(subscribed.records.map((c) => [c.email, c.language, c.subscribed])).toEqual([
      ['reader.two@example.com', 'es', true],
      ['reader.one@example.com', 'en', true],
    ]);
    const off = await market.post(
      actions.unsubscribeContact.path,
      { email: 'reader.one@example.com' },
      admin.auth,
    );
    expect(off.body.data.message).toBe('reader.one@example.com is off the newsletter list');
    expect((await list({ text: 'reader.' })).records.map((c) => c.email)).toEqual(['reader.two@example.com']);
    expect((await list({ status: 'unsubscribed' })).records[0]).toMatchObject({
      email: 'reader.one@example.com',
      subscribed: false,
      unsubscribed_at: expect.any(String),
    });
    const csv = await market.ok<{ filename: string; records: string }>(
      actions.exportContacts.path,
      { status: 'all' },
      admin.auth,
    );
    expect(csv.filename).toBe('newsletter-all.csv');
    expect(csv.records.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      'email,language,source,subscribed,added_at,unsubscribed_at',
    );
    expect(csv.records).toContain('reader.one@example.com,en,footer,no,');
    // Signing up again puts the address back on the list.
    await market.ok(actions.addNewsletterContact.path, { email: 'reader.one@example.com' });
    expect((await list({ text: 'reader.one' })).records[0]?.subscribed).toBe(true);
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
