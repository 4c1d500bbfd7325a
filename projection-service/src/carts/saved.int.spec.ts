import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued } from '../invoices/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { CART_LINES, cartsProjection } from './project.ts';
import { cartQueries } from './queries.ts';

/**
 * Issue 38 §2: lines saved for later (buynow/changeStatus) and won lots' invoices set aside
 * (cart/changeStatus) are listed apart (nonCartItems, `saved`), left out of the cart's values and of
 * the header's count.
 */
const clock = manualClock('2026-11-22T13:00:00.000Z');
const buyNow = (lotId: string) =>
  listedLot({ lotId, title: `Lot ${lotId}`, quantity: 6, buyNow: true, buyNowPrice: 9_000 });
const line = (lotId: string, qty = 1) => ({ lotId, qty, unitPrice: 9_000 });
const auctionLine = (lotId: string, amount: number) => ({
  lotId,
  title: `Lot ${lotId}`,
  sellerId: 'house',
  qty: 1,
  unitPrice: amount,
  amount,
  reservationId: null,
});

async function given() {
  const record = eventRecorder();
  const events = [
    record('lot-s1', 'LotListed', buyNow('s1')),
    record('lot-s2', 'LotListed', buyNow('s2')),
    record('cart-ann', 'CartLineSet', line('s1', 2)),
    record('cart-ann', 'CartLineSet', line('s2')),
    record('cart-ann', 'CartLineStatusChanged', { lotId: 's2', status: 'saved' }),
    record(
      'invoice-a1',
      'InvoiceIssued',
      invoiceIssued({ invoiceId: 'a1', lines: [auctionLine('w1', 10_000)] }),
    ),
    record(
      'invoice-a2',
      'InvoiceIssued',
      invoiceIssued({ invoiceId: 'a2', lines: [auctionLine('w2', 20_000)] }),
    ),
    record('cart-ann', 'AuctionInvoiceStatusChanged', { invoiceId: 'a2', status: 'saved' }),
  ];
  const docs = await applyEvents([lotsProjection, cartsProjection, invoicesProjection], events);
  return { docs, events, record, ...(await queryApp(cartQueries, docs, clock)) };
}

describe('the buy-now cart with a line saved for later', () => {
  it('lists it apart as saved, out of the values and of the count; moved back, it is in again', async () => {
    const { app, post, signIn, docs, record } = await given();
    const ann = await signIn('ann');
    const cart = (await post('/api/buynow/search', {}, ann)).json().data.responseData;
    expect(cart.cartItems.map((i: { product_id: string }) => i.product_id)).toEqual(['s1']);
    expect(cart.nonCartItems).toMatchObject([{ product_id: 's2', saved: true }]);
    expect(cart.cartValues).toMatchObject({ count: 1, subtotal: 18_000 });
    const counts = (await post('/api/cart/pendingCount', {}, ann)).json().data.responseData;
    expect(counts.buynowCount.totalRecords).toBe(1);
    await applyEvents(
      [cartsProjection],
      [record('cart-ann', 'CartLineStatusChanged', { lotId: 's2', status: 'cart' })],
      docs,
    );
    const back = (await post('/api/buynow/search', {}, ann)).json().data.responseData;
    expect(back.cartItems.map((i: { product_id: string }) => i.product_id)).toEqual(['s1', 's2']);
    expect(back.nonCartItems).toEqual([]);
    await app.close();
  });
});

describe('the auction cart with an invoice set aside', () => {
  it('lists its lot apart as saved and sums the others only', async () => {
    const { app, post, signIn } = await given();
    const cart = (await post('/api/cart/search', {}, await signIn('ann'))).json().data.responseData;
    expect(cart.cartItems).toMatchObject([{ product_id: 'w1', invoice_id: 'a1' }]);
    expect(cart.nonCartItems).toMatchObject([{ product_id: 'w2', invoice_id: 'a2', saved: true }]);
    expect(cart.cartValues).toMatchObject({ count: 1, subtotal: 10_000 });
    await app.close();
  });
});

describe('the carts projector', () => {
  it('writes nothing more when its status events are delivered again', async () => {
    const { docs, events } = await given();
    const before = await docs.collection(CART_LINES).find({}, { sort: { _id: 1 } });
    await applyEvents([cartsProjection], events, docs);
    expect(await docs.collection(CART_LINES).find({}, { sort: { _id: 1 } })).toEqual(before);
  });
});
