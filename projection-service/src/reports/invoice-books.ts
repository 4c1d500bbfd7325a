import { invoiceStatus } from '@wine/contracts';
import type { LedgerRow } from './ledger.ts';

/** A report's range in whole UTC days and the instant the books are taken at (ISO 8601, ms, Z). */
export interface ReportWindow {
  from: string;
  to: string;
  fromAt: string;
  toAt: string;
  asOf: string;
}

/** Facts after `asOf` are not yet in the books; a period ends at `to` or at `asOf`, whichever is first. */
export const cutoffOf = (w: ReportWindow): string => (w.toAt < w.asOf ? w.toAt : w.asOf);
export const known = (row: LedgerRow, w: ReportWindow) => row.occurred_at <= w.asOf;

const shippingOf = (row: LedgerRow) => ({
  shipping: row.shipping ?? 0,
  taxableShipping: row.shipping_taxable ? (row.shipping ?? 0) : 0,
});

/** An invoice as the books stood at `asOf`: its latest amounts, what was paid and refunded on it. */
export interface InvoiceBook {
  id: string;
  kind: string;
  buyerId: string;
  issuedAt: string;
  subtotal: number;
  premium: number;
  premiumPercent: number;
  tax: number;
  taxState: string;
  taxRate: number;
  /** Issue 31: the shipping charge, and the part of it in the tax base. */
  shipping: number;
  taxableShipping: number;
  total: number;
  /** Payments recorded (gross). */
  paid: number;
  /** Every refund, for a return or not. */
  refunded: number;
  /** Refunds that undo a payment (not a return): they take the paid amount down. */
  reversed: number;
  voided: boolean;
  lines: LedgerRow[];
  status: string;
}

/**
 * The invoices issued within the range, as of `asOf`, from the rows of some invoices (each invoice's
 * rows all present, in log order). Pure: the same rows give the same books, whether they come from
 * the ledger read model or straight from the log.
 */
export function invoiceBooks(rows: readonly LedgerRow[], w: ReportWindow): InvoiceBook[] {
  const books = new Map<string, InvoiceBook>();
  for (const row of rows) {
    if (!known(row, w) || !row.invoice_id) continue;
    if (row.kind === 'invoice') {
      if (row.occurred_at < w.fromAt || row.occurred_at > w.toAt) continue;
      books.set(row.invoice_id, {
        id: row.invoice_id,
        kind: row.invoice_kind ?? '',
        buyerId: row.buyer_id ?? '',
        issuedAt: row.occurred_at,
        subtotal: row.amount ?? 0,
        premium: row.premium ?? 0,
        premiumPercent: row.premium_percent ?? 0,
        tax: row.tax ?? 0,
        taxState: row.tax_state ?? '',
        taxRate: row.tax_rate ?? 0,
        ...shippingOf(row),
        total: row.total ?? 0,
        paid: 0,
        refunded: 0,
        reversed: 0,
        voided: false,
        lines: [],
        status: 'unpaid',
      });
      continue;
    }
    const book = books.get(row.invoice_id);
    if (!book) continue;
    const amount = row.amount ?? 0;
    switch (row.kind) {
      case 'line':
        book.lines.push(row);
        break;
      case 'invoice_amended':
        Object.assign(book, {
          subtotal: amount,
          premium: row.premium ?? 0,
          premiumPercent: row.premium_percent ?? 0,
          tax: row.tax ?? 0,
          taxState: row.tax_state ?? '',
          taxRate: row.tax_rate ?? 0,
          ...shippingOf(row),
          total: row.total ?? 0,
        });
        break;
      case 'invoice_voided':
        book.voided = true;
        break;
      case 'payment':
        book.paid += amount;
        break;
      case 'refund':
        book.refunded += amount;
        if (row.return_id === undefined) book.reversed += amount;
        break;
      default:
        break;
    }
  }
  for (const book of books.values()) {
    book.status = invoiceStatus(book.paid - book.reversed, book.total, book.voided);
  }
  return [...books.values()];
}

/** Monday of the ISO week of an instant, 'YYYY-MM-DD' (UTC). */
export function weekOf(iso: string): string {
  const day = new Date(iso.slice(0, 10));
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}
