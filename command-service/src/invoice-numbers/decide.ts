import { formatInvoiceNumber, type InvoiceNumberEvent } from '@wine/event-schemas';
import type { Decider } from '../core/decider.ts';

/**
 * Issue 31: one year's invoice numbers (`invoicenumbers-<year>`). The state is the last number taken
 * and the invoice it went to; the expected revision at append makes two invoices issued at once take
 * two numbers one after the other. A retry of the same invoice's command is answered by the stream's
 * command ids (it replays the number it took), and the decider also gives the last invoice its own
 * number again rather than a second one.
 */
export interface InvoiceNumbers {
  year: number | null;
  last: number;
  lastInvoiceId: string | null;
}

export type InvoiceNumberCommand = { type: 'AssignInvoiceNumber'; year: number; invoiceId: string };

export const initialInvoiceNumbers = (): InvoiceNumbers => ({ year: null, last: 0, lastInvoiceId: null });

export function decideInvoiceNumber(
  command: InvoiceNumberCommand,
  state: InvoiceNumbers,
): InvoiceNumberEvent[] {
  if (state.year !== null && state.year !== command.year) {
    throw new Error(`the ${state.year} sequence cannot number an invoice of ${command.year}`);
  }
  if (state.lastInvoiceId === command.invoiceId) return [];
  const seq = state.last + 1;
  return [
    {
      type: 'InvoiceNumberAssigned',
      data: {
        year: command.year,
        seq,
        number: formatInvoiceNumber(command.year, seq),
        invoiceId: command.invoiceId,
      },
    },
  ];
}

export function evolveInvoiceNumbers(state: InvoiceNumbers, event: InvoiceNumberEvent): InvoiceNumbers {
  if (event.type !== 'InvoiceNumberAssigned') return state;
  return { year: event.data.year, last: event.data.seq, lastInvoiceId: event.data.invoiceId };
}

export const invoiceNumberDecider: Decider<InvoiceNumberCommand, InvoiceNumberEvent, InvoiceNumbers> = {
  decide: decideInvoiceNumber,
  evolve: evolveInvoiceNumbers,
  initialState: initialInvoiceNumbers,
};
