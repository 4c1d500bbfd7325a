import { formatInvoiceNumber, type InvoiceNumberEvent } from '@wine/event-schemas';
import type { Decider } from '../core/decider.ts';

/** How many of the latest numbered invoices the sequence remembers, to give a retry its own number. */
export const REMEMBERED_INVOICES = 512;

/**
 * Issue 31: one year's invoice numbers (`invoicenumbers-<year>`). The state is the last number taken
 * and the latest invoices numbered; the expected revision at append makes invoices numbered at once
 * take numbers one after the other. Invoices waiting at the same moment are numbered in one command
 * (one append, one commit: numbering one invoice per commit made issuing 2,000 invoices take 80 s
 * instead of 22). An invoice among the latest numbered keeps its number (a retry takes no second one).
 */
export interface InvoiceNumbers {
  year: number | null;
  last: number;
  /** The latest invoices numbered, at most REMEMBERED_INVOICES, with their numbers. */
  latest: ReadonlyMap<string, string>;
}

export type InvoiceNumberCommand = {
  type: 'AssignInvoiceNumbers';
  year: number;
  invoiceIds: readonly string[];
};

export const initialInvoiceNumbers = (): InvoiceNumbers => ({ year: null, last: 0, latest: new Map() });

export function decideInvoiceNumbers(
  command: InvoiceNumberCommand,
  state: InvoiceNumbers,
): InvoiceNumberEvent[] {
  if (state.year !== null && state.year !== command.year) {
    throw new Error(`the ${state.year} sequence cannot number an invoice of ${command.year}`);
  }
  const events: InvoiceNumberEvent[] = [];
  for (const invoiceId of new Set(command.invoiceIds)) {
    if (state.latest.has(invoiceId)) continue;
    const seq = state.last + events.length + 1;
    events.push({
      type: 'InvoiceNumberAssigned',
      data: { year: command.year, seq, number: formatInvoiceNumber(command.year, seq), invoiceId },
    });
  }
  return events;
}

export function evolveInvoiceNumbers(state: InvoiceNumbers, event: InvoiceNumberEvent): InvoiceNumbers {
  if (event.type !== 'InvoiceNumberAssigned') return state;
  const latest = new Map(state.latest);
  latest.set(event.data.invoiceId, event.data.number);
  if (latest.size > REMEMBERED_INVOICES) latest.delete(latest.keys().next().value as string);
  return { year: event.data.year, last: event.data.seq, latest };
}

export const invoiceNumberDecider: Decider<InvoiceNumberCommand, InvoiceNumberEvent, InvoiceNumbers> = {
  decide: decideInvoiceNumbers,
  evolve: evolveInvoiceNumbers,
  initialState: initialInvoiceNumbers,
};
