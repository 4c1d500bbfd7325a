import { z } from 'zod';
import { defineEvent } from './registry.ts';

/** A readable invoice number: the year it was issued and its place in that year (`2026-000123`). */
export const InvoiceNumber = z.string().regex(/^\d{4}-\d{6,}$/);

/** `2026-000123`: the year and the sequence, zero-padded to six digits (more when a year needs them). */
export const formatInvoiceNumber = (year: number, seq: number): string =>
  `${year}-${String(seq).padStart(6, '0')}`;

/**
 * Issue 31: the next number of a year's sequence (`invoicenumbers-<year>`), given to one invoice before
 * it is issued. The stream's expected revision lets one writer take each number, so two invoices issued
 * at once get two numbers and none is skipped; the command id is the invoice's, so a retry takes none.
 */
export const InvoiceNumberAssigned = defineEvent({
  type: 'InvoiceNumberAssigned',
  version: 1,
  schema: z.object({
    year: z.number().int().min(2000).max(9999),
    seq: z.number().int().min(1),
    number: InvoiceNumber,
    invoiceId: z.string().min(1).max(64),
  }),
});

export type InvoiceNumberEvent = {
  type: 'InvoiceNumberAssigned';
  data: z.infer<typeof InvoiceNumberAssigned.schema>;
};
export const invoiceNumberEventDefinitions = [InvoiceNumberAssigned] as const;
