import {
  cardCanTake,
  defaultRefundTo,
  type RefundablePayment,
  type ReturnView,
  type StaffReturn,
  USERS,
  type UserDocument,
} from '@wine/contracts';
import type { DocumentStore } from '@wine/platform';
import {
  INVOICE_TRANSACTIONS,
  INVOICES,
  type InvoiceDocument,
  type InvoiceTransactionDocument,
} from '../invoices/project.ts';
import type { ReturnDocument } from './project.ts';

/** A return as the buyer sees it, the line's title read from its invoice. */
export function returnView(doc: ReturnDocument, invoice: InvoiceDocument | undefined): ReturnView {
  return {
    id: doc.id,
    invoice_id: doc.invoice_id,
    invoice_number: invoice?.number ?? null,
    product_id: doc.product_id,
    title: invoice?.items.find((line) => line.product_id === doc.product_id)?.title ?? doc.product_id,
    qty: doc.qty,
    reason: doc.reason,
    amount: doc.amount,
    status: doc.status,
    refund_to: doc.refund_to,
    note: doc.note,
    requested_at: doc.requested_at,
    decided_at: doc.decided_at,
    refunded_at: doc.refunded_at,
    good: doc.good ?? null,
    damaged: doc.damaged ?? null,
    received_at: doc.received_at ?? null,
    // A refund before issue 31 gave back all the return brought, to one place.
    refunded_amount: doc.refunded_amount ?? (doc.status === 'refunded' ? doc.amount : null),
    refund_reason: doc.refund_reason ?? null,
    refunded_card:
      doc.refunded_card ?? (doc.status === 'refunded' && doc.refund_to === 'card' ? doc.amount : 0),
    refunded_wallet:
      doc.refunded_wallet ?? (doc.status === 'refunded' && doc.refund_to === 'wallet' ? doc.amount : 0),
  };
}

/** The invoices the returns are on, by id. */
export async function invoicesOf(docs: DocumentStore, returns: readonly ReturnDocument[]) {
  const ids = [...new Set(returns.map((r) => r.invoice_id))];
  const rows = await docs.collection<InvoiceDocument>(INVOICES).find({ _id: { $in: ids } });
  return new Map(rows.map((row) => [row._id, row]));
}

/**
 * Each invoice's payments as a refund sees them: what each took, less the refunds that named it (a
 * refund's reference is its payment's transaction id).
 */
export function refundablePayments(transactions: readonly InvoiceTransactionDocument[]): RefundablePayment[] {
  const refunded = new Map<string, number>();
  for (const t of transactions) {
    if (t.type === 'refund' && t.reference)
      refunded.set(t.reference, (refunded.get(t.reference) ?? 0) + t.amount);
  }
  return transactions
    .filter((t) => t.type === 'payment' && t.status === 'succeeded')
    .map((t) => ({ method: t.method, amount: t.amount, refunded: refunded.get(t.id) ?? 0 }));
}

/** The staff's rows: who asks, and where the refund can go (the card only if a card payment can take it). */
export async function staffReturns(
  docs: DocumentStore,
  rows: readonly ReturnDocument[],
): Promise<StaffReturn[]> {
  const invoices = await invoicesOf(docs, rows);
  const buyerIds = [...new Set([...invoices.values()].map((i) => i.buyer_id))];
  const [buyers, transactions] = await Promise.all([
    docs.collection<UserDocument>(USERS).find({ _id: { $in: buyerIds } }),
    docs
      .collection<InvoiceTransactionDocument>(INVOICE_TRANSACTIONS)
      .find({ invoice_id: { $in: [...invoices.keys()] } }),
  ]);
  const buyerById = new Map(buyers.map((b) => [b._id, b]));
  return rows.map((row) => {
    const invoice = invoices.get(row.invoice_id);
    const buyer = invoice ? buyerById.get(invoice.buyer_id) : undefined;
    const payments = refundablePayments(transactions.filter((t) => t.invoice_id === row.invoice_id));
    return {
      ...returnView(row, invoice),
      buyer_id: invoice?.buyer_id ?? '',
      buyer_name: `${buyer?.first_name ?? ''} ${buyer?.last_name ?? ''}`.trim(),
      buyer_email: buyer?.email ?? '',
      card_refundable: cardCanTake(payments, 1),
      default_to: defaultRefundTo(payments, 1),
      refund_max: Math.min(
        row.amount,
        payments.reduce((sum, p) => sum + p.amount - p.refunded, 0),
      ),
    };
  });
}
