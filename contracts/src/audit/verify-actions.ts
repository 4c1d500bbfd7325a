import { action, NoInput } from '../action.ts';
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
  auditVerifyStatus: action({
    path: '/api/audit/verifyStatus',
    side: 'command',
    auth: ['auditor', 'admin'],
    input: VerifyJobInput,
    output: VerifyJobStatus,
  }),
} as const;
