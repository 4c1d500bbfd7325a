import { actions, type CartView } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued } from '../invoices/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { cartsProjection } from './project.ts';
import { cartQueries } from './queries.ts';
import { lapsedHolds } from './views.ts';

const buyNow = (lotId: string) =>
  listedLot({ lotId, title: `Lot ${lotId}`, quantity: 6, buyNow: true, buyNowPrice: 9_000 });
const orderLine = (lotId: string) => ({
  lotId,
  title: `Lot ${lotId}`,
  sellerId: 'house',
  qty: 1,
  unitPrice: 9_000,
  amount: 9_000,
  reservationId: `h-${lotId}`,
});
const order = (invoiceId: string, lotIds: string[]) =>
  invoiceIssued({ invoiceId, kind: 'buynow', buyerId: 'dee', lines: lotIds.map(orderLine) });

describe('lapsed holds in the buy-now cart (issue 31)', () => {
  it('marks the lines whose last checkout expired unpaid, not those checked out again or failed', async () => {
    const record = eventRecorder();
    const docs = await applyEvents(
      [lotsProjection, cartsProjection, invoicesProjection],
      [
        ...['e1', 'e2', 'e3', 'e4'].map((id) => record(`lot-${id}`, 'LotListed', buyNow(id))),
        ...['e1', 'e2', 'e3', 'e4'].map((id) =>
          record('cart-dee', 'CartLineSet', { lotId: id, qty: 1, unitPrice: 9_000 }),
        ),
        // e1 and e2's checkout lapsed; e2 was checked out again since (a hold that stands).
        record('invoice-o1', 'InvoiceIssued', order('o1', ['e1', 'e2'])),
        record('invoice-o1', 'InvoiceVoided', { reason: 'expired' }),
        record('invoice-o2', 'InvoiceIssued', order('o2', ['e2'])),
        // e3's payment failed (the buyer was told at the checkout), e4 was never checked out.
        record('invoice-o3', 'InvoiceIssued', order('o3', ['e3'])),
        record('invoice-o3', 'InvoiceVoided', { reason: 'payment_failed' }),
      ],
    );
    const { app, post, signIn } = await queryApp(cartQueries, docs, manualClock('2026-11-22T14:00:00.000Z'));
    const response = await post(actions.buynowCart.path, {}, await signIn('dee'));
    const cart = response.json().data.responseData as CartView;
    expect(cart.cartItems.map((i) => [i.product_id, i.hold_expired ?? false])).toEqual([
      ['e1', true],
      ['e2', false],
      ['e3', false],
      ['e4', false],
    ]);
    // Another buyer's cart knows nothing of dee's orders.
    const other = await post(actions.buynowCart.path, {}, await signIn('eve'));
    expect(other.json().data.responseData.cartItems).toEqual([]);
    await app.close();
  });

  it('reads the latest order of each lot first', () => {
    const newestFirst = [
      { items: [{ product_id: 'x' }], void_reason: undefined },
      { items: [{ product_id: 'x' }, { product_id: 'y' }], void_reason: 'expired' as const },
    ];
    expect([...lapsedHolds(newestFirst as never)]).toEqual(['y']);
  });
});
