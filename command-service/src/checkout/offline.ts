import { formatMoney, t } from '@wine/contracts';
import { invoiceStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf } from '../invoices/invoice.ts';
import { type MoneyDeps, paymentIdFor, type Step, stepContext } from './money-deps.ts';
import { afterPayment } from './orders.ts';

/** What the buyer is told when an order is placed to pay offline: how much, which invoice, until when. */
export async function offlineInstructions(deps: MoneyDeps, invoiceIds: readonly string[]): Promise<string> {
  let due = 0;
  let until = '';
  for (const id of invoiceIds) {
    const invoice = await deps.streams.load(invoiceStream(id), invoiceDecider);
    if (invoice.status !== 'issued') continue;
    due += dueOf(invoice);
    if (!until || invoice.issued.dueAt < until) until = invoice.issued.dueAt;
  }
  return t('checkout.offlineInstructions', {
    amount: formatMoney(due),
    invoice: invoiceIds.join(', '),
    until: until.slice(0, 10),
  });
}

/**
 * Finance or an admin records money received offline (a transfer, cash at pickup) on an invoice. A
 * buy-now order paid in full becomes a sale. Answers the invoice's status after it.
 */
export async function recordOfflinePayment(
  deps: MoneyDeps,
  step: Step,
  input: { invoice_id: string; amount: number; reference: string },
) {
  const { streams, clock } = deps;
  const invoice = await streams.load(invoiceStream(input.invoice_id), invoiceDecider);
  if (invoice.status === 'none') throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  const paymentId = paymentIdFor(step.base.commandId, 'offline');
  await streams.handle(
    invoiceStream(input.invoice_id),
    invoiceDecider,
    { type: 'RecordPayment', paymentId, method: 'offline', amount: input.amount, reference: input.reference },
    stepContext(step, 'record', clock.now()),
  );
  return afterPayment(deps, step, input.invoice_id, input.amount);
}
