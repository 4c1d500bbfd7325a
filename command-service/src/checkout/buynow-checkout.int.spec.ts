import { actions, type CheckoutResult } from '@wine/contracts';
import { invoiceStream, lotStream } from '@wine/event-schemas';
import { type CardNetwork, cardNetworkFromEnv, cardNetworkTitles, eventually } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { lotDecider } from '../lots/decide.ts';
import type { TestCommandService } from '../testing.ts';
import { onCardNetwork } from '../testing-cards.ts';

/**
 * Issue 38 §2: buynow/checkout, the buy-now cart's own path of the checkout, and cart/updateCheckout,
 * the delivery written on the auction cart's invoices before paying. Every test counts the card
 * network's charges (CARD_NETWORK: the sandbox, or Stripe's adapter against its local double).
 */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
const chargedSince = (from: number) => network.charges().slice(from);

let service: TestCommandService;
onCardNetwork(
  (opened) => {
    ({ network, service } = opened);
  },
  { ledger: true },
);

const buyNowLot = (quantity: number) =>
  service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity, discounts: [] });
let n = 0;
async function buyer() {
  n += 1;
  const user = await service.signUp(`buyer${n}@buynow-checkout.example`);
  const { cardId } = await service.addCard(user.token, network.testCards.visa);
  return { ...user, cardId };
}
const addToCart = (token: string, lotId: string, qty: number) =>
  service.post(actions.addToCart.path, { cart: [{ product_id: lotId, qty }] }, { token });
const buynowCheckout = (token: string, body: Record<string, unknown>, commandId?: string) =>
  service.post<CheckoutResult>(
    actions.buynowCheckout.path,
    { cart_id: `c${crypto.randomUUID().slice(0, 8)}`, delivery: 'pickup', ...body },
    { token, ...(commandId && { commandId }) },
  );
const loadInvoice = async (id: string) => {
  const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
  if (invoice.status !== 'issued') throw new Error(`no invoice ${id}`);
  return invoice;
};

describe(`buynow/checkout, on ${on}`, () => {
  it('checks out the buy-now cart as cart/checkout does: held, invoiced, charged once, sold', async () => {
    const ann = await buyer();
    const lot = await buyNowLot(4);
    await addToCart(ann.token, lot.lotId, 2);
    const from = network.charges().length;
    const answer = await buynowCheckout(ann.token, { payment: { card_id: ann.cardId } });
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.message).toBe('Payment successful');
    expect(answer.body.data.responseData.status).toBe('paid');
    const invoice = await loadInvoice(answer.body.data.responseData.invoice_ids[0] as string);
    expect(invoice.amounts.total).toBe(11_025); // $100.00 + 10.25% Chicago tax
    expect(chargedSince(from).map((c) => c.amount)).toEqual([11_025]);
    const lotNow = await service.service.streams.load(lotStream(lot.lotId), lotDecider);
    expect(lotNow.status !== 'empty' && lotNow.sold).toBe(2);
  });

  it('charges once for two requests at once with one x-command-id, and once for the same key sent again', async () => {
    const bob = await buyer();
    const lot = await buyNowLot(4);
    await addToCart(bob.token, lot.lotId, 1);
    const from = network.charges().length;
    const body = { cart_id: 'bob-cart', payment: { card_id: bob.cardId } };
    const [first, second] = await Promise.all([
      buynowCheckout(bob.token, body, 'bob-buynow-1'),
      buynowCheckout(bob.token, body, 'bob-buynow-1'),
    ]);
    const again = await buynowCheckout(bob.token, body, 'bob-buynow-1');
    expect([first.status, second.status, again.status]).toEqual([200, 200, 200]);
    expect(second.body.data.responseData).toEqual(first.body.data.responseData);
    expect(again.body.data.responseData).toEqual(first.body.data.responseData);
    expect(chargedSince(from)).toHaveLength(1);
    // The same key sent to cart/checkout is another action's: refused, nothing charged.
    const other = await service.post(
      actions.checkout.path,
      { type: 'buynow', delivery: 'pickup', ...body },
      { token: bob.token, commandId: 'bob-buynow-1' },
    );
    expect([other.status, other.body.data.code]).toEqual([422, 'COMMAND_ID_REUSED']);
    expect(chargedSince(from)).toHaveLength(1);
  });

  it('charges each of two tabs paying one cart id at once only once in all (one order per cart id)', async () => {
    const cat = await buyer();
    const lot = await buyNowLot(4);
    await addToCart(cat.token, lot.lotId, 1);
    const from = network.charges().length;
    const body = { cart_id: 'cat-cart', payment: { card_id: cat.cardId } };
    const tabs = await Promise.all([buynowCheckout(cat.token, body), buynowCheckout(cat.token, body)]);
    const outcomes = tabs.map((t) => (t.status === 200 ? t.body.data.responseData.status : t.body.data.code));
    expect(outcomes).toContain('paid');
    expect(chargedSince(from)).toHaveLength(1);
  });

  it('refuses another type, a visitor, bad bodies and an empty cart, charging nothing', async () => {
    const dan = await buyer();
    const from = network.charges().length;
    const auction = await buynowCheckout(dan.token, { type: 'auction', payment: { card_id: dan.cardId } });
    expect([auction.status, auction.body.data.responseData.field]).toEqual([400, 'type']);
    for (const body of [
      { payment: {} },
      { delivery: 'delivery', payment: { card_id: dan.cardId } },
      { cart_id: '../x', payment: { card_id: dan.cardId } },
    ]) {
      const bad = await buynowCheckout(dan.token, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const empty = await buynowCheckout(dan.token, { payment: { card_id: dan.cardId } });
    expect([empty.status, empty.body.data.code]).toEqual([400, 'CART_EMPTY']);
    const visitor = await service.post(actions.buynowCheckout.path, {
      cart_id: 'x',
      delivery: 'pickup',
      payment: { card_id: 'c' },
    });
    expect([visitor.status, visitor.body.data.code]).toEqual([403, 'SESSION_INVALID']);
    // Another buyer's card is not the caller's.
    const eve = await buyer();
    const lot = await buyNowLot(2);
    await addToCart(dan.token, lot.lotId, 1);
    const stolen = await buynowCheckout(dan.token, { payment: { card_id: eve.cardId } });
    expect(stolen.body.data.code).toBe('CARD_NOT_FOUND');
    expect(chargedSince(from)).toHaveLength(0);
  });
});

/** An unpaid auction invoice issued to the buyer, at pickup (as a close issues it). */
const auctionInvoice = async (buyerId: string, hammer: number) =>
  (await service.issueAuctionInvoice(buyerId, hammer)).invoiceId;

const springfield = { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' };

describe(`cart/updateCheckout, on ${on}`, () => {
  it('writes the delivery on the invoices without paying: their tax and total change, nothing is charged', async () => {
    const fay = await buyer();
    const invoiceId = await auctionInvoice(fay.id, 10_000);
    const from = network.charges().length;
    const answer = await service.post<{ cartValues: { total: number; tax_rate: number; paid: number } }>(
      actions.updateCheckout.path,
      { type: 'auction', cart_id: invoiceId, delivery: 'delivery', address: springfield },
      { token: fay.token },
    );
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.message).toBe('Your delivery choice is saved on your invoices');
    const invoice = await loadInvoice(invoiceId);
    expect(invoice.delivery.method).toBe('delivery');
    expect(invoice.delivery.taxRate).toBe(625);
    expect(answer.body.data.responseData.cartValues).toMatchObject({
      tax_rate: 625,
      total: invoice.amounts.total,
      paid: 0,
    });
    expect(invoice.paid).toBe(0);
    // The same choice again writes nothing.
    const before = (await service.service.streams.store.readStream(invoiceStream(invoiceId))).length;
    await service.post(
      actions.updateCheckout.path,
      { type: 'auction', cart_id: invoiceId, delivery: 'delivery', address: springfield },
      { token: fay.token },
    );
    expect((await service.service.streams.store.readStream(invoiceStream(invoiceId))).length).toBe(before);
    expect(chargedSince(from)).toHaveLength(0);
  });

  it("answers another buyer's invoice as unknown, refuses buynow and bad bodies, writing nothing", async () => {
    const gus = await buyer();
    const hal = await buyer();
    const hals = await auctionInvoice(hal.id, 10_000);
    const before = (await service.service.streams.store.readStream(invoiceStream(hals))).length;
    const steal = await service.post(
      actions.updateCheckout.path,
      { type: 'auction', cart_id: hals, delivery: 'pickup' },
      { token: gus.token },
    );
    expect([steal.status, steal.body.data.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const buynow = await service.post(
      actions.updateCheckout.path,
      { type: 'buynow', cart_id: 'x', delivery: 'pickup' },
      { token: hal.token },
    );
    expect([buynow.status, buynow.body.data.responseData.field]).toEqual([400, 'type']);
    const noAddress = await service.post(
      actions.updateCheckout.path,
      { type: 'auction', cart_id: hals, delivery: 'delivery' },
      { token: hal.token },
    );
    expect(noAddress.status).toBe(400);
    expect((await service.service.streams.store.readStream(invoiceStream(hals))).length).toBe(before);
    const visitor = await service.post(actions.updateCheckout.path, {
      type: 'auction',
      cart_id: hals,
      delivery: 'pickup',
    });
    expect([visitor.status, visitor.body.data.code]).toEqual([403, 'SESSION_INVALID']);
  });

  it("writes the choice on every invoice of the cart's `all`", async () => {
    const ivy = await buyer();
    const first = await auctionInvoice(ivy.id, 10_000);
    const second = await auctionInvoice(ivy.id, 30_000);
    await eventually(
      () =>
        service.post<{ cartValues: { count: number } }>(
          actions.saveAddress.path,
          { type: 'auction', cart_id: 'all', delivery: 'pickup' },
          { token: ivy.token },
        ),
      (quote) => quote.body.data.responseData.cartValues?.count === 2,
      'both invoices in the auction cart',
    );
    const answer = await service.post(
      actions.updateCheckout.path,
      { type: 'auction', cart_id: 'all', delivery: 'delivery', address: springfield },
      { token: ivy.token },
    );
    expect(answer.status).toBe(200);
    for (const id of [first, second]) expect((await loadInvoice(id)).delivery.taxState).toBe('IL');
    expect((await loadInvoice(first)).delivery.method).toBe('delivery');
    expect((await loadInvoice(second)).delivery.method).toBe('delivery');
  });
});
