import { action } from '../action.ts';
import {
  HistoryExportInput,
  HistoryInput,
  SettingsHistoryExportInput,
  SettingsHistoryInput,
} from './history-inputs.ts';
import { HistoryExport, LotHistory, StreamHistory } from './history-views.ts';

/**
 * The auditor's history of a lot and of an invoice (DOMAIN.md "Audit", "Replay a lot"). Side
 * 'command': the command-service holds the deciders (the states are computed by the aggregates' own
 * evolve) and reads the log; these actions write nothing.
 */
export const auditHistoryActions = {
  lotHistory: action({
    path: '/api/audit/lot/history',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: HistoryInput,
    output: LotHistory,
  }),
  invoiceHistory: action({
    path: '/api/audit/invoice/history',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: HistoryInput,
    output: StreamHistory,
  }),
  /** Issue 35 §1: one transaction of the payment ledger (`payment-<id>`), as an invoice's is read. */
  paymentHistory: action({
    path: '/api/audit/payment/history',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: HistoryInput,
    output: StreamHistory,
  }),
  paymentHistoryExport: action({
    path: '/api/audit/payment/history/export',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: HistoryExportInput,
    output: HistoryExport,
  }),
  /**
   * Issue 34 "People": a user's account history from the log (registration, roles, status, identity
   * checks, cards by last four, addresses), for the user's page. Admins only: it is their own data.
   */
  userHistory: action({
    path: '/api/admin/user/history',
    side: 'command',
    auth: 'admin',
    input: HistoryInput,
    output: StreamHistory,
  }),
  /**
   * Issue 34 "Settings": every change to the house's settings (the `settings-house` stream), with who
   * made it, the settings after it and what it changed; for auditors and admins.
   */
  settingsHistory: action({
    path: '/api/audit/settings/history',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: SettingsHistoryInput,
    output: StreamHistory,
  }),
  settingsHistoryExport: action({
    path: '/api/audit/settings/history/export',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: SettingsHistoryExportInput,
    output: HistoryExport,
  }),
  lotHistoryExport: action({
    path: '/api/audit/lot/history/export',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: HistoryExportInput,
    output: HistoryExport,
  }),
  invoiceHistoryExport: action({
    path: '/api/audit/invoice/history/export',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: HistoryExportInput,
    output: HistoryExport,
  }),
} as const;
