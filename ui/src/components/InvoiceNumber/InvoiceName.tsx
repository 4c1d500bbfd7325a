import { useQuery } from '@tanstack/react-query';
import { invoiceQuery } from '../../api/queries.ts';

/**
 * Issue 31: an invoice as people read it: its number (`2026-000123`) once the server has answered,
 * its id until then and on invoices issued before numbers.
 */
export function useInvoiceName(id: string): string {
  const { data } = useQuery(invoiceQuery(id));
  return data?.number ?? id;
}

/** The invoice's number, or its id, as text. */
export function InvoiceName({ id }: { id: string }) {
  return <>{useInvoiceName(id)}</>;
}
