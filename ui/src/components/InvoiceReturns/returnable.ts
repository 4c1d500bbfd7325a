import type { InvoiceDetail, ReturnView } from '@wine/contracts';

/**
 * DOMAIN.md "Money": how many units of an invoice line may still be asked back now: none unless the
 * invoice is paid and the return window is open, none while a return of the line waits for a
 * decision (or for its refund), else the units not already returned. The server decides again.
 */
export function returnableQty(
  invoice: Pick<InvoiceDetail, 'status' | 'return_until'>,
  line: { product_id: string; qty: number },
  returns: readonly ReturnView[],
  now: number,
): number {
  if (invoice.status !== 'paid' || !invoice.return_until || now > Date.parse(invoice.return_until)) return 0;
  const ofLine = returns.filter((r) => r.product_id === line.product_id && r.status !== 'refused');
  if (ofLine.some((r) => r.status === 'requested' || r.status === 'accepted')) return 0;
  return Math.max(0, line.qty - ofLine.reduce((sum, r) => sum + r.qty, 0));
}
