import type { ReportColumn, ReportName, ReportRecord } from '@wine/contracts';
import dayjs from 'dayjs';
import { formatDate, formatMoney } from '../../lib/format.ts';

/** The label of each report (a table of keys, so the i18n spec sees each one used). */
export const reportLabels = {
  getCustomerOrders: 'ui.reports.names.getCustomerOrders',
  getVendorSelling: 'ui.reports.names.getVendorSelling',
  getVendorSold: 'ui.reports.names.getVendorSold',
  getCustomerPaid: 'ui.reports.names.getCustomerPaid',
  getCustomerUnPaid: 'ui.reports.names.getCustomerUnPaid',
  getPayments: 'ui.reports.names.getPayments',
  getPremiumEarned: 'ui.reports.names.getPremiumEarned',
  getTaxCollected: 'ui.reports.names.getTaxCollected',
  getBalances: 'ui.reports.names.getBalances',
  getWeeklySales: 'ui.reports.names.getWeeklySales',
  getOffers: 'ui.reports.names.getOffers',
} as const satisfies Record<ReportName, string>;

/** The label of each column of every report. */
const columnLabels = {
  invoice_id: 'ui.reports.columns.invoice_id',
  issued_at: 'ui.reports.columns.issued_at',
  kind: 'ui.reports.columns.kind',
  buyer_id: 'ui.reports.columns.buyer_id',
  buyer: 'ui.reports.columns.buyer',
  status: 'ui.reports.columns.status',
  subtotal: 'ui.reports.columns.subtotal',
  premium: 'ui.reports.columns.premium',
  tax: 'ui.reports.columns.tax',
  total: 'ui.reports.columns.total',
  paid: 'ui.reports.columns.paid',
  refunded: 'ui.reports.columns.refunded',
  due: 'ui.reports.columns.due',
  seller_id: 'ui.reports.columns.seller_id',
  seller: 'ui.reports.columns.seller',
  lines: 'ui.reports.columns.lines',
  qty: 'ui.reports.columns.qty',
  gross: 'ui.reports.columns.gross',
  paid_gross: 'ui.reports.columns.paid_gross',
  unpaid_gross: 'ui.reports.columns.unpaid_gross',
  lot_id: 'ui.reports.columns.lot_id',
  title: 'ui.reports.columns.title',
  amount: 'ui.reports.columns.amount',
  occurred_at: 'ui.reports.columns.occurred_at',
  type: 'ui.reports.columns.type',
  method: 'ui.reports.columns.method',
  reference: 'ui.reports.columns.reference',
  hammer: 'ui.reports.columns.hammer',
  premium_percent: 'ui.reports.columns.premium_percent',
  tax_state: 'ui.reports.columns.tax_state',
  tax_rate: 'ui.reports.columns.tax_rate',
  taxable: 'ui.reports.columns.taxable',
  holder_type: 'ui.reports.columns.holder_type',
  holder_id: 'ui.reports.columns.holder_id',
  holder: 'ui.reports.columns.holder',
  credits: 'ui.reports.columns.credits',
  debits: 'ui.reports.columns.debits',
  balance: 'ui.reports.columns.balance',
  week: 'ui.reports.columns.week',
  invoices: 'ui.reports.columns.invoices',
  sales: 'ui.reports.columns.sales',
  payments: 'ui.reports.columns.payments',
  refunds: 'ui.reports.columns.refunds',
  chargebacks: 'ui.reports.columns.chargebacks',
  wallets: 'ui.reports.columns.wallets',
  giftcards: 'ui.reports.columns.giftcards',
  made_at: 'ui.reports.columns.made_at',
  offer_id: 'ui.reports.columns.offer_id',
  asking: 'ui.reports.columns.asking',
  offered: 'ui.reports.columns.offered',
  accepted: 'ui.reports.columns.accepted',
  gap: 'ui.reports.columns.gap',
  gap_percent: 'ui.reports.columns.gap_percent',
  made: 'ui.reports.columns.made',
  accepted_count: 'ui.reports.columns.accepted_count',
  declined: 'ui.reports.columns.declined',
  expired: 'ui.reports.columns.expired',
} as const;

/** The words of a report's values (statuses, kinds, methods); others show as they are. */
const valueLabels = {
  paid: 'ui.reports.values.paid',
  unpaid: 'ui.reports.values.unpaid',
  partial: 'ui.reports.values.partial',
  void: 'ui.reports.values.void',
  auction: 'ui.reports.values.auction',
  buynow: 'ui.reports.values.buynow',
  payment: 'ui.reports.values.payment',
  refund: 'ui.reports.values.refund',
  chargeback: 'ui.reports.values.chargeback',
  card: 'ui.reports.values.card',
  wallet: 'ui.reports.values.wallet',
  giftcard: 'ui.reports.values.giftcard',
  offline: 'ui.reports.values.offline',
  paypal: 'ui.reports.values.paypal',
  gateway: 'ui.reports.values.gateway',
  offer: 'ui.reports.values.offer',
  second_chance: 'ui.reports.values.second_chance',
  open: 'ui.reports.values.open',
  countered: 'ui.reports.values.countered',
  accepted: 'ui.reports.values.accepted',
  declined: 'ui.reports.values.declined',
  withdrawn: 'ui.reports.values.withdrawn',
  expired: 'ui.reports.values.expired',
} as const;

/** The label key of a value, when it has one. */
export const valueLabel = (value: string) =>
  Object.hasOwn(valueLabels, value) ? valueLabels[value as keyof typeof valueLabels] : null;

export type ColumnKey = keyof typeof columnLabels;
export const columnLabel = (key: string) => columnLabels[key as ColumnKey];
export const reportLabel = (report: ReportName) => reportLabels[report];

/** A cell as finance reads it: money as $ with two decimals, dates MM-DD-YYYY (seeds 000 §9). */
export function formatCell(column: ReportColumn, value: ReportRecord[string] | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'money':
      return formatMoney(Number(value));
    case 'date':
      return formatDate(String(value));
    case 'percent':
      return `${value}%`;
    case 'number':
      return Number(value).toLocaleString('en-US');
    default:
      return String(value);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value);

/** The last 30 days, today included (the browser's calendar). */
export function defaultRange(now = dayjs()): { from: string; to: string } {
  return { from: now.subtract(29, 'day').format('YYYY-MM-DD'), to: now.format('YYYY-MM-DD') };
}

/** An instant as a datetime-local input shows it (local time), and back to ISO 8601 for the API. */
export const toLocalInput = (iso: string | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
export const fromLocalInput = (value: string): string | undefined =>
  value && dayjs(value).isValid() ? dayjs(value).toISOString() : undefined;
