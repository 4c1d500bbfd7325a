import type { SellerTerms, StatementSale } from '@wine/contracts';
import { type InvoiceEvent, invoiceStream, type LotEvent, lotStream } from '@wine/event-schemas';
import type { EventStore } from '@wine/platform';
import { evolveInvoice, type Invoice, initialInvoice, isPaid } from '../invoices/invoice.ts';

/**
 * A line of a buyer's invoice in the statement's terms, read from the command side's own streams (never
 * from a read model, which may lag): the invoice folded as its aggregate folds it, paid at the event
 * that made it paid (as the invoices read model says), its returns with their refund's standing, and
 * the terms its lot recorded when an admin approved it. Null when the invoice has no such line.
 */
export async function saleOf(
  store: EventStore,
  invoiceId: string,
  lotId: string,
): Promise<StatementSale | null> {
  const recorded = await store.readStream(invoiceStream(invoiceId));
  let invoice: Invoice = initialInvoice();
  let paidAt: string | null = null;
  for (const event of recorded) {
    invoice = evolveInvoice(invoice, event as unknown as InvoiceEvent);
    if (invoice.status !== 'issued') continue;
    // Paid at the event that made it paid; a refund of a payment undone takes it below, paid no more.
    paidAt = isPaid(invoice) && !invoice.voided ? (paidAt ?? event.metadata.occurredAt) : null;
  }
  // Issue 38 §1: a charge's line is the house's bill to its seller, never a sale to pay out.
  if (invoice.status !== 'issued' || invoice.issued.kind === 'charge') return null;
  const line = invoice.issued.lines.find((l) => l.lotId === lotId);
  if (!line) return null;
  const status = invoice.voided ? 'void' : isPaid(invoice) ? 'paid' : invoice.paid > 0 ? 'partial' : 'unpaid';
  return {
    seller_id: line.sellerId,
    invoice_id: invoiceId,
    invoice_number: invoice.issued.number ?? null,
    kind: invoice.issued.kind,
    invoice_status: status,
    paid_at: status === 'paid' ? paidAt : null,
    product_id: lotId,
    title: line.title,
    qty: line.qty,
    amount: line.amount,
    returns: Object.values(invoice.returns)
      .filter((r) => r.lotId === lotId)
      .map((r) => ({ qty: r.qty, status: r.status })),
    terms: await lotTerms(store, lotId),
  };
}

/** The terms of consignment the lot's last approval recorded; none on a house lot or one approved before terms. */
async function lotTerms(store: EventStore, lotId: string): Promise<SellerTerms | undefined> {
  let terms: SellerTerms | undefined;
  for (const event of await store.readStream(lotStream(lotId))) {
    const lot = event as unknown as LotEvent;
    if (lot.type === 'LotApproved') terms = lot.data.terms;
  }
  return terms;
}
