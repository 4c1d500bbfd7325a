import type { InvoiceDetail, ReturnableInvoice, ReturnView } from '@wine/contracts';

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
  // One return of a line at a time: asked, accepted, received or being refunded.
  if (ofLine.some((r) => r.status !== 'refunded')) return 0;
  return Math.max(0, line.qty - ofLine.reduce((sum, r) => sum + r.qty, 0));
}

/** Issue 31: the invoice as the refund rule sees it (contracts' `returnAmount`), from what the page has. */
export function returnableOf(
  invoice: Pick<InvoiceDetail, 'invoiceItems' | 'cartValues' | 'paid'>,
  returns: readonly ReturnView[],
): ReturnableInvoice {
  return {
    lines: invoice.invoiceItems.map((l) => ({ lotId: l.product_id, qty: l.qty, amount: l.amount })),
    amounts: invoice.cartValues,
    paid: invoice.paid,
    returns: returns
      .filter((r) => r.status !== 'refused')
      .map((r) => ({ lotId: r.product_id, qty: r.qty, amount: r.amount })),
  };
}
