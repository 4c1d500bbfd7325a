import { type AddressQuote, actions, type CheckoutResult } from '@wine/contracts';
import { invoiceStream, lotStream } from '@wine/event-schemas';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { invoiceDecider } from '../invoices/decide.ts';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

/** The card network: every test says how many times it charged. */
/** The card network these tests charge (CARD_NETWORK: the sandbox, or Stripe behind its local double). */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
const chargedSince = (from: number) => network.charges().slice(from);

let service: TestCommandService;
let finance: { token: string };
beforeAll(async () => {
  network = await openCardNetwork(networkName);
  // The clock starts on 2026-11-22: November is a hold month by default.
  service = await openTestCommandService({ network });
  finance = await service.signUp('finance@shipping.example', ['finance']);
  // The process managers follow the log: the auction cart's index of unpaid invoices among them.
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
  await network.close();
});

let n = 0;
async function buyer() {
  n += 1;
  const user = await service.signUp(`buyer${n}@shipping.example`);
  const { cardId } = await service.addCard(user.token);
  return { ...user, cardId };
}

/** Illinois taxes shipping (6.25% outside Chicago by default); Utah takes no wine shipments. */
const springfield = { address1: '1 Capitol Ave', city: 'Springfield', state: 'IL', zip: '62701' };
const saltLake = { address1: '1 Temple Sq', city: 'Salt Lake City', state: 'UT', zip: '84101' };

/** Three bottles in the cart of a lot at $50, $45 from two: $135.00 of wine. */
async function cartOfThree(token: string) {
  const lot = await service.listLot({
    auction: false,
    buyNow: true,
    buyNowPrice: 5_000,
    quantity: 12,
    discounts: [{ quantity: 2, price: 4_500 }],
  });
  await service.post(actions.addToCart.path, { cart: [{ product_id: lot.lotId, qty: 3 }] }, { token });
  return lot;
}

const cartId = () => `c${Math.random().toString(36).slice(2)}`;
const delivery = (input: Record<string, unknown>) => ({
  type: 'buynow',
  delivery: 'delivery',
  address: springfield,
  ...input,
});
const checkout = (token: string, input: Record<string, unknown>, commandId?: string) =>
  service.post<CheckoutResult>(actions.checkout.path, delivery({ cart_id: cartId(), ...input }), {
    token,
    ...(commandId && { commandId }),
  });
const loadInvoice = async (id: string) =>
  (await service.service.streams.load(invoiceStream(id), invoiceDecider)) as IssuedInvoice;

describe(`a delivery checkout, on ${on}`, () => {
  it('charges the card once for two identical delivery checkouts in flight at once with one x-command-id', async () => {
    const bo = await buyer();
    await cartOfThree(bo.token);
    const from = network.charges().length;
    const input = { cart_id: cartId(), ship_method: 'ground', payment: { card_id: bo.cardId } };
    const answers = await Promise.all([1, 2].map(() => checkout(bo.token, input, 'ship-bo-1')));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    const [invoiceId, ...others] = answers[0]?.body.data.responseData.invoice_ids ?? [];
    expect(others).toEqual([]);
    const invoice = await loadInvoice(invoiceId as string);
    expect(invoice.amounts.shipping).toBeGreaterThan(0);
    expect(invoice.paid).toBe(invoice.amounts.total);
    // One charge, of the invoice's total with its shipping.
    expect(chargedSince(from).map((c) => c.amount)).toEqual([invoice.amounts.total]);
  });

  it('puts the server-priced shipping and its tax on the invoice and charges the card the invoice total once, however often the same request is sent', async () => {
    const ann = await buyer();
    await cartOfThree(ann.token);
    const quote = await service.post<z.infer<typeof AddressQuote>>(
      actions.saveAddress.path,
      delivery({ cart_id: 'all-quote', ship_method: 'temperature' }),
      { token: ann.token },
    );
    expect(quote.status, quote.body.data.message).toBe(200);
    // Illinois: $25 the first bottle, $5 each further, $4 a bottle for temperature control: $47.00.
    expect(quote.body.data.responseData.cartValues).toMatchObject({ subtotal: 13_500, shipping: 4_700 });
    expect(quote.body.data.responseData.shipping).toMatchObject({
      method: 'temperature',
      charge: 4_700,
      taxable: true,
    });

    const from = network.charges().length;
    const input = { cart_id: cartId(), ship_method: 'temperature', payment: { card_id: ann.cardId } };
    const [first, again] = [
      await checkout(ann.token, input, 'ship-ann-1'),
      await checkout(ann.token, input, 'ship-ann-1'),
    ];
    expect(first.status, first.body.data.message).toBe(200);
    expect(again.body.data.responseData).toEqual(first.body.data.responseData);
    const invoice = await loadInvoice(first.body.data.responseData.invoice_ids[0] as string);
    // 6.25% of $182.00 (the wine and the shipping, Illinois taxing shipping) is $11.375: $11.38.
    expect(invoice.amounts).toEqual({
      subtotal: 13_500,
      premiumPercent: 0,
      premium: 0,
      tax: 1_138,
      shipping: 4_700,
      total: 19_338,
    });
    // What the quote said is what the invoice asks.
    expect(quote.body.data.responseData.cartValues).toMatchObject({ tax: 1_138, total: 19_338 });
    expect(invoice.delivery.shipping).toEqual({ method: 'temperature', shipDate: null, taxable: true });
    expect(invoice.paid).toBe(19_338);
    // Charged once, for the invoice's total.
    expect(chargedSince(from).map((c) => c.amount)).toEqual([19_338]);
  });

  it('never takes a shipping figure from the client', async () => {
    const bea = await buyer();
    await cartOfThree(bea.token);
    const answer = await checkout(bea.token, { shipping: 0, payment: { card_id: bea.cardId } });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('VALIDATION');
  });

  it('refuses a state wine may not ship to with SHIPPING_NOT_ALLOWED, before holding or charging anything', async () => {
    const cy = await buyer();
    const lot = await cartOfThree(cy.token);
    const from = network.charges().length;
    const answer = await checkout(cy.token, { address: saltLake, payment: { card_id: cy.cardId } });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('SHIPPING_NOT_ALLOWED');
    expect(answer.body.data.message).toContain('Utah');
    expect(chargedSince(from)).toEqual([]);
    const events = await service.service.streams.store.readStream(lotStream(lot.lotId));
    expect(events.map((e) => e.type)).toEqual(['LotListed']);
  });

  it('ships a seasonal hold on the chosen future date, and refuses a date outside the window', async () => {
    const dee = await buyer();
    await cartOfThree(dee.token);
    const today = await checkout(dee.token, {
      ship_method: 'hold',
      ship_date: '2026-11-22',
      payment: { card_id: dee.cardId },
    });
    expect(today.status).toBe(400);
    expect(today.body.data.code).toBe('SHIP_DATE_INVALID');
    expect(today.body.data.responseData.field).toBe('ship_date');
    const none = await checkout(dee.token, { ship_method: 'hold', payment: { card_id: dee.cardId } });
    expect(none.status).toBe(400);
    const held = await checkout(dee.token, {
      ship_method: 'hold',
      ship_date: '2027-01-12',
      payment: { card_id: dee.cardId },
    });
    expect(held.status, held.body.data.message).toBe(200);
    const invoice = await loadInvoice(held.body.data.responseData.invoice_ids[0] as string);
    expect(invoice.delivery.shipping).toEqual({ method: 'hold', shipDate: '2027-01-12', taxable: true });
    expect(invoice.amounts.shipping).toBe(3_500);
  });
});

/** An unpaid auction invoice of `hammer` cents for `bottles` bottles, issued to the buyer. */
const auctionInvoice = async (buyerId: string, hammer: number, bottles: number) =>
  (await service.issueAuctionInvoice(buyerId, hammer, { bottles })).invoiceId;

describe(`delivering lots won at auction, on ${on}`, () => {
  it('ships the lots paid together as one shipment, its charge on the first invoice, with premium and shipping taxed', async () => {
    const gus = await buyer();
    const first = await auctionInvoice(gus.id, 10_000, 6);
    const second = await auctionInvoice(gus.id, 12_000, 6);
    const all = { type: 'auction', cart_id: 'all', delivery: 'delivery', address: springfield };
    // The auction cart's index follows the log: both invoices are in it once it has read them.
    for (let i = 0; ; i++) {
      const quote = await service.post<{ cartValues: { count: number } }>(actions.saveAddress.path, all, {
        token: gus.token,
      });
      if (quote.body.data.responseData.cartValues?.count === 2) break;
      if (i > 400)
        throw new Error(`the auction cart never listed both invoices: ${JSON.stringify(quote.body)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const from = network.charges().length;
    const answer = await service.post<CheckoutResult>(
      actions.checkout.path,
      { ...all, payment: { card_id: gus.cardId } },
      { token: gus.token, commandId: 'gus-all' },
    );
    expect(answer.status, answer.body.data.message).toBe(200);
    const [a, b] = [await loadInvoice(first), await loadInvoice(second)];
    // Twelve bottles to Illinois: $25 and eleven at $5, $80.00, on the first; 6.25% on premium and shipping.
    expect(a.amounts).toEqual({
      subtotal: 10_000,
      premiumPercent: 20,
      premium: 2_000,
      tax: 1_250,
      shipping: 8_000,
      total: 21_250,
    });
    expect(b.amounts).toEqual({
      subtotal: 12_000,
      premiumPercent: 20,
      premium: 2_400,
      tax: 900,
      shipping: 0,
      total: 15_300,
    });
    expect([a.paid, b.paid]).toEqual([21_250, 15_300]);
    // One card charge, once, for the two invoices' totals together.
    expect(chargedSince(from).map((c) => c.amount)).toEqual([21_250 + 15_300]);
  });
});

describe(`the tracking number, on ${on}`, () => {
  const track = (token: string, input: Record<string, unknown>, commandId?: string) =>
    service.post<{ recorded: boolean }>(actions.recordTracking.path, input, {
      token,
      ...(commandId && { commandId }),
    });

  async function deliveredInvoice() {
    const eve = await buyer();
    await cartOfThree(eve.token);
    const paid = await checkout(eve.token, { payment: { card_id: eve.cardId } });
    return { eve, invoiceId: paid.body.data.responseData.invoice_ids[0] as string };
  }
  const trackingMails = async (to: string) =>
    ((await service.mailer.outbox?.({ to })) ?? []).filter((m) =>
      m.subject.startsWith('Your order has shipped'),
    );

  it('is refused to the buyer and to a user without a staff role, before the body is read', async () => {
    const { eve, invoiceId } = await deliveredInvoice();
    const seller = await service.signUp('seller@shipping.example', ['seller']);
    const input = { invoice_id: invoiceId, carrier: 'UPS', tracking_number: '1Z999AA10123456784' };
    for (const token of [eve.token, seller.token]) {
      const answer = await track(token, input);
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('ROLE_REQUIRED');
    }
    expect((await loadInvoice(invoiceId)).tracking).toBeUndefined();
  });

  it('is recorded for finance, shown on the invoice and mailed to the buyer once, however often it is sent', async () => {
    const { eve, invoiceId } = await deliveredInvoice();
    const input = { invoice_id: invoiceId, carrier: 'UPS', tracking_number: '1Z999AA10123456784' };
    const first = await track(finance.token, input, 'track-1');
    expect(first.status, first.body.data.message).toBe(200);
    expect(first.body.data.responseData).toEqual({ recorded: true });
    // The same request again, and the same number sent anew: nothing more is written or mailed.
    for (const commandId of ['track-1', 'track-2']) {
      const retry = await track(finance.token, input, commandId);
      expect(retry.status).toBe(200);
      expect(retry.body.data.responseData).toEqual({ recorded: false });
    }
    expect((await loadInvoice(invoiceId)).tracking).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const events = await service.service.streams.store.readStream(invoiceStream(invoiceId));
    expect(events.filter((e) => e.type === 'ShipmentTracked')).toHaveLength(1);
    const mails = await trackingMails(eve.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('UPS, tracking number 1Z999AA10123456784');
  });

  it('names the field of a bad number, and refuses a pickup invoice', async () => {
    const { invoiceId } = await deliveredInvoice();
    const bad = await track(finance.token, { invoice_id: invoiceId, carrier: 'UPS', tracking_number: '#' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.data.responseData.issues?.[0]?.field ?? bad.body.data.responseData.field)).toBe(
      'tracking_number',
    );
    const fay = await buyer();
    await cartOfThree(fay.token);
    const pickup = await checkout(fay.token, {
      delivery: 'pickup',
      address: null,
      payment: { card_id: fay.cardId },
    });
    const answer = await track(finance.token, {
      invoice_id: pickup.body.data.responseData.invoice_ids[0],
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
    });
    expect(answer.status).toBe(409);
    expect(answer.body.data.code).toBe('TRACKING_NOT_DELIVERY');
  });
});
