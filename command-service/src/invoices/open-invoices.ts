import type { InvoiceEvent, RecordedEvent } from '@wine/event-schemas';

interface OpenInvoice {
  kind: 'auction' | 'buynow' | 'offer' | 'charge';
  total: number;
  paid: number;
  voided: boolean;
}

/**
 * Which invoices each buyer still has to pay, followed from the log: what the auction cart's `all`
 * checkout pays. Each invoice is then loaded from its own stream, which stays the judge.
 */
export function openInvoicesIndex() {
  const byBuyer = new Map<string, Map<string, OpenInvoice>>();
  const buyerOf = new Map<string, string>();

  return {
    follow(event: RecordedEvent) {
      if (!event.streamName.startsWith('invoice-')) return;
      const invoiceId = event.streamName.slice('invoice-'.length);
      const e = { type: event.type, data: event.data } as InvoiceEvent;
      if (e.type === 'InvoiceIssued') {
        buyerOf.set(invoiceId, e.data.buyerId);
        const mine = byBuyer.get(e.data.buyerId) ?? new Map<string, OpenInvoice>();
        mine.set(invoiceId, { kind: e.data.kind, total: e.data.amounts.total, paid: 0, voided: false });
        byBuyer.set(e.data.buyerId, mine);
        return;
      }
      const buyer = buyerOf.get(invoiceId);
      const invoice = buyer ? byBuyer.get(buyer)?.get(invoiceId) : undefined;
      if (!invoice) return;
      switch (e.type) {
        case 'InvoiceDeliveryChosen':
        // Issue 38 §2: an admin fee moves the total as a delivery chosen does.
        case 'InvoiceAdminFeeSet':
          invoice.total = e.data.amounts.total;
          break;
        case 'PaymentRecorded':
          invoice.paid += e.data.amount;
          break;
        case 'PaymentRefunded':
          invoice.paid -= e.data.amount;
          break;
        case 'InvoiceVoided':
          invoice.voided = true;
          break;
        default:
          break;
      }
    },
    /**
     * The buyer's invoices of a kind not yet paid in full (not voided), oldest first: the auction cart's
     * (or the temporary cart's) to pay; the buy-now orders that hold stock unpaid.
     */
    unpaidInvoices(buyerId: string, kind: OpenInvoice['kind']): string[] {
      const mine = byBuyer.get(buyerId);
      if (!mine) return [];
      return [...mine.entries()]
        .filter(([, inv]) => inv.kind === kind && !inv.voided && inv.paid < inv.total)
        .map(([id]) => id);
    },
  };
}

export type OpenInvoices = ReturnType<typeof openInvoicesIndex>;
