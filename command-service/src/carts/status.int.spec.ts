import { actions, type CheckoutResult } from '@wine/contracts';
import { cartStream, invoiceStream } from '@wine/event-schemas';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { cartDecider } from './cart.ts';

/**
 * Issue 38 §2 (seeds 001 §7 buynow/addToBuynow, buynow/changeStatus, cart/changeStatus): "buy this
 * now", lines saved for later, won lots' invoices set aside; each tried as the buyer and as an attacker.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
  // The auction cart's `all` follows the log (the open invoices index).
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
});

const buyNowLot = (quantity: number) =>
  service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity, discounts: [] });

let n = 0;
async function buyer() {
  n += 1;
  const user = await service.signUp(`buyer${n}@cart-status.example`);
  const { cardId } = await service.addCard(user.token);
  return { ...user, cardId };
}
const typesOf = async (stream: string) =>
  (await service.service.streams.store.readStream(stream)).map((e) => e.type);
const cartOf = (userId: string) => service.service.streams.load(cartStream(userId), cartDecider);
const addToCart = (token: string, lotId: string, qty: number) =>
  service.post(actions.addToCart.path, { cart: [{ product_id: lotId, qty }] }, { token });

/** An unpaid auction invoice of `hammer` cents issued to the buyer (as a close issues it). */
const auctionInvoice = async (buyerId: string, hammer: number) =>
  (await service.issueAuctionInvoice(buyerId, hammer)).invoiceId;

describe('buynow/addToBuynow', () => {
  it("puts the lot's line in the cart and saves every other line for later, in one append", async () => {
    const ann = await buyer();
    const [a, b, c] = await Promise.all([buyNowLot(5), buyNowLot(5), buyNowLot(5)]);
    await addToCart(ann.token, a.lotId, 1);
    await addToCart(ann.token, b.lotId, 2);
    const answer = await service.post(
      actions.addToBuynow.path,
      { product_id: c.lotId, qty: 3 },
      { token: ann.token },
    );
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.responseData).toEqual({
      lines: [{ product_id: c.lotId, qty: 3, unit_price: 5_000 }],
      saved: [a.lotId, b.lotId],
    });
    expect(answer.body.data.message).toBe(
      'Ready to check out this lot; the rest of your cart is saved for later',
    );
    const cart = await cartOf(ann.id);
    expect(cart.lines).toEqual({
      [a.lotId]: { qty: 1, unitPrice: 5_000, saved: true },
      [b.lotId]: { qty: 2, unitPrice: 5_000, saved: true },
      [c.lotId]: { qty: 3, unitPrice: 5_000 },
    });
    // The checkout that follows is for the lot alone: the saved lines are not held or billed.
    const paid = await service.post<CheckoutResult>(
      actions.buynowCheckout.path,
      { cart_id: 'alone', delivery: 'pickup', payment: { card_id: ann.cardId } },
      { token: ann.token },
    );
    expect(paid.status, paid.body.data.message).toBe(200);
    const invoice = await service.service.streams.load(
      invoiceStream(paid.body.data.responseData.invoice_ids[0] as string),
      invoiceDecider,
    );
    expect(invoice.status === 'issued' && invoice.issued.lines.map((l) => [l.lotId, l.qty])).toEqual([
      [c.lotId, 3],
    ]);
    // The lot bought leaves the cart; the saved ones wait.
    expect(Object.keys((await cartOf(ann.id)).lines).sort()).toEqual([a.lotId, b.lotId].sort());
  });

  it('refuses a lot with fewer bottles, without a card, or a bad body, writing nothing', async () => {
    const bob = await buyer();
    const lot = await buyNowLot(2);
    await addToCart(bob.token, lot.lotId, 1);
    const before = await typesOf(cartStream(bob.id));
    const tooMany = await service.post(
      actions.addToBuynow.path,
      { product_id: lot.lotId, qty: 3 },
      { token: bob.token },
    );
    expect([tooMany.status, tooMany.body.data.code]).toEqual([400, 'BUY_NOW_QUANTITY']);
    for (const body of [{}, { product_id: lot.lotId }, { product_id: lot.lotId, qty: 1.5 }, { cart: [] }]) {
      const bad = await service.post(actions.addToBuynow.path, body, { token: bob.token });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(await typesOf(cartStream(bob.id))).toEqual(before);
    const cat = await service.signUp(`nocard${n}@cart-status.example`);
    const noCard = await service.post(
      actions.addToBuynow.path,
      { product_id: lot.lotId, qty: 1 },
      { token: cat.token },
    );
    expect(noCard.body.data.code).toBe('ADD_CARD');
    const visitor = await service.post(actions.addToBuynow.path, { product_id: lot.lotId, qty: 1 });
    expect([visitor.status, visitor.body.data.code]).toEqual([403, 'SESSION_INVALID']);
  });

  it('writes once for a request sent twice with one x-command-id', async () => {
    const dan = await buyer();
    const [a, b] = await Promise.all([buyNowLot(3), buyNowLot(3)]);
    await addToCart(dan.token, a.lotId, 1);
    const send = () =>
      service.post(
        actions.addToBuynow.path,
        { product_id: b.lotId, qty: 1 },
        { token: dan.token, commandId: 'dan-buy-1' },
      );
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await typesOf(cartStream(dan.id))).toEqual([
      'CartLineSet',
      'CartLineSet',
      'CartLineStatusChanged',
    ]);
  });
});

describe('buynow/changeStatus', () => {
  it('saves a line for later (out of the checkout) and moves it back; the same status twice writes nothing', async () => {
    const eve = await buyer();
    const [a, b] = await Promise.all([buyNowLot(4), buyNowLot(4)]);
    await addToCart(eve.token, a.lotId, 1);
    await addToCart(eve.token, b.lotId, 1);
    const save = await service.post(
      actions.buynowChangeStatus.path,
      { product_id: a.lotId, status: 'saved' },
      { token: eve.token },
    );
    expect(save.status).toBe(200);
    expect(save.body.data.responseData).toEqual({ product_id: a.lotId, status: 'saved' });
    expect(save.body.data.message).toBe('Saved for later: it waits outside your cart until you move it back');
    const again = await service.post(
      actions.buynowChangeStatus.path,
      { product_id: a.lotId, status: 'saved' },
      { token: eve.token },
    );
    expect(again.status).toBe(200);
    expect((await typesOf(cartStream(eve.id))).filter((t) => t === 'CartLineStatusChanged')).toHaveLength(1);
    // The quote and the checkout leave the saved line out.
    const quote = await service.post<{ cartValues: { count: number; subtotal: number } }>(
      actions.saveAddress.path,
      { type: 'buynow', cart_id: 'q', delivery: 'pickup' },
      { token: eve.token },
    );
    expect(quote.body.data.responseData.cartValues).toMatchObject({ count: 1, subtotal: 5_000 });
    // Adding the lot again puts it back in the cart.
    await addToCart(eve.token, a.lotId, 2);
    expect((await cartOf(eve.id)).lines[a.lotId]).toEqual({ qty: 2, unitPrice: 5_000 });
  });

  it("refuses a lot not in the caller's cart (another buyer's line is not theirs), and bad bodies", async () => {
    const fay = await buyer();
    const gus = await buyer();
    const lot = await buyNowLot(4);
    await addToCart(gus.token, lot.lotId, 1);
    const other = await service.post(
      actions.buynowChangeStatus.path,
      { product_id: lot.lotId, status: 'saved' },
      { token: fay.token },
    );
    expect([other.status, other.body.data.code]).toEqual([404, 'NOT_IN_CART']);
    expect((await cartOf(gus.id)).lines[lot.lotId]?.saved).toBeUndefined();
    for (const body of [
      { product_id: lot.lotId },
      { product_id: lot.lotId, status: 'gone' },
      { status: 'saved' },
    ]) {
      const bad = await service.post(actions.buynowChangeStatus.path, body, { token: gus.token });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(await typesOf(cartStream(fay.id))).toEqual([]);
  });
});

describe('cart/changeStatus', () => {
  it("sets a won lot's invoice aside: the auction cart's `all` checkout pays the others only", async () => {
    const hal = await buyer();
    const kept = await auctionInvoice(hal.id, 10_000);
    const aside = await auctionInvoice(hal.id, 20_000);
    await eventually(
      () =>
        service.post<{ cartValues: { count: number } }>(
          actions.saveAddress.path,
          { type: 'auction', cart_id: 'all', delivery: 'pickup' },
          { token: hal.token },
        ),
      (quote) => quote.body.data.responseData.cartValues?.count === 2,
      'both invoices in the auction cart',
    );
    const set = await service.post(
      actions.cartChangeStatus.path,
      { invoice_id: aside, status: 'saved' },
      { token: hal.token },
    );
    expect(set.status, set.body.data.message).toBe(200);
    expect(set.body.data.responseData).toEqual({ invoice_id: aside, status: 'saved' });
    const paid = await service.post<CheckoutResult>(
      actions.checkout.path,
      { type: 'auction', cart_id: 'all', delivery: 'pickup', payment: { card_id: hal.cardId } },
      { token: hal.token },
    );
    expect(paid.status, paid.body.data.message).toBe(200);
    expect(paid.body.data.responseData.invoice_ids).toEqual([kept]);
    const left = await service.service.streams.load(invoiceStream(aside), invoiceDecider);
    expect(left.status === 'issued' && left.paid).toBe(0);
    // Put back, it is the cart's `all` again.
    await service.post(
      actions.cartChangeStatus.path,
      { invoice_id: aside, status: 'cart' },
      { token: hal.token },
    );
    const quote = await service.post<{ cartValues: { count: number } }>(
      actions.saveAddress.path,
      { type: 'auction', cart_id: 'all', delivery: 'pickup' },
      { token: hal.token },
    );
    expect(quote.body.data.responseData.cartValues.count).toBe(1);
  });

  it("answers another buyer's invoice as unknown and writes nothing; a paid one is not set aside", async () => {
    const ivy = await buyer();
    const jon = await buyer();
    const jons = await auctionInvoice(jon.id, 10_000);
    const steal = await service.post(
      actions.cartChangeStatus.path,
      { invoice_id: jons, status: 'saved' },
      { token: ivy.token },
    );
    expect([steal.status, steal.body.data.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const unknown = await service.post(
      actions.cartChangeStatus.path,
      { invoice_id: 'A-nothing', status: 'saved' },
      { token: ivy.token },
    );
    expect(unknown.body.data.code).toBe('INVOICE_NOT_FOUND');
    expect(await typesOf(cartStream(ivy.id))).toEqual([]);
    await service.post(
      actions.checkout.path,
      { type: 'auction', cart_id: jons, delivery: 'pickup', payment: { card_id: jon.cardId } },
      { token: jon.token },
    );
    const paid = await service.post(
      actions.cartChangeStatus.path,
      { invoice_id: jons, status: 'saved' },
      { token: jon.token },
    );
    expect([paid.status, paid.body.data.code]).toEqual([409, 'INVOICE_PAID']);
    const visitor = await service.post(actions.cartChangeStatus.path, { invoice_id: jons, status: 'saved' });
    expect([visitor.status, visitor.body.data.code]).toEqual([403, 'SESSION_INVALID']);
  });
});
