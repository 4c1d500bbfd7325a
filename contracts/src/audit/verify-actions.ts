import { action, NoInput } from '../action.ts';
import { LedgerCheck } from './ledger-views.ts';
import { VerifyJobInput } from './verify-inputs.ts';
import { AnchorExport, VerifyJobStarted, VerifyJobStatus } from './verify-views.ts';

/**
 * The auditor's proof that the log is intact (DOMAIN.md "Audit"): verify it from the audit page, and
 * take the signed anchors away. Side 'command': the command-service serves the log. An admin may do
 * what each staff role does (README), so verify too (issue 31).
 */
export const auditVerifyActions = {
  auditAnchors: action({
    path: '/api/audit/anchors',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: NoInput,
    output: AnchorExport,
  }),
  auditVerify: action({
    path: '/api/audit/verify',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: NoInput,
    output: VerifyJobStarted,
  }),
  /**
   * Issue 35 §1: the payment ledger checked against the invoices, from the log: every invoice's payment
   * points to a transaction that moved that money, every charge is what its invoices recorded or went
   * back. Finance reads it too: the books are theirs.
   */
  paymentLedgerCheck: action({
    path: '/api/audit/paymentLedger',
    side: 'command',
    auth: ['auditor', 'admin', 'finance'],
    input: NoInput,
    output: LedgerCheck,
  }),
  auditVerifyStatus: action({
    path: '/api/audit/verifyStatus',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: VerifyJobInput,
    output: VerifyJobStatus,
  }),
} as const;
