import { randomUUID } from 'node:crypto';
import {
  type AddressQuote,
  actions,
  type CartView,
  type ChangeBiddingInput,
  type ChangeMerchantInput,
  type DefaultBundle,
  type FooterLinks,
  type SlotList,
  type StaffAuctionDetail,
  type StaffSettings,
} from '@wine/contracts';
import { settingsStream } from '@wine/event-schemas';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  lotInput,
  pickupOrder,
  startMarketplace,
  type TestMarketplace,
  type TestUser,
} from './support/marketplace.ts';

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
const merchantInput = (s: StaffSettings, phone: string): ChangeMerchantInput => {
  const { hours: _shown, ...merchant } = s.merchant;
  return { ...merchant, phone };
};
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

  it("books pickups within the shop's opening hours as the admin sets them, and shows them in each language", async () => {
    const current = await settingsNow();
    const weekdays = merchantInput(current, current.merchant.phone);
    // The shop closing before it opens is refused, naming the field, and nothing is written.
    const before = await settingsEvents();
    const backwards = await market.post(
      actions.changeMerchantDetails.path,
      { ...weekdays, openingHours: { days: [6], opensAt: 840, closesAt: 600 } },
      admin.auth,
    );
    expect(backwards.http).toBe(400);
    expect(JSON.stringify(backwards.body.data)).toContain('"code":"VALIDATION"');
    expect(JSON.stringify(backwards.body.data)).toContain('The shop must close after it opens');
    // The English text is written from the days and times, never sent.
    const typed = await market.post(
      actions.changeMerchantDetails.path,
      { ...weekdays, hours: 'Saturdays only' },
      admin.auth,
    );
    expect(typed.http).toBe(400);
    expect(await settingsEvents()).toEqual(before);

    await market.ok(
      actions.changeMerchantDetails.path,
      { ...weekdays, openingHours: { days: [6], opensAt: 600, closesAt: 840 } },
      admin.auth,
    );
    const footer = await eventually(
      () => market.ok<FooterLinks>(actions.getFooterLinks.path, {}),
      (f) => f.merchant.openingHours.days.join() === '6',
    );
    expect(footer.merchant.hours).toBe('Saturday, 10:00 AM – 2:00 PM');
    const bidder = await market.bidder();
    const invoiceId = await pickupOrder(market, bidder);
    const slots = await market.ok<SlotList>(actions.checkAppointments.path, {}, bidder.auth);
    expect(slots.records.length).toBeGreaterThan(0);
    for (const slot of slots.records) {
      expect(new Date(`${slot.date}T12:00:00Z`).getUTCDay(), slot.date).toBe(6);
      expect(slot.time >= '10:00' && slot.time < '14:00', slot.time).toBe(true);
    }
    expect(slots.records.map((s) => s.time)).toContain('13:30');
    // The command side books within the same hours: a Saturday slot is taken.
    const saturday = slots.records[0] as SlotList['records'][number];
    await market.ok(
      actions.updateAppointment.path,
      { invoice_id: invoiceId, starts_at: saturday.starts_at },
      bidder.auth,
    );
    // Back to the weekdays, for the specs after this one.
    await market.ok(actions.changeMerchantDetails.path, weekdays, admin.auth);
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
      { ...merchantInput(current, current.merchant.phone), name: 'x'.repeat(3_000_000) },
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

  it('prices the next delivery with the shipping table an admin saved, and refuses a method taken off', async () => {
    const current = await settingsNow();
    expect(current.shipping.methods).toEqual(['ground', 'temperature', 'hold']);
    const ann = await market.bidder();
    const input = lotInput({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 6, openingBid: 0 });
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, admin.auth);
    await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 2 }] }, ann.auth);
    const address = { address1: '1 Capitol Ave', city: 'Springfield', state: 'IL', zip: '62701' };
    const quote = (ship_method: string) =>
      market.post(
        actions.saveAddress.path,
        { type: 'buynow', cart_id: 'settings-quote', delivery: 'delivery', address, ship_method },
        ann.auth,
      );
    const before = await quote('temperature');
    expect(before.http).toBe(200);
    // The default table: $25 the first bottle, $5 the next, $4 a bottle for temperature control.
    expect((before.body.data.responseData as z.infer<typeof AddressQuote>).shipping).toMatchObject({
      charge: 3_800,
    });

    const saved = await market.post(
      actions.changeShippingSettings.path,
      {
        ...current.shipping,
        methods: ['ground', 'hold'],
        standard: { ...current.shipping.standard, firstBottle: 3_000 },
        minimum: 1_000,
      },
      admin.auth,
    );
    expect(saved.http).toBe(200);
    expect(saved.body.data.message).toBe('The shipping rates are saved');
    // The write side prices with it at once: $30 + $5, and temperature control is not offered.
    const ground = await quote('ground');
    expect((ground.body.data.responseData as z.infer<typeof AddressQuote>).shipping).toMatchObject({
      charge: 3_500,
      methods: ['ground', 'hold'],
    });
    const refused = await quote('temperature');
    expect(refused.http).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('This shipping method is not offered');
    // Checking out with it is refused before anything is held or charged: two at once with one
    // x-command-id, then the same again; the card is charged 0 times and the cart keeps its bottles.
    const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, ann.auth);
    const charged = market.cards.charges().length;
    const headers = { ...ann.auth, 'x-command-id': randomUUID() };
    const checkout = () =>
      market.post(
        actions.checkout.path,
        {
          type: 'buynow',
          cart_id: 'settings-checkout',
          delivery: 'delivery',
          address,
          ship_method: 'temperature',
          payment: { card_id: cards.data[0]?.id },
        },
        headers,
      );
    const answers = [...(await Promise.all([checkout(), checkout()])), await checkout()];
    for (const answer of answers) {
      expect(answer.http).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('SHIP_METHOD_NOT_OFFERED');
    }
    expect(market.cards.charges().length - charged).toBe(0);
    const cart = await market.ok<CartView>(actions.buynowCart.path, {}, ann.auth);
    expect(cart.cartItems.map((line) => [line.product_id, line.qty])).toEqual([[id, 2]]);
    const after = await eventually(settingsNow, (s) => s.changes[0]?.section === 'shipping');
    expect(after.shipping.standard.firstBottle).toBe(3_000);

    // Ground cannot be taken off, nor the hold's window turned round; nothing is written.
    const written = await settingsEvents();
    for (const bad of [
      { ...current.shipping, methods: ['temperature'] },
      { ...current.shipping, hold: { ...current.shipping.hold, minDays: 30, maxDays: 10 } },
      { ...current.shipping, notAllowed: ['UT', 'UT'] },
      { ...current.shipping, minimum: -1 },
      { ...current.shipping, surcharge: { ...current.shipping.surcharge, ground: 0.5 } },
    ]) {
      const answer = await market.post(actions.changeShippingSettings.path, bad, admin.auth);
      expect(answer.http).toBe(400);
      expect(JSON.stringify(answer.body.data)).toContain('"code":"VALIDATION"');
    }
    expect(await settingsEvents()).toEqual(written);
    await market.ok(actions.changeShippingSettings.path, current.shipping, admin.auth);
  });

  it("shows the merchant's premium note and welcome text in the visitor's language, and starts new auctions at the house's pace", async () => {
    const current = await settingsNow();
    expect(current.catalogue).toEqual({
      premiumText: { en: '', es: '' },
      welcomeText: { en: '', es: '' },
      lotsPerMinute: 10,
    });
    const catalogue = {
      premiumText: { en: 'A 20% premium is added; members pay 18%.', es: 'Se suma una prima del 20%.' },
      welcomeText: { en: 'Welcome to the new cellar.', es: '' },
      lotsPerMinute: 4,
    };
    const saved = await market.post(actions.changeCatalogueSettings.path, catalogue, admin.auth);
    expect(saved.http).toBe(200);
    const defaults = await eventually(
      () => market.ok<DefaultBundle>(actions.getDefault.path, {}),
      (d) => d.configuration.lots_per_minute === 4,
    );
    expect(defaults.configuration).toMatchObject({
      premium_text: catalogue.premiumText,
      welcome_text: catalogue.welcomeText,
    });
    // An auction created without a pace closes its lots four a minute.
    const { id } = await market.ok<{ id: string }>(
      actions.createAuction.path,
      {
        title: 'Winter sale',
        kind: 'timed',
        startsAt: new Date(clock.now().getTime() + HOUR).toISOString(),
        firstCloseAt: new Date(clock.now().getTime() + 48 * HOUR).toISOString(),
      },
      admin.auth,
    );
    const auction = await eventually(
      () => market.post(actions.staffAuction.path, { id }, admin.auth),
      (a) => a.http === 200,
    );
    expect((auction.body.data.responseData as StaffAuctionDetail).fields.lotsPerMinute).toBe(4);
    // A text with control characters, a pace of 0 or a bidder's save is refused, writing nothing.
    const written = await settingsEvents();
    const bidder = await market.bidder();
    for (const [body, auth, http] of [
      [{ ...catalogue, premiumText: { en: 'a\u0000b', es: '' } }, admin.auth, 400],
      [{ ...catalogue, lotsPerMinute: 0 }, admin.auth, 400],
      [{ ...catalogue, welcomeText: { en: 'x'.repeat(2001), es: '' } }, admin.auth, 400],
      [{ ...catalogue, extra: 1 }, admin.auth, 400],
      [catalogue, bidder.auth, 403],
    ] as const) {
      expect((await market.post(actions.changeCatalogueSettings.path, body, auth)).http).toBe(http);
    }
    expect(await settingsEvents()).toEqual(written);
  });
});
