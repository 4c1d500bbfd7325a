import { invoiceStream } from '@wine/event-schemas';
import { invoiceDecider } from '../invoices/decide.ts';
import { isPaid } from '../invoices/invoice.ts';
import type { InvoiceFacts } from './decide.ts';
import type { AppointmentDeps } from './deps.ts';

/** What the appointment decider reads of an invoice (null: no such invoice). */
export async function invoiceFactsOf(deps: AppointmentDeps, invoiceId: string): Promise<InvoiceFacts | null> {
  const invoice = await deps.streams.load(invoiceStream(invoiceId), invoiceDecider);
  if (invoice.status === 'none') return null;
  return {
    invoiceId,
    buyerId: invoice.issued.buyerId,
    method: invoice.delivery.method,
    voided: invoice.voided,
    paid: isPaid(invoice),
  };
}
