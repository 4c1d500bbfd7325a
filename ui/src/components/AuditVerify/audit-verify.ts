import type { VerifyJobStatus } from '@wine/contracts';
import { mayCall, type StaffUser } from '../../lib/may-call.ts';

/** Who verifies the log: the roles auditVerify asks for. The server checks it on every call. */
export const canVerifyLog = (user: StaffUser): boolean => mayCall(user, 'auditVerify');

/** How often a running verification's progress is asked for (ms). */
export const VERIFY_POLL_MS = 400;

/** The progress bar's value in percent (0 before the head is known). */
export const percentDone = (status: Pick<VerifyJobStatus, 'done' | 'total' | 'state'>): number =>
  status.state !== 'running' ? 100 : status.total > 0 ? Math.min(100, (status.done / status.total) * 100) : 0;
