import { formatInvoiceNumber, invoiceNumberStream, invoiceStream } from '@wine/event-schemas';
import type { Streams } from '../core/command-handler.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { invoiceNumberDecider } from './decide.ts';

/**
 * Issue 31: the readable number an invoice is issued with (`2026-000123`), taken from the sequence of
 * the year it is issued in, just before it is issued. The command id is the invoice's, so every retry
 * (of a checkout, of the invoicing process, on any instance) gets the number the first try took, and
 * the expected revision on the year's stream gives invoices issued at once different numbers. An
 * invoice already issued keeps the number it has.
 */
export async function invoiceNumberFor(
  streams: Streams,
  invoiceId: string,
  now: Date,
): Promise<string | undefined> {
  const invoice = await streams.load(invoiceStream(invoiceId), invoiceDecider);
  if (invoice.status === 'issued') return invoice.issued.number;
  const year = now.getUTCFullYear();
  const stream = invoiceNumberStream(year);
  const result = await streams.handle(
    stream,
    invoiceNumberDecider,
    { type: 'AssignInvoiceNumber', year, invoiceId },
    {
      commandId: `invoice-number:${invoiceId}`,
      correlationId: `invoice-number:${invoiceId}`,
      actor: { kind: 'system', id: 'invoice-numbers' },
      now,
    },
  );
  const assigned = result.events[0];
  if (assigned) return assigned.data.number;
  // The decider saw this invoice take the year's last number (its command id under another name).
  const numbers = await streams.load(stream, invoiceNumberDecider);
  return formatInvoiceNumber(year, numbers.last);
}
