import { rolesOf, type UserRecord } from '@wine/contracts';
import { actionPaths } from '@wine/contracts/action-paths';

/**
 * Who sees /ops: the roles opsStatus asks for (support or an admin). The server checks it on every
 * call; this only decides what to show.
 */
export function canOperate(user: Pick<UserRecord, 'roles' | 'isAdmin'>): boolean {
  const wanted = rolesOf(actionPaths.opsStatus.auth) ?? [];
  return wanted.some((role) => user.roles.includes(role) || (role === 'admin' && user.isAdmin));
}

/** The account menu's entry for them. */
export const opsLink = { label: 'ui.ops.menu', to: '/ops' } as const;
