import { defaultMoneySettings, defaultPickupLocation } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { cartsProjection } from './project.ts';
import { cartQueries } from './queries.ts';

const clock = manualClock('2026-11-22T13:00:00.000Z');
const buyNow = (lotId: string, extra: Parameters<typeof listedLot>[0] = {}) =>
  listedLot({ lotId, title: `Lot ${lotId}`, quantity: 6, buyNow: true, buyNowPrice: 9_000, ...extra });
const line = (lotId: string, qty = 1, unitPrice = 9_000) => ({ lotId, qty, unitPrice });
const auctionLine = (lotId: string, amount: number) => ({
  lotId,
  title: `Lot ${lotId}`,
  sellerId: 'house',
  qty: 1,
  unitPrice: amount,
  amount,
  reservationId: null,
});

/**
 * ann's buy-now cart: c1 (2 bottles, an upload), c4 (a picture URL), c2 (withdrawn), c3 (all held by
 * checkouts). Her auction invoices: a1 unpaid, a2 partly paid, a3 paid; b1 is a buy-now order. bob
 * has c1 in his cart and an unpaid auction invoice of his own.
 */
async function carts(money = defaultMoneySettings) {
  const record = eventRecorder();
  const docs = await applyEvents(
    [lotsProjection, cartsProjection, invoicesProjection],
    [
      record(
        'lot-c1',
        'LotListed',
        buyNow('c1', {
          images: [{ type: 1, fileName: 'c1.jpg' }],
          discounts: [
            { quantity: 1, price: 9_000 },
            { quantity: 6, price: 8_000 },
          ],
        }),
      ),
      record('lot-c2', 'LotListed', buyNow('c2')),
      record('lot-c3', 'LotListed', buyNow('c3', { quantity: 2 })),
      record(
        'lot-c4',
        'LotListed',
        buyNow('c4', { images: [{ type: 2, fileName: 'https://img.example/c4.png' }] }),
      ),
      record('lot-c2', 'LotWithdrawn', { reason: 'damaged' }),
      record('lot-c3', 'StockReserved', {
        reservationId: 'r-1',
        invoiceId: 'inv-x',
        buyerId: 'cat',
        qty: 2,
        unitPrice: 9_000,
        expiresAt: '2026-11-22T13:15:00.000Z',
      }),
      record('cart-ann', 'CartLineSet', line('c1', 2)),
      record('cart-ann', 'CartLineSet', line('c4', 1, 12_000)),
      record('cart-ann', 'CartLineSet', line('c2')),
      record('cart-ann', 'CartLineSet', line('c3')),
      record('cart-bob', 'CartLineSet', line('c1')),
      record(
        'invoice-a1',
        'InvoiceIssued',
        invoiceIssued({ invoiceId: 'a1', lines: [auctionLine('c1', 50_000)] }),
      ),
      record(
        'invoice-a2',
        'InvoiceIssued',
        invoiceIssued({ invoiceId: 'a2', lines: [auctionLine('c4', 10_000), auctionLine('c2', 20_000)] }),
      ),
      record('invoice-a2', 'PaymentRecorded', paymentRecorded('p-1', 5_000)),
      record('invoice-a3', 'InvoiceIssued', invoiceIssued({ invoiceId: 'a3' })),
      record('invoice-a3', 'PaymentRecorded', paymentRecorded('p-2', 66_150)),
      record('invoice-b1', 'InvoiceIssued', invoiceIssued({ invoiceId: 'b1', kind: 'buynow' })),
      record('invoice-x1', 'InvoiceIssued', invoiceIssued({ invoiceId: 'x1', buyerId: 'bob' })),
    ],
  );
  return queryApp(cartQueries, docs, clock, money);
}

describe('buy-now cart (/api/buynow/search)', () => {
  it('refuses a caller without a token with 403', async () => {
    const { app, post } = await carts();
    expect((await post('/api/buynow/search', {})).statusCode).toBe(403);
    await app.close();
  });

  it("lists the caller's lines with their lot, and sets apart the lines no longer for sale", async () => {
    const { app, post, signIn } = await carts();
    const response = await post('/api/buynow/search', {}, await signIn('ann'));
    expect(response.statusCode).toBe(200);
    const cart = response.json().data.responseData;
    expect(cart.cartItems).toEqual([
      {
        product_id: 'c1',
        title: 'Lot c1',
        image: '/uploads/product/c1.jpg',
        qty: 2,
        unit_price: 9_000,
        amount: 18_000,
        discounts: [
          { quantity: 1, bprice: 9_000 },
          { quantity: 6, bprice: 8_000 },
        ],
        remaining: 6,
        invoice_id: null,
      },
      expect.objectContaining({ product_id: 'c4', image: 'https://img.example/c4.png', amount: 12_000 }),
    ]);
    expect(
      cart.nonCartItems.map((i: { product_id: string; remaining: number }) => [i.product_id, i.remaining]),
    ).toEqual([
      ['c2', 6],
      ['c3', 0],
    ]);
    expect(cart.cartValues).toEqual({
      count: 2,
      subtotal: 30_000,
      premium_percent: 0,
      premium: 0,
      // Chicago's rate, where the wine is picked up, until the checkout is told of a delivery.
      tax_rate: 1025,
      tax: 3_075,
      total: 33_075,
      paid: 0,
      due: 33_075,
    });
    expect(cart.cartLocation).toEqual(defaultPickupLocation);
    await app.close();
  });

  it('shows another user only their own lines, and the pickup location of the settings it is given', async () => {
    const pickup = { ...defaultPickupLocation, name: 'Fine Wine Auctions - Evanston' };
    const { app, post, signIn } = await carts({ ...defaultMoneySettings, pickup });
    const cart = (await post('/api/buynow/search', {}, await signIn('bob'))).json().data.responseData;
    expect(cart.cartItems.map((i: { product_id: string; qty: number }) => [i.product_id, i.qty])).toEqual([
      ['c1', 1],
    ]);
    expect(cart.cartLocation.name).toBe('Fine Wine Auctions - Evanston');
    await app.close();
  });
});

describe('auction cart (/api/cart/search)', () => {
  it("lists every line of the caller's unpaid and partly paid auction invoices, with the invoices' money", async () => {
    const { app, post, signIn } = await carts();
    const cart = (await post('/api/cart/search', {}, await signIn('ann'))).json().data.responseData;
    expect(
      cart.cartItems.map((i: { product_id: string; invoice_id: string; amount: number }) => [
        i.invoice_id,
        i.product_id,
        i.amount,
      ]),
    ).toEqual([
      ['a1', 'c1', 50_000],
      ['a2', 'c4', 10_000],
      ['a2', 'c2', 20_000],
    ]);
    expect(cart.cartItems[0].image).toBe('/uploads/product/c1.jpg');
    // a1: 500 + 100 premium + 61.50 tax; a2: 300 + 60 + 36.90, 50 paid.
    expect(cart.cartValues).toEqual({
      count: 3,
      subtotal: 80_000,
      premium_percent: 20,
      premium: 16_000,
      tax_rate: 1025,
      tax: 9_840,
      total: 105_840,
      paid: 5_000,
      due: 100_840,
    });
    expect(cart.nonCartItems).toEqual([]);
    await app.close();
  });

  it('answers an empty cart with zeros', async () => {
    const { app, post, signIn } = await carts();
    const cart = (await post('/api/cart/search', {}, await signIn('cat'))).json().data.responseData;
    expect(cart.cartItems).toEqual([]);
    expect(cart.cartValues).toMatchObject({ count: 0, total: 0, premium_percent: 0, tax_rate: 0, due: 0 });
    await app.close();
  });
});

describe('pending counts (/api/cart/pendingCount)', () => {
  it("counts the caller's auction invoices still to pay and the lines of their buy-now cart", async () => {
    const { app, post, signIn } = await carts();
    const ann = (await post('/api/cart/pendingCount', {}, await signIn('ann'))).json().data.responseData;
    expect(ann).toEqual({ auctionCount: { totalRecords: 2 }, buynowCount: { totalRecords: 4 } });
    const bob = (await post('/api/cart/pendingCount', {}, await signIn('bob'))).json().data.responseData;
    expect(bob).toEqual({ auctionCount: { totalRecords: 1 }, buynowCount: { totalRecords: 1 } });
    await app.close();
  });
});
