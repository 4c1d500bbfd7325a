import { rolesOf, type UserRecord, type VerifyJobStatus } from '@wine/contracts';
import { actionPaths } from '@wine/contracts/action-paths';

/** Who verifies the log: the roles auditVerify asks for. The server checks it on every call. */
export function canVerifyLog(user: Pick<UserRecord, 'roles' | 'isAdmin'>): boolean {
  const wanted = rolesOf(actionPaths.auditVerify.auth) ?? [];
  return wanted.some((role) => user.roles.includes(role) || (role === 'admin' && user.isAdmin));
}

/** The account menu's entry for auditors. */
export const auditVerifyLink = { label: 'ui.auditVerify.menu', to: '/audit' } as const;

/** How often a running verification's progress is asked for (ms). */
export const VERIFY_POLL_MS = 400;

/** The progress bar's value in percent (0 before the head is known). */
export const percentDone = (status: Pick<VerifyJobStatus, 'done' | 'total' | 'state'>): number =>
  status.state !== 'running' ? 100 : status.total > 0 ? Math.min(100, (status.done / status.total) * 100) : 0;
