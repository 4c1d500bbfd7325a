import { z } from 'zod';
import { action } from '../action.ts';
import type { ReportName } from './columns.ts';
import { reportCsvPath } from './columns.ts';
import { ReportExportInput, ReportInput } from './inputs.ts';
import { CsvExport, ReportPage } from './views.ts';

const staff = ['finance', 'admin'] as const;
const report = <P extends `/api/third_party/netsuite/${ReportName}`>(path: P) =>
  action({ path, side: 'query', auth: staff, input: ReportInput, output: ReportPage });

/**
 * The finance reports (seeds 001 §3, §7 "Reports"; DOMAIN.md "Money"), for finance and admins: each
 * a fold of the ledger (one row per money fact of the log) over a range, "as of" an instant.
 */
export const reportActions = {
  getCustomerOrders: report('/api/third_party/netsuite/getCustomerOrders'),
  getVendorSelling: report('/api/third_party/netsuite/getVendorSelling'),
  getVendorSold: report('/api/third_party/netsuite/getVendorSold'),
  getCustomerPaid: report('/api/third_party/netsuite/getCustomerPaid'),
  getCustomerUnPaid: report('/api/third_party/netsuite/getCustomerUnPaid'),
  getPayments: report('/api/third_party/netsuite/getPayments'),
  getPremiumEarned: report('/api/third_party/netsuite/getPremiumEarned'),
  getTaxCollected: report('/api/third_party/netsuite/getTaxCollected'),
  getBalances: report('/api/third_party/netsuite/getBalances'),
  getWeeklySales: report('/api/third_party/netsuite/getWeeklySales'),
  /** Issue 36: offers made, accepted, declined and expired, and the gap between asking and accepted. */
  getOffers: report('/api/third_party/netsuite/getOffers'),
  /** seeds 001 §7 export: the whole report as CSV text and its file name. */
  exportReport: action({
    path: '/api/third_party/netsuite/export',
    side: 'query',
    auth: staff,
    input: ReportExportInput,
    output: CsvExport,
  }),
  /**
   * The same CSV streamed as `text/csv` (a download of any size, rows written as they are read);
   * answers the error envelope when refused.
   */
  exportReportCsv: action({
    path: reportCsvPath,
    side: 'query',
    auth: staff,
    input: ReportExportInput,
    output: z.string(),
  }),
} as const;

/** seeds 001 §7 user/exportWatchlist: the caller's own watchlist as CSV (filename and records). */
export const watchlistExportActions = {
  exportWatchlist: action({
    path: '/api/user/exportWatchlist',
    side: 'query',
    auth: 'user',
    input: z.strictObject({}),
    output: CsvExport,
  }),
} as const;
