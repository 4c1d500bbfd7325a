import type { CheckoutResult } from '@wine/contracts';
import { AppError } from '@wine/platform';
import { dueOf, type IssuedInvoice } from '../invoices/invoice.ts';
import { loadInvoice } from './checkout-invoices.ts';
import type { MoneyDeps, Step } from './money-deps.ts';
import { abandonBuyNowOrder, completeBuyNowOrder } from './orders.ts';
import { type PaymentOutcome, partsOf } from './payments.ts';

/** This payment (its wallet, card or PayPal part) settled the invoice: a retried request finds it done. */
export const paidBy = (invoice: IssuedInvoice, paymentId: string) =>
  dueOf(invoice) === 0 && partsOf(paymentId).some((id) => invoice.payments[id]?.status === 'succeeded');

/**
 * The outcome told and followed: a paid buy-now order becomes a sale; a declined one is given up
 * only when this request placed it (`placed`), else it stays as it was (a pay-later order).
 */
export async function settle(
  deps: MoneyDeps,
  step: Step,
  paymentId: string,
  ids: string[],
  outcome: PaymentOutcome,
  placed: boolean,
): Promise<CheckoutResult> {
  const invoices = (await Promise.all(ids.map((id) => loadInvoice(deps, id)))) as IssuedInvoice[];
  for (const invoice of invoices) {
    if (outcome.status === 'paid' && !outcome.quiet) {
      const parts = partsOf(paymentId).map((id) => invoice.payments[id]);
      const amount = parts.reduce((sum, p) => (p?.status === 'succeeded' ? sum + p.amount : sum), 0);
      if (amount > 0) await deps.mail.paymentReceived(invoice, amount);
    }
    // A buy-now order's or an accepted offer's holds become sales (an auction's lot is sold already).
    if (invoice.issued.kind === 'auction') continue;
    if (outcome.status === 'paid') await completeBuyNowOrder(deps, step, invoice);
    if (outcome.status === 'declined' && placed) {
      await abandonBuyNowOrder(deps, step, invoice, 'payment_failed');
    }
  }
  if (outcome.status === 'declined')
    throw new AppError('PAYMENT_DECLINED', { params: { reason: outcome.reason } });
  return {
    status: outcome.status,
    invoice_ids: ids,
    payment_id: paymentId,
    url: outcome.status === 'requires_action' && outcome.url ? outcome.url : null,
    ...(outcome.status === 'requires_action' && outcome.clientSecret
      ? { client_secret: outcome.clientSecret }
      : {}),
  };
}
