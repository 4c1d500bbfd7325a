import { t } from '@wine/contracts';
import {
  AppError,
  type CreatedPayPalOrder,
  type PayPalCaptureResult,
  PayPalRefusedError,
} from '@wine/platform';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import type { MoneyDeps, Step } from './money-deps.ts';
import {
  type ChargeChannel,
  cardChannel,
  fail,
  type PaymentOutcome,
  type PaymentPlan,
  payFromWallet,
  payPalPart,
  recordCharge,
  startParts,
  waitForBuyer,
} from './payments.ts';
import type { PayPalMoney } from './paypal-payments.ts';

/** A checkout paid with PayPal: the wallet's share first, if the buyer wants, then PayPal for the rest. */
export type PayPalPlan = Omit<PaymentPlan, 'card'>;

/** PayPal, or the buyer's refusal when the site does not take it. */
export function payPalOf(deps: MoneyDeps): PayPalMoney {
  if (!deps.paypal)
    throw new AppError('VALIDATION', { field: 'paypal', message: 'checkout.paypalUnavailable' });
  return deps.paypal;
}

/** A PayPal capture is recorded as a payment of method paypal and refunded through PayPal. */
export const payPalChannel = (paypal: PayPalMoney): ChargeChannel => ({
  name: paypal.gateway.name,
  method: 'paypal',
  refund: (captureId, amount, key) => paypal.gateway.refund(captureId, amount, key),
});

/**
 * The way a recorded payment's money goes back: its card provider, or PayPal for a PayPal capture (a
 * site that no longer takes PayPal refuses, rather than record a refund that was never made).
 */
export const channelOf = (deps: MoneyDeps, method: 'card' | 'paypal'): ChargeChannel =>
  method === 'paypal' ? payPalChannel(payPalOf(deps)) : cardChannel(deps);

/** A path of the site as the absolute URL PayPal sends the buyer back to. */
const onSite = (paypal: PayPalMoney, path: string) => `${paypal.publicUrl().replace(/\/+$/, '')}${path}`;

/**
 * Pays with PayPal (seeds 001 "Payments"): the wallet's shares first, then one PayPal order for the
 * rest. Each invoice's share is started as a PayPal payment, the order made under the payment's own
 * key (the same request again answers the same order, never a second one), and its id recorded as the
 * payment's charge; the buyer's browser then goes to PayPal's approve page in the same tab (seeds 001:
 * "a successful payment response with a url sends the browser to that url"). Nothing is taken until
 * the buyer comes back and the order is captured (confirmPayPalPayment). PayPal sends the buyer back
 * to the checkout's confirm page whether they approve or cancel: the capture's answer tells which.
 */
export async function payWithPayPal(deps: MoneyDeps, step: Step, plan: PayPalPlan): Promise<PaymentOutcome> {
  const paypal = payPalOf(deps);
  const rest = await payFromWallet(deps, step, plan, true);
  if (rest.total === 0) return { status: 'paid' };
  const id = payPalPart(plan.paymentId);
  const started = await startParts(deps, step, rest, {
    paymentId: id,
    method: 'paypal',
    card: null,
    buyerId: plan.buyerId,
    provider: paypal.gateway.name,
  });
  paypal.payments.note(plan.paymentId, started);
  let order: CreatedPayPalOrder;
  try {
    order = await paypal.gateway.createOrder({
      amount: rest.total,
      currency: 'USD',
      reference: plan.paymentId,
      invoices: started,
      returnUrl: onSite(paypal, plan.returnUrl),
      cancelUrl: onSite(paypal, plan.returnUrl),
      idempotencyKey: id,
    });
  } catch (error) {
    // No order, so nothing can be taken: the payment is given up, and the invoices are free again.
    const refused = error instanceof PayPalRefusedError;
    const reason = refused ? t('checkout.paypalRefused') : t('common.somethingWrong');
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, reason);
    if (refused) {
      deps.logger.warn(
        { issue: error.issue, debugId: error.debugId, paymentId: id },
        'PayPal refused an order',
      );
      return { status: 'declined', reason };
    }
    throw error;
  }
  try {
    await waitForBuyer(deps, step, id, order.orderId, started);
  } catch (error) {
    // The buyer never sees the approve page, so the order is never approved and lapses at PayPal.
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, 'payment not recorded');
    throw error;
  }
  return { status: 'requires_action', url: order.approveUrl };
}

/**
 * seeds 001 "Payments" paypal_response: back from PayPal's page, the order recorded on the invoices
 * (the `token` PayPal puts on the return URL must be it) is captured under the payment's key, so the
 * same response twice, or at once, captures once. A completed capture is recorded on every invoice
 * waiting for it (one PayPal's event recorded already is not recorded twice; one an invoice cannot
 * take is refunded); an order the buyer cancelled or PayPal declined gives the payment up, as a
 * refused card does, and its order's holds lapse at their time. A capture PayPal holds (an eCheck)
 * stays waiting for PayPal's event.
 */
export async function confirmPayPalPayment(
  deps: MoneyDeps,
  step: Step,
  input: { paymentId: string; orderId: string },
  invoices: readonly IssuedInvoice[],
): Promise<PaymentOutcome> {
  const paypal = payPalOf(deps);
  const id = payPalPart(input.paymentId);
  const waiting = invoices.filter((invoice) => invoice.payments[id]?.status === 'action_required');
  const orderId = waiting[0]?.payments[id]?.chargeId;
  if (!orderId) {
    const paid = invoices.every((invoice) => invoice.payments[id]?.status === 'succeeded');
    if (paid) return { status: 'paid', quiet: true };
    const failed = invoices.some((invoice) => invoice.payments[id]?.status === 'failed');
    if (failed) return { status: 'declined', reason: t('checkout.paypalNotCompleted') };
    throw new AppError('PAYMENT_NOT_FOUND');
  }
  // Another order's token (a stale tab, a forged link) is not this payment's: nothing is captured.
  if (orderId !== input.orderId) throw new AppError('PAYMENT_NOT_FOUND', { field: 'token' });
  let capture: PayPalCaptureResult;
  try {
    capture = await paypal.gateway.captureOrder(orderId, id);
  } catch (error) {
    if (!(error instanceof PayPalRefusedError)) throw error;
    // PayPal will not capture this order (voided, expired): nothing was taken.
    deps.logger.warn({ issue: error.issue, debugId: error.debugId, orderId }, 'PayPal refused a capture');
    capture = { status: 'declined', reason: error.issue };
  }
  const giveUp = async (reason: string): Promise<PaymentOutcome> => {
    for (const invoice of waiting) await fail(deps, step, invoice.issued.invoiceId, id, reason);
    return { status: 'declined', reason };
  };
  switch (capture.status) {
    case 'not_approved':
      return giveUp(t('checkout.paypalCancelled'));
    case 'declined':
      return giveUp(t('checkout.paypalDeclined'));
    case 'pending':
      // PayPal's PAYMENT.CAPTURE.COMPLETED (or .DENIED) settles it (provider-events.ts).
      return { status: 'requires_action', url: '' };
    case 'completed': {
      const parts = waiting.map((invoice) => ({
        invoiceId: invoice.issued.invoiceId,
        amount: invoice.payments[id]?.amount ?? 0,
      }));
      const { written } = await recordCharge(deps, step, id, capture.captureId, parts, {
        via: payPalChannel(paypal),
      });
      return { status: 'paid', quiet: written === 0 };
    }
    default: {
      const _exhaustive: never = capture;
      return _exhaustive;
    }
  }
}
