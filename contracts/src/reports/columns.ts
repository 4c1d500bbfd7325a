/**
 * The finance reports (seeds 001 §3 "Reports", §7 third_party/netsuite; DOMAIN.md "Money"): their
 * names and the columns of each, shared by the query side (records, CSV) and the UI (tables). Plain
 * data with no zod, so the UI's table loads it without the schemas.
 */
export const reportNames = [
  'getCustomerOrders',
  'getVendorSelling',
  'getVendorSold',
  'getCustomerPaid',
  'getCustomerUnPaid',
  'getPayments',
  'getPremiumEarned',
  'getTaxCollected',
  'getBalances',
  'getWeeklySales',
  'getOffers',
] as const;
export type ReportName = (typeof reportNames)[number];
export const isReportName = (value: unknown): value is ReportName =>
  (reportNames as readonly unknown[]).includes(value);

/** How a column's values read: money is integer cents (shown as $ with 2 decimals, CSV in dollars). */
export type ReportColumnKind = 'text' | 'date' | 'money' | 'number' | 'percent';

export interface ReportColumn {
  key: string;
  kind: ReportColumnKind;
  /** Summed into the report's totals (money and counts). */
  total?: boolean;
}

const col = (key: string, kind: ReportColumnKind = 'text', total = false): ReportColumn =>
  total ? { key, kind, total } : { key, kind };
const money = (key: string) => col(key, 'money', true);

const invoiceColumns = [
  col('invoice_id'),
  col('issued_at', 'date'),
  col('kind'),
  col('buyer_id'),
  col('buyer'),
  col('status'),
  money('subtotal'),
  money('premium'),
  money('tax'),
  money('total'),
  money('paid'),
  money('refunded'),
  money('due'),
];

export const reportColumns: Readonly<Record<ReportName, readonly ReportColumn[]>> = {
  getCustomerOrders: invoiceColumns,
  getCustomerPaid: invoiceColumns,
  getCustomerUnPaid: invoiceColumns,
  getVendorSelling: [
    col('seller_id'),
    col('seller'),
    col('lines', 'number', true),
    col('qty', 'number', true),
    money('gross'),
    money('paid_gross'),
    money('unpaid_gross'),
  ],
  getVendorSold: [
    col('invoice_id'),
    col('issued_at', 'date'),
    col('seller_id'),
    col('seller'),
    col('lot_id'),
    col('title'),
    col('buyer_id'),
    col('qty', 'number', true),
    money('amount'),
    money('premium'),
  ],
  getPayments: [
    col('occurred_at', 'date'),
    col('invoice_id'),
    col('type'),
    col('method'),
    col('reference'),
    money('amount'),
  ],
  getPremiumEarned: [
    col('invoice_id'),
    col('issued_at', 'date'),
    col('buyer_id'),
    col('status'),
    money('hammer'),
    col('premium_percent', 'percent'),
    money('premium'),
  ],
  getTaxCollected: [
    col('invoice_id'),
    col('issued_at', 'date'),
    col('tax_state'),
    col('tax_rate', 'percent'),
    col('status'),
    money('taxable'),
    money('tax'),
  ],
  getBalances: [
    col('holder_type'),
    col('holder_id'),
    col('holder'),
    money('credits'),
    money('debits'),
    money('balance'),
  ],
  getWeeklySales: [col('week', 'date'), col('invoices', 'number', true), money('sales'), money('premium')],
  // Issue 36: each offer made in the range, where it stood as of the instant, and the asking-accepted gap.
  getOffers: [
    col('made_at', 'date'),
    col('offer_id'),
    col('kind'),
    col('lot_id'),
    col('buyer_id'),
    col('buyer'),
    col('status'),
    col('qty', 'number', true),
    money('asking'),
    money('offered'),
    money('accepted'),
    money('gap'),
    col('gap_percent', 'percent'),
    col('made', 'number', true),
    col('accepted_count', 'number', true),
    col('declined', 'number', true),
    col('expired', 'number', true),
  ],
};

/** The CSV's name for a report: its name, its range, and the instant the books were taken at. */
export function reportFilename(report: ReportName, from: string, to: string, asOf: string): string {
  const at = asOf.replace(/[:.]/g, '-');
  return `${report}_${from}_${to}_as-of-${at}.csv`;
}

/** The path of the streamed CSV download (a POST with the export's body; answers text/csv). */
export const reportCsvPath = '/api/third_party/netsuite/exportCsv';
