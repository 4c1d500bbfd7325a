import { randomUUID } from 'node:crypto';
import {
  actions,
  type CartView,
  type ChangeBiddingInput,
  type ChangeMerchantInput,
  type DefaultBundle,
  type FooterLinks,
  type StaffSettings,
} from '@wine/contracts';
import { settingsStream } from '@wine/event-schemas';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const HOUR = 3600_000;
const clock = offsetClock();
let market: TestMarketplace;
let admin: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock, staffRateLimit: 1_000_000 });
  admin = await market.staff('admin');
}, 120_000);
afterAll(() => market?.stop());

const settingsNow = () => market.ok<StaffSettings>(actions.staffSettings.path, {}, admin.auth);
const settingsEvents = async () => (await market.eventStore.readStream(settingsStream)).map((e) => e.type);
const merchantInput = (s: StaffSettings, phone: string): ChangeMerchantInput => ({ ...s.merchant, phone });
const biddingInput = (s: StaffSettings, premium: number): ChangeBiddingInput => ({
  ...s.bidding,
  buyer_premium: premium,
});

/** A lot ann wins at $400 an hour from now; its invoice is issued when the clock passes the close. */
async function wonLot(ann: TestUser) {
  const { id } = await market.ok<{ id: string }>(
    actions.createLot.path,
    lotInput({ openingBid: 40_000, closesAt: new Date(clock.now().getTime() + HOUR).toISOString() }),
    admin.auth,
  );
  await market.ok(actions.bidConfirm.path, { id, wsprice: 40_000 }, ann.auth);
  return id;
}

const auctionCart = (user: TestUser, lines: number) =>
  eventually(
    () => market.ok<CartView>(actions.auctionCart.path, {}, user.auth),
    (c) => c.cartItems.length === lines,
  );

describe('settings (issue 34): facts in the log, in effect at once', () => {
  it("changes the shop's phone: the footer and getDefault's pickup show it, and the change names the admin", async () => {
    const before = await settingsNow();
    expect(before.merchant.phone).toBe('+1 (312) 555-0100');
    const saved = await market.post(
      actions.changeMerchantDetails.path,
      merchantInput(before, '+1 (312) 555-0199'),
      admin.auth,
    );
    expect(saved.http).toBe(200);
    expect(saved.body.data.message).toBe("The shop's details are saved");
    // A visitor (no session) reads it as soon as the read side has the event.
    const footer = await eventually(
      () => market.ok<FooterLinks>(actions.getFooterLinks.path, {}),
      (f) => f.merchant.phone === '+1 (312) 555-0199',
    );
    expect(footer.merchant.phoneHref).toBe('tel:+13125550199');
    const defaults = await market.ok<DefaultBundle>(actions.getDefault.path, {});
    expect(defaults.locations[0]?.name).toBe(before.merchant.name);
    const after = await settingsNow();
    expect(after.merchant.phone).toBe('+1 (312) 555-0199');
    // Who changed it, by name (the admin is a user first named Staff).
    expect(after.changes[0]).toMatchObject({ section: 'merchant', by: expect.stringMatching(/^Staff /) });
    // Saving it again as it reads records nothing.
    const again = await market.post(
      actions.changeMerchantDetails.path,
      merchantInput(after, '+1 (312) 555-0199'),
      admin.auth,
    );
    expect(again.body.data.message).toBe('Nothing to save: the settings already read so');
    expect(await settingsEvents()).toEqual(['MerchantDetailsChanged']);
  });

  it("makes the next invoice's premium 18% while the earlier invoice keeps its 20%", async () => {
    const ann = await market.bidder({ firstName: 'Ann' });
    await wonLot(ann);
    clock.advance(2 * HOUR);
    const first = await auctionCart(ann, 1);
    expect(first.cartValues).toMatchObject({ subtotal: 40_000, premium: 8_000 });

    const current = await settingsNow();
    await market.ok(actions.changeBiddingSettings.path, biddingInput(current, 18), admin.auth);
    await wonLot(ann);
    clock.advance(2 * HOUR);
    const both = await auctionCart(ann, 2);
    // Two invoices: $80 of premium on the first, $72 on the second.
    expect(both.cartValues).toMatchObject({ subtotal: 80_000, premium: 8_000 + 7_200 });
    const defaults = await eventually(
      () => market.ok<DefaultBundle>(actions.getDefault.path, {}),
      (d) => d.buyer_premium === 18,
    );
    expect(defaults.buyer_premium).toBe(18);
    await market.ok(actions.changeBiddingSettings.path, biddingInput(current, 20), admin.auth);
  });

  it('refuses an increment table with a gap, a premium over 50% and a map link that is not https, writing nothing', async () => {
    const current = await settingsNow();
    const written = await settingsEvents();
    const gap = await market.post(
      actions.changeBiddingSettings.path,
      {
        ...current.bidding,
        bid_increments: [
          { from_amount: 0, to_amount: 9_999, increment: 100, value_type: 'fixed' },
          { from_amount: 20_000, to_amount: null, increment: 1_000, value_type: 'fixed' },
        ],
      },
      admin.auth,
    );
    expect(gap.http).toBe(400);
    expect(JSON.stringify(gap.body.data)).toContain('"code":"VALIDATION"');
    expect(JSON.stringify(gap.body)).toContain('A row ends one cent before the next row starts');
    const premium = await market.post(
      actions.changeBiddingSettings.path,
      biddingInput(current, 60),
      admin.auth,
    );
    expect(premium.http).toBe(400);
    const script = await market.post(
      actions.changeMerchantDetails.path,
      { ...current.merchant, mapUrl: 'javascript:alert(1)' },
      admin.auth,
    );
    expect(script.http).toBe(400);
    const tax = await market.post(
      actions.changeMoneySettings.path,
      {
        ...current.money,
        taxRates: [
          { place: 'IL', percent: 6.25 },
          { place: 'il', percent: 7 },
        ],
      },
      admin.auth,
    );
    expect(tax.http).toBe(400);
    expect(await settingsEvents()).toEqual(written);
  });

  it('lets only admins read or change the settings, refuses a huge body, and writes a retried save once', async () => {
    const current = await settingsNow();
    const bidder = await market.bidder();
    const seller = await market.staff('seller');
    const finance = await market.staff('finance');
    const body = { ...current.money, returnDays: 21 };
    expect((await market.post(actions.changeMoneySettings.path, body)).http).toBe(403);
    for (const user of [bidder, seller, finance]) {
      expect((await market.post(actions.changeMoneySettings.path, body, user.auth)).http).toBe(403);
      expect((await market.post(actions.staffSettings.path, {}, user.auth)).http).toBe(403);
    }
    const huge = await market.post(
      actions.changeMerchantDetails.path,
      { ...current.merchant, hours: 'x'.repeat(3_000_000) },
      admin.auth,
    );
    expect(huge.http).toBe(413);
    const before = await settingsEvents();
    const headers = { ...admin.auth, 'x-command-id': randomUUID() };
    const [a, b] = await Promise.all([
      market.post(actions.changeMoneySettings.path, body, headers),
      market.post(actions.changeMoneySettings.path, body, headers),
    ]);
    expect([a.http, b.http]).toEqual([200, 200]);
    expect(await market.post(actions.changeMoneySettings.path, body, headers)).toMatchObject({ http: 200 });
    expect(await settingsEvents()).toEqual([...before, 'MoneySettingsChanged']);
    expect((await settingsNow()).money.returnDays).toBe(21);
  });
});
