import type { SellerStatement } from '@wine/contracts';
import { csvCast } from '@wine/platform';
import { stringify } from 'csv-stringify/sync';
import { dollars } from '../reports/csv.ts';

/** The columns, money ones labelled in dollars as the reports' are (seeds 001 §9: CSV, UTF-8). */
const columns = [
  'line',
  'lot_id',
  'title',
  'invoice_number',
  'invoice_id',
  'kind',
  'qty',
  'returned_qty',
  'hammer_usd',
  'returned_usd',
  'commission_percent',
  'commission_usd',
  'fee_usd',
  'net_usd',
  'status',
  'paid_at',
  'payable_on',
  'closed_at',
  'bid_count',
  'high_bid_usd',
] as const;

type Row = Partial<Record<(typeof columns)[number], string | number>>;

/**
 * Issue 33 "Sellers": the statement as CSV for the seller's books, one row per sold line then one per
 * unsold lot (`line` tells which; an unsold lot's `status` is why), money in dollars with two decimals.
 */
export function statementCsv(statement: SellerStatement): string {
  const rows: Row[] = [
    ...statement.lines.map(
      (line): Row => ({
        line: 'sold',
        lot_id: line.product_id,
        title: line.title,
        invoice_number: line.invoice_number ?? '',
        invoice_id: line.invoice_id,
        kind: line.kind,
        qty: line.qty,
        returned_qty: line.returned_qty,
        hammer_usd: dollars(line.hammer),
        returned_usd: dollars(line.returned),
        commission_percent: line.commission_percent,
        commission_usd: dollars(line.commission),
        fee_usd: dollars(line.fee),
        net_usd: dollars(line.net),
        status: line.status,
        paid_at: line.paid_at ?? '',
        payable_on: line.payable_on ?? '',
      }),
    ),
    ...statement.unsold.map(
      (lot): Row => ({
        line: 'unsold',
        lot_id: lot.product_id,
        title: lot.title,
        status: lot.reason,
        closed_at: lot.closed_at,
        bid_count: lot.bid_count,
        high_bid_usd: lot.high_bid === null ? '' : dollars(lot.high_bid),
      }),
    ),
  ];
  return stringify(
    rows.map((row) => columns.map((column) => row[column] ?? '')),
    // A wine titled `=HYPERLINK(…)` is written as text, never as a formula (OWASP), as every export.
    { bom: true, header: true, columns: [...columns], cast: csvCast },
  );
}

/** The download's name: the statement's date (seller-statement_2026-12-20.csv or .pdf). */
export const statementFilename = (statement: SellerStatement, extension: 'csv' | 'pdf') =>
  `seller-statement_${statement.as_of.slice(0, 10)}.${extension}`;
