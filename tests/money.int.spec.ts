import { randomUUID } from 'node:crypto';
import {
  actions,
  type CartView,
  type CheckoutResult,
  type CreditHistory,
  type InvoiceDetail,
  invoicePdfPath,
  type PendingCounts,
} from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const HOUR = 3600_000;
const clock = offsetClock();
let market: TestMarketplace;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock });
});
afterAll(() => market?.stop());

async function cardOf(user: TestUser) {
  const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, user.auth);
  return cards.data[0]?.id as string;
}
const counts = (user: TestUser) => market.ok<PendingCounts>(actions.pendingCount.path, {}, user.auth);

describe('from a won lot to a paid invoice, through every service', () => {
  it('puts the won lot in the auction cart, pays it, and shows the paid invoice and its PDF', async () => {
    const ann = await market.bidder({ firstName: 'Ann' });
    const input = lotInput({
      title: '2010 Ch. Montrose',
      openingBid: 40_000,
      closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    await market.ok(actions.bidConfirm.path, { id, wsprice: 40_000 }, ann.auth);
    clock.advance(2 * HOUR);
    const cart = await eventually(
      () => market.ok<CartView>(actions.auctionCart.path, {}, ann.auth),
      (c) => c.cartItems.length === 1,
    );
    expect(cart.cartItems[0]).toMatchObject({ product_id: id, title: '2010 Ch. Montrose', amount: 40_000 });
    expect(cart.cartValues).toMatchObject({
      subtotal: 40_000,
      premium: 8_000,
      tax: 4_920,
      total: 52_920,
      due: 52_920,
    });
    expect((await counts(ann)).auctionCount.totalRecords).toBe(1);
    const invoiceId = cart.cartItems[0]?.invoice_id as string;

    const paid = await market.ok<CheckoutResult>(
      actions.checkout.path,
      { type: 'auction', cart_id: invoiceId, delivery: 'pickup', payment: { card_id: await cardOf(ann) } },
      ann.auth,
    );
    expect(paid.status).toBe('paid');
    await market.caughtUp();
    const detail = await market.ok<InvoiceDetail>(actions.invoice.path, { id: invoiceId }, ann.auth);
    expect(detail).toMatchObject({ status: 'paid', total: 52_920, paid: 52_920, due: 0 });
    expect(detail.allTransactions.map((t) => [t.method, t.status, t.amount, t.card_last4])).toEqual([
      ['card', 'succeeded', 52_920, '4242'],
    ]);
    expect(detail.invoiceUser).toMatchObject({ id: ann.id, email: ann.email });
    expect((await counts(ann)).auctionCount.totalRecords).toBe(0);
    // Mailed: the won lot with its invoice when the lot closed (issue 31: in place of the invoice
    // mail, one mail for the one event), then the payment.
    const mails = (await market.mailer.outbox?.({ to: ann.email })) ?? [];
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toContain('You won 2010 Ch. Montrose');
    expect(subjects.filter((s) => s.startsWith('Invoice '))).toEqual([]);
    expect(mails.find((m) => m.subject.startsWith('You won'))?.text).toContain(`/invoice/${invoiceId}`);
    // Issue 31: mails name the invoice by its readable number (2026-000123).
    const number = detail.number as string;
    expect(number).toMatch(/^\d{4}-\d{6}$/);
    expect(subjects).toContain(`Payment received for invoice ${number}`);
    const receipt = mails.find((m) => m.subject.startsWith('Payment received'));
    expect(receipt?.text).toContain(`We received $529.20 for invoice ${number}: it is paid in full.`);
    expect(receipt?.text).toContain(`/invoice/${invoiceId}`);

    const pdf = await fetch(`${market.url}${invoicePdfPath(invoiceId)}`, { headers: ann.auth });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Another buyer, or nobody, sees none of it.
    const mallory = await market.bidder({ firstName: 'Mallory' });
    const foreign = await market.post(actions.invoice.path, { id: invoiceId }, mallory.auth);
    expect([foreign.http, foreign.body.data.responseType]).toEqual([404, 404]);
    expect((await fetch(`${market.url}${invoicePdfPath(invoiceId)}`, { headers: mallory.auth })).status).toBe(
      404,
    );
    expect((await fetch(`${market.url}${invoicePdfPath(invoiceId)}`)).status).toBe(403);
  });

  it('counts buy-now lines on the badge, empties the cart when paid and sells the bottles', async () => {
    const ben = await market.bidder({ firstName: 'Ben' });
    const input = lotInput({ auction: false, buyNow: true, buyNowPrice: 6_000, quantity: 12, openingBid: 0 });
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 2 }] }, ben.auth);
    await market.caughtUp();
    expect((await counts(ben)).buynowCount.totalRecords).toBe(1);
    const cart = await market.ok<CartView>(actions.buynowCart.path, {}, ben.auth);
    expect(cart.cartItems.map((i) => [i.product_id, i.qty, i.amount, i.remaining])).toEqual([
      [id, 2, 12_000, 12],
    ]);

    const result = await market.ok<CheckoutResult>(
      actions.checkout.path,
      { type: 'buynow', cart_id: randomUUID(), delivery: 'pickup', payment: { card_id: await cardOf(ben) } },
      ben.auth,
    );
    expect(result.status).toBe('paid');
    await market.caughtUp();
    expect((await counts(ben)).buynowCount.totalRecords).toBe(0);
    const lot = await market.ok<{ sold: number }>(actions.productLot.path, { id }, ben.auth);
    expect(lot.sold).toBe(2);
    const history = await market.ok<{ records: unknown[] }>(actions.alltransactions.path, {}, ben.auth);
    expect(history.records).toHaveLength(1);
  });

  it('keeps the wallet history with its balance', async () => {
    const cy = await market.bidder({ firstName: 'Cy' });
    await market.ok(actions.addCreditBalance.path, { amount: 2_500, card_id: await cardOf(cy) }, cy.auth);
    await market.caughtUp();
    const history = await market.ok<CreditHistory>(actions.getCreditHistory.path, {}, cy.auth);
    expect(history).toMatchObject({ balance: 2_500, totalRecords: 1, setDisp: 'Showing 1-1 of 1' });
  });
});

describe('staff: offline payments and gift cards', () => {
  it('lists every buyer\u2019s unpaid invoices to finance, records an offline payment, and counts gift cards outstanding', async () => {
    const dee = await market.bidder({ firstName: 'Dee' });
    const finance = await market.staff('finance');
    const input = lotInput({ auction: false, buyNow: true, buyNowPrice: 2_000, quantity: 4, openingBid: 0 });
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, dee.auth);
    const placed = await market.ok<CheckoutResult>(
      actions.payCartOffline.path,
      { type: 'buynow', cart_id: randomUUID(), delivery: 'pickup' },
      dee.auth,
    );
    await market.caughtUp();
    const listed = await market.ok<{ records: { id: string; buyer_email: string; due: number }[] }>(
      actions.staffInvoices.path,
      { status: 'unpaid' },
      finance.auth,
    );
    const row = listed.records.find((r) => r.id === placed.invoice_ids[0]);
    expect(row).toMatchObject({ buyer_email: dee.email, due: 2_205 });
    // A buyer sees no one else's invoices through the staff list.
    expect((await market.post(actions.staffInvoices.path, { status: 'unpaid' }, dee.auth)).http).toBe(403);
    await market.ok(
      actions.recordOfflinePayment.path,
      { invoice_id: row?.id, amount: 2_205, reference: 'cash at pickup' },
      finance.auth,
    );
    await market.caughtUp();
    const detail = await market.ok<InvoiceDetail>(actions.invoice.path, { id: row?.id }, dee.auth);
    expect(detail.status).toBe('paid');
    expect(detail.allTransactions[0]).toMatchObject({
      method: 'offline',
      amount: 2_205,
      status: 'succeeded',
    });

    const before = await market.ok<{ outstanding: number }>(actions.giftCards.path, {}, finance.auth);
    const issued = await market.ok<{ cards: { code: string; last4: string }[] }>(
      actions.issueGiftCards.path,
      { amount: 1_000, count: 3 },
      market.admin,
    );
    // Issue 31: a redeemed card names who redeemed it, never their raw id.
    const gil = await market.bidder({ firstName: 'Gil', card: false });
    await market.ok(actions.addGiftCardWalletBalance.path, { code: issued.cards[0]?.code }, gil.auth);
    await market.caughtUp();
    const after = await market.ok<{
      outstanding: number;
      records: { last4: string; redeemed_by: string | null; redeemed_by_name?: string | null }[];
    }>(actions.giftCards.path, {}, finance.auth);
    expect(after.outstanding - before.outstanding).toBe(2_000);
    const redeemed = after.records.find((r) => r.last4 === issued.cards[0]?.last4);
    expect(redeemed?.redeemed_by).toBe(gil.id);
    expect(redeemed?.redeemed_by_name).toMatch(/^Gil /);
  });
});

describe('sellers', () => {
  it('see their lots on buyers\u2019 invoices at /salesorder/all, and no one else\u2019s', async () => {
    const sam = await market.staff('seller');
    const gus = await market.bidder({ firstName: 'Gus' });
    const input = lotInput({ auction: false, buyNow: true, buyNowPrice: 7_000, quantity: 3, openingBid: 0 });
    const { id } = await market.sellerListing(sam, input);
    await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, gus.auth);
    await market.ok(
      actions.checkout.path,
      { type: 'buynow', cart_id: randomUUID(), delivery: 'pickup', payment: { card_id: await cardOf(gus) } },
      gus.auth,
    );
    await market.caughtUp();
    const orders = await market.ok<{ records: { product_id: string; buyer: string; status: string }[] }>(
      actions.salesOrders.path,
      {},
      sam.auth,
    );
    expect(orders.records).toEqual([
      expect.objectContaining({ product_id: id, buyer: 'Gus', status: 'paid' }),
    ]);
    expect((await market.post(actions.salesOrders.path, {}, gus.auth)).http).toBe(403);
  });
});

describe('the money actions, tried as an attacker would', () => {
  it('refuses another buyer reusing a checkout x-command-id, writing nothing', async () => {
    const dee = await market.bidder({ firstName: 'Dee' });
    const eve = await market.bidder({ firstName: 'Eve' });
    const input = lotInput({ auction: false, buyNow: true, buyNowPrice: 3_000, quantity: 5, openingBid: 0 });
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    for (const who of [dee, eve])
      await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, who.auth);
    const commandId = `checkout-${randomUUID()}`;
    const body = async (who: TestUser) => ({
      type: 'buynow',
      cart_id: 'same-cart',
      delivery: 'pickup',
      payment: { card_id: await cardOf(who) },
    });
    const first = await market.post<CheckoutResult>(actions.checkout.path, await body(dee), {
      ...dee.auth,
      'x-command-id': commandId,
    });
    expect(first.http).toBe(200);
    const head = await market.eventStore.headPosition();
    const hijack = await market.post(actions.checkout.path, await body(eve), {
      ...eve.auth,
      'x-command-id': commandId,
    });
    expect(hijack.http).toBe(409);
    expect(await market.writtenSince(head)).toEqual([]);
    // The same buyer's same request replays its answer and charges nothing more.
    const again = await market.post(actions.checkout.path, await body(dee), {
      ...dee.auth,
      'x-command-id': commandId,
    });
    expect(again.body).toEqual(first.body);
    expect(await market.writtenSince(head)).toEqual([]);
  });

  it('refuses hostile bodies with a clear 400 and nothing written', async () => {
    const fay = await market.bidder({ firstName: 'Fay' });
    const head = await market.eventStore.headPosition();
    const bodies = [
      { type: 'buynow', cart_id: '../../etc', delivery: 'pickup', payment: { use_wallet: true } },
      { type: 'buynow', cart_id: 'x', delivery: 'delivery', payment: { use_wallet: true } },
      { type: 'buynow', cart_id: 'x', delivery: 'pickup', payment: { use_wallet: false } },
      {
        type: 'buynow',
        cart_id: 'x',
        delivery: 'pickup',
        payment: { use_wallet: true },
        __proto__: { admin: true },
      },
      { type: 'layaway', cart_id: 'x', delivery: 'pickup', payment: { use_wallet: true } },
    ];
    for (const body of bodies) {
      const answer = await market.post(actions.checkout.path, body, fay.auth);
      expect(answer.http, JSON.stringify(body)).toBe(400);
    }
    const huge = await market.post(
      actions.checkout.path,
      { type: 'buynow', cart_id: 'x'.repeat(2_000_000) },
      fay.auth,
    );
    expect(huge.http).toBeGreaterThanOrEqual(400);
    expect(huge.http).toBeLessThan(500);
    expect(await market.writtenSince(head)).toEqual([]);
  });
});
