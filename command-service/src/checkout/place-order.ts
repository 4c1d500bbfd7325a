import type { CheckoutResult, CheckoutInput as In } from '@wine/contracts';
import { type DeliveryData, invoiceStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { z } from 'zod';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf, type IssuedInvoice } from '../invoices/invoice.ts';
import { type CheckoutDeps, cartLines, issuedInvoices, loadInvoice } from './checkout-invoices.ts';
import { buyNowInvoiceId, type Step, stepContext } from './money-deps.ts';
import { placeBuyNowOrder } from './orders.ts';
import { withDelivery } from './quote.ts';
import { paidBy } from './settle.ts';

export type CheckoutInput = z.output<typeof In>;

/** The order to pay (`placed`: this request placed it), or what a retried or offline request answers. */
export type PlacedOrder = { done: CheckoutResult } | { invoices: IssuedInvoice[]; placed: boolean };

interface Order {
  buyerId: string;
  paymentId: string;
  delivery: DeliveryData;
  offline: boolean;
}

const answered = (status: 'paid' | 'unpaid', ids: string[], paymentId: string): PlacedOrder => ({
  done: { status, invoice_ids: ids, payment_id: paymentId, url: null },
});

/** Buy now: holds every line of the cart and issues its invoice (a pay-later order is found again). */
async function placeBuyNow(
  deps: CheckoutDeps,
  step: Step,
  cartId: string,
  order: Order,
): Promise<PlacedOrder> {
  const { buyerId, paymentId, offline } = order;
  const invoiceId = buyNowInvoiceId(buyerId, cartId);
  const existing = await loadInvoice(deps, invoiceId);
  // The same request again (a retry) answers what it did; any other finds the order taken.
  if (existing.status === 'issued' && paidBy(existing, paymentId))
    return answered('paid', [invoiceId], paymentId);
  if (existing.status === 'issued' && (existing.voided || dueOf(existing) === 0))
    throw new AppError('ORDER_TAKEN');
  if (existing.status === 'issued' && offline) return answered('unpaid', [invoiceId], paymentId);
  if (existing.status === 'issued') return { invoices: [existing], placed: false };
  const minutes = offline ? deps.money().paymentDueDays * 24 * 60 : deps.money().reservationMinutes;
  const placed = await placeBuyNowOrder(deps, step, {
    invoiceId,
    buyerId,
    lines: await cartLines(deps, buyerId),
    delivery: order.delivery,
    holdMinutes: minutes,
  });
  return { invoices: [placed.invoice], placed: placed.placed };
}

/**
 * Auction (and the temporary cart of accepted offers): the chosen delivery on each of the caller's
 * unpaid invoices of the cart.
 */
async function placeIssued(
  deps: CheckoutDeps,
  step: Step,
  cartId: string,
  order: Order,
  kind: 'auction' | 'offer',
): Promise<PlacedOrder> {
  const { buyerId, paymentId, delivery } = order;
  if (cartId !== 'all') {
    const one = await loadInvoice(deps, cartId);
    if (one.status === 'issued' && one.issued.buyerId === buyerId && paidBy(one, paymentId)) {
      return answered('paid', [cartId], paymentId);
    }
  }
  const unpaid = await issuedInvoices(deps, buyerId, cartId, kind);
  return { invoices: await chooseDelivery(deps, step, buyerId, unpaid, delivery), placed: false };
}

/**
 * The chosen delivery (its tax, its shipping) written on each unpaid invoice, as they are paid together
 * (checkout; issue 38 §2 cart/updateCheckout, without paying): the invoices as they now are.
 */
export async function chooseDelivery(
  deps: CheckoutDeps,
  step: Step,
  buyerId: string,
  unpaid: readonly IssuedInvoice[],
  delivery: DeliveryData,
): Promise<IssuedInvoice[]> {
  const invoices: IssuedInvoice[] = [];
  const amounts = withDelivery(deps, [...unpaid], delivery);
  for (const [i, invoice] of unpaid.entries()) {
    const { invoiceId } = invoice.issued;
    await deps.streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      { type: 'ChooseDelivery', buyerId, delivery, amounts: amounts[i] as (typeof amounts)[number] },
      stepContext(step, `delivery:${invoiceId}`, deps.clock.now()),
    );
    invoices.push((await loadInvoice(deps, invoiceId)) as IssuedInvoice);
  }
  return invoices;
}

/** Places the order of a checkout: a buy-now cart's, or the delivery chosen on auction invoices. */
export const placeOrder = (deps: CheckoutDeps, step: Step, input: CheckoutInput, order: Order) =>
  input.type === 'buynow'
    ? placeBuyNow(deps, step, input.cart_id, order)
    : placeIssued(deps, step, input.cart_id, order, input.type);
