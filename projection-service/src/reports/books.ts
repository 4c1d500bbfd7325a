import { type ReportName, type ReportRecord, reportColumns } from '@wine/contracts';
import {
  cutoffOf,
  type InvoiceBook,
  invoiceBooks,
  known,
  type ReportWindow,
  weekOf,
} from './invoice-books.ts';
import type { LedgerRow } from './ledger.ts';

export { cutoffOf, type ReportWindow, weekOf } from './invoice-books.ts';

/** Who an id is, for display (a name or an e-mail); '' when unknown. */
export type Names = (id: string) => string;

/** Where a report's rows come from, and so how they can be read in pieces. */
export type ReportSource = 'invoices' | 'payments' | 'balances' | 'offers';
export const reportSource: Readonly<Record<ReportName, ReportSource>> = {
  getCustomerOrders: 'invoices',
  getVendorSelling: 'invoices',
  getVendorSold: 'invoices',
  getCustomerPaid: 'invoices',
  getCustomerUnPaid: 'invoices',
  getPremiumEarned: 'invoices',
  getTaxCollected: 'invoices',
  getWeeklySales: 'invoices',
  getPayments: 'payments',
  getBalances: 'balances',
  getOffers: 'offers',
};

const invoiceRecord = (b: InvoiceBook, names: Names): ReportRecord => ({
  invoice_id: b.id,
  issued_at: b.issuedAt,
  kind: b.kind,
  buyer_id: b.buyerId,
  buyer: names(b.buyerId),
  status: b.status,
  subtotal: b.subtotal,
  premium: b.premium,
  tax: b.tax,
  total: b.total,
  paid: b.paid,
  refunded: b.refunded,
  due: b.voided ? 0 : Math.max(0, b.total - (b.paid - b.reversed)),
});

/**
 * A report computed piece by piece: `push` takes the rows of whole invoices (or of some payments, or
 * of every balance) and answers the records they make now; `finish` answers those only known at the
 * end (the sums per seller, per week, per holder). Pure.
 */
export interface ReportFold {
  push(rows: readonly LedgerRow[]): ReportRecord[];
  /**
   * Issue 31: the returns' refunds made in the window (whatever invoice, issued when): the reports of
   * sales, premium and tax are net of them in the period of the refund, as of the date asked.
   */
  refunds?(rows: readonly LedgerRow[]): ReportRecord[];
  finish(): ReportRecord[];
}

/** The returns' refunds of some rows made within the window (and known as of its instant). */
export const refundsIn = (rows: readonly LedgerRow[], w: ReportWindow) =>
  rows.filter((r) => r.kind === 'return_refund' && r.occurred_at >= w.fromAt && r.occurred_at <= cutoffOf(w));

/** The ledger filter of `refundsIn`, for reading them from the read store. */
export const refundFilter = (w: ReportWindow) => ({
  kind: 'return_refund',
  occurred_at: { $gte: w.fromAt, $lte: cutoffOf(w) },
});

const live = (b: InvoiceBook) => !b.voided;

function perInvoice(
  w: ReportWindow,
  keep: (b: InvoiceBook) => boolean,
  record: (b: InvoiceBook) => ReportRecord[],
): ReportFold {
  return {
    push: (rows) => invoiceBooks(rows, w).filter(keep).flatMap(record),
    finish: () => [],
  };
}

function vendorSelling(w: ReportWindow, names: Names): ReportFold {
  const sellers = new Map<
    string,
    { name: string; lines: number; qty: number; gross: number; paid: number }
  >();
  return {
    push(rows) {
      for (const b of invoiceBooks(rows, w).filter(live)) {
        for (const line of b.lines) {
          const id = line.seller_id ?? '';
          const s = sellers.get(id) ?? { name: names(id), lines: 0, qty: 0, gross: 0, paid: 0 };
          s.lines += 1;
          s.qty += line.qty ?? 0;
          s.gross += line.amount ?? 0;
          if (b.status === 'paid') s.paid += line.amount ?? 0;
          sellers.set(id, s);
        }
      }
      return [];
    },
    finish: () =>
      [...sellers]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, s]) => ({
          seller_id: id,
          seller: s.name,
          lines: s.lines,
          qty: s.qty,
          gross: s.gross,
          paid_gross: s.paid,
          unpaid_gross: s.gross - s.paid,
        })),
  };
}

function weeklySales(w: ReportWindow): ReportFold {
  const weeks = new Map<string, { invoices: number; sales: number; premium: number }>();
  return {
    push(rows) {
      for (const b of invoiceBooks(rows, w).filter(live)) {
        const week = weekOf(b.issuedAt);
        const s = weeks.get(week) ?? { invoices: 0, sales: 0, premium: 0 };
        s.invoices += 1;
        s.sales += b.subtotal;
        s.premium += b.premium;
        weeks.set(week, s);
      }
      return [];
    },
    refunds(rows) {
      // A refund takes its price and premium off the week it was made in.
      for (const r of refundsIn(rows, w)) {
        const week = weekOf(r.occurred_at);
        const s = weeks.get(week) ?? { invoices: 0, sales: 0, premium: 0 };
        s.sales -= r.amount ?? 0;
        s.premium -= r.premium ?? 0;
        weeks.set(week, s);
      }
      return [];
    },
    finish: () =>
      [...weeks]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([week, s]) => ({ week, invoices: s.invoices, sales: s.sales, premium: s.premium })),
  };
}

function payments(w: ReportWindow): ReportFold {
  const end = cutoffOf(w);
  return {
    push: (rows) =>
      rows
        .filter(
          (r) =>
            (r.kind === 'payment' || r.kind === 'refund' || r.kind === 'chargeback') &&
            r.occurred_at >= w.fromAt &&
            r.occurred_at <= end,
        )
        .map((r) => ({
          occurred_at: r.occurred_at,
          invoice_id: r.invoice_id ?? '',
          type: r.kind,
          method: r.method ?? '',
          reference: r.reference ?? '',
          amount: r.kind === 'payment' ? (r.amount ?? 0) : -(r.amount ?? 0),
        })),
    finish: () => [],
  };
}

const balanceKinds = new Set(['wallet_credit', 'wallet_debit', 'giftcard_issued', 'giftcard_redeemed']);

function balances(w: ReportWindow, names: Names): ReportFold {
  const end = cutoffOf(w);
  const holders = new Map<
    string,
    { type: string; id: string; holder: string; credits: number; debits: number; balance: number }
  >();
  return {
    push(rows) {
      for (const r of rows) {
        if (!balanceKinds.has(r.kind) || r.occurred_at > end) continue;
        const wallet = r.kind === 'wallet_credit' || r.kind === 'wallet_debit';
        const id = (wallet ? r.user_id : r.gift_card_id) ?? '';
        const key = `${wallet ? 'wallet' : 'giftcard'}:${id}`;
        const h = holders.get(key) ?? {
          type: wallet ? 'wallet' : 'giftcard',
          id: wallet ? id : '',
          holder: wallet ? names(id) : '',
          credits: 0,
          debits: 0,
          balance: 0,
        };
        if (r.kind === 'giftcard_issued') h.id = `****${r.reference ?? ''}`;
        const credit = r.kind === 'wallet_credit' || r.kind === 'giftcard_issued';
        const amount = r.amount ?? 0;
        h.balance += credit ? amount : -amount;
        if (r.occurred_at >= w.fromAt) {
          if (credit) h.credits += amount;
          else h.debits += amount;
        }
        holders.set(key, h);
      }
      return [];
    },
    finish: () =>
      [...holders]
        .sort(([a], [b]) => a.localeCompare(b))
        .filter(([, h]) => h.balance !== 0 || h.credits !== 0 || h.debits !== 0)
        .map(([, h]) => ({
          holder_type: h.type,
          holder_id: h.id,
          holder: h.holder,
          credits: h.credits,
          debits: h.debits,
          balance: h.balance,
        })),
  };
}

/** What an offer's later rows say of where it stood: the last of them known as of the instant. */
const offerStatus: Readonly<Record<string, string>> = {
  offer_accepted: 'accepted',
  offer_declined: 'declined',
  offer_withdrawn: 'withdrawn',
  offer_expired: 'expired',
};

/**
 * Issue 36: each offer made in the window, where it stood as of the instant, and for an accepted one
 * the gap between the lot's asking price and the agreed price (cents, and percent of the asking);
 * the count columns total to the offers made, accepted, declined and expired.
 */
function offersReport(w: ReportWindow, names: Names): ReportFold {
  const end = cutoffOf(w);
  return {
    push(rows) {
      const later = new Map<string, LedgerRow[]>();
      for (const r of rows) {
        if (r.kind === 'offer_made' || !offerStatus[r.kind] || !known(r, w)) continue;
        later.set(r.offer_id ?? '', [...(later.get(r.offer_id ?? '') ?? []), r]);
      }
      return rows
        .filter((r) => r.kind === 'offer_made' && r.occurred_at >= w.fromAt && r.occurred_at <= end)
        .map((made) => {
          const after = later.get(made.offer_id ?? '') ?? [];
          const accepted = after.find((r) => r.kind === 'offer_accepted');
          const last = after.at(-1);
          const status = last ? (offerStatus[last.kind] ?? 'open') : 'open';
          const qty = accepted?.qty ?? made.qty ?? 0;
          const asking = made.asking === null || made.asking === undefined ? null : made.asking * qty;
          const agreed = accepted?.amount ?? 0;
          const gap = accepted && asking !== null ? asking - agreed : 0;
          return {
            made_at: made.occurred_at,
            offer_id: made.offer_id ?? '',
            kind: made.offer_kind ?? 'offer',
            lot_id: made.lot_id ?? '',
            buyer_id: made.buyer_id ?? '',
            buyer: names(made.buyer_id ?? ''),
            status,
            qty,
            asking: asking ?? 0,
            offered: made.amount ?? 0,
            accepted: agreed,
            gap,
            gap_percent: accepted && asking ? Math.round((gap / asking) * 10_000) / 100 : 0,
            made: 1,
            accepted_count: status === 'accepted' ? 1 : 0,
            declined: status === 'declined' ? 1 : 0,
            expired: status === 'expired' ? 1 : 0,
          };
        });
    },
    finish: () => [],
  };
}

/** The fold of one report over a window. */
export function reportFold(report: ReportName, w: ReportWindow, names: Names): ReportFold {
  switch (report) {
    case 'getCustomerOrders':
      return perInvoice(
        w,
        () => true,
        (b) => [invoiceRecord(b, names)],
      );
    case 'getCustomerPaid':
      return perInvoice(
        w,
        (b) => b.status === 'paid',
        (b) => [invoiceRecord(b, names)],
      );
    case 'getCustomerUnPaid':
      return perInvoice(
        w,
        (b) => b.status === 'unpaid' || b.status === 'partial',
        (b) => [invoiceRecord(b, names)],
      );
    case 'getVendorSold':
      return perInvoice(
        w,
        (b) => b.status === 'paid',
        (b) =>
          b.lines.map((l) => ({
            invoice_id: b.id,
            issued_at: b.issuedAt,
            seller_id: l.seller_id ?? '',
            seller: names(l.seller_id ?? ''),
            lot_id: l.lot_id ?? '',
            title: l.title ?? '',
            buyer_id: b.buyerId,
            qty: l.qty ?? 0,
            amount: l.amount ?? 0,
            premium: l.premium ?? 0,
          })),
      );
    case 'getPremiumEarned':
      return {
        ...perInvoice(
          w,
          (b) => live(b) && b.premium > 0,
          (b) => [
            {
              invoice_id: b.id,
              issued_at: b.issuedAt,
              buyer_id: b.buyerId,
              status: b.status,
              hammer: b.subtotal,
              premium_percent: b.premiumPercent,
              premium: b.premium,
            },
          ],
        ),
        // A returned auction lot's refund gives its premium back: a negative row on the refund's day.
        refunds: (rows) =>
          refundsIn(rows, w)
            .filter((r) => (r.premium ?? 0) > 0)
            .map((r) => ({
              invoice_id: r.invoice_id ?? '',
              issued_at: r.occurred_at,
              buyer_id: '',
              status: 'refunded',
              hammer: -(r.amount ?? 0),
              premium_percent: 0,
              premium: -(r.premium ?? 0),
            })),
      };
    case 'getTaxCollected':
      return {
        ...perInvoice(
          w,
          (b) => live(b) && b.tax > 0,
          (b) => [
            {
              invoice_id: b.id,
              issued_at: b.issuedAt,
              tax_state: b.taxState,
              tax_rate: b.taxRate / 100,
              status: b.status,
              // Issue 31: shipping is in the base where the state taxes it.
              taxable: b.subtotal + b.premium + b.taxableShipping,
              tax: b.tax,
            },
          ],
        ),
        // The tax a return's refund gives back: a negative row on the refund's day, at the invoice's rate.
        refunds: (rows) =>
          refundsIn(rows, w)
            .filter((r) => (r.tax ?? 0) > 0)
            .map((r) => ({
              invoice_id: r.invoice_id ?? '',
              issued_at: r.occurred_at,
              tax_state: r.tax_state ?? '',
              tax_rate: (r.tax_rate ?? 0) / 100,
              status: 'refunded',
              taxable: -((r.amount ?? 0) + (r.premium ?? 0)),
              tax: -(r.tax ?? 0),
            })),
      };
    case 'getVendorSelling':
      return vendorSelling(w, names);
    case 'getWeeklySales':
      return weeklySales(w);
    case 'getPayments':
      return payments(w);
    case 'getBalances':
      return balances(w, names);
    case 'getOffers':
      return offersReport(w, names);
  }
}

/** Adds a record into the report's totals: every totalled column, and the splits finance asks for. */
export function addToTotals(report: ReportName, totals: Record<string, number>, record: ReportRecord): void {
  for (const column of reportColumns[report]) {
    if (!column.total) continue;
    const value = record[column.key];
    if (typeof value === 'number') totals[column.key] = (totals[column.key] ?? 0) + value;
  }
  if (report === 'getPayments') {
    const key =
      record.type === 'refund' ? 'refunds' : record.type === 'chargeback' ? 'chargebacks' : 'payments';
    totals[key] = (totals[key] ?? 0) + Math.abs(Number(record.amount));
    const method = `${record.type}_${record.method}`;
    totals[method] = (totals[method] ?? 0) + Math.abs(Number(record.amount));
  }
  if (report === 'getBalances') {
    const key = record.holder_type === 'wallet' ? 'wallets' : 'giftcards';
    totals[key] = (totals[key] ?? 0) + Number(record.balance);
  }
}

/** Totals that start at zero, so an empty report still shows them. */
export function emptyTotals(report: ReportName): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const column of reportColumns[report]) if (column.total) totals[column.key] = 0;
  if (report === 'getPayments') Object.assign(totals, { payments: 0, refunds: 0, chargebacks: 0 });
  if (report === 'getBalances') Object.assign(totals, { wallets: 0, giftcards: 0 });
  return totals;
}

/** A whole report from rows in hand (the log's, or the ledger's): its records in order, and its totals. */
export function computeReport(
  report: ReportName,
  rows: readonly LedgerRow[],
  w: ReportWindow,
  names: Names = () => '',
): { records: ReportRecord[]; totals: Record<string, number> } {
  const fold = reportFold(report, w, names);
  const records = [...fold.push(rows), ...(fold.refunds?.(rows) ?? []), ...fold.finish()];
  const totals = emptyTotals(report);
  for (const record of records) addToTotals(report, totals, record);
  return { records, totals };
}
