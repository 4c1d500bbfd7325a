import { rolesOf, type UserRecord } from '@wine/contracts';
import { actionPaths } from '@wine/contracts/action-paths';

/**
 * Who decides returns: the roles decideReturn asks for (finance or an admin). The server checks it on
 * every call; this only decides what to show.
 */
export function canDecideReturns(user: Pick<UserRecord, 'roles' | 'isAdmin'>): boolean {
  const wanted = rolesOf(actionPaths.decideReturn.auth) ?? [];
  return wanted.some((role) => user.roles.includes(role) || (role === 'admin' && user.isAdmin));
}

/** The account menu's entry for them. */
export const staffReturnsLink = { label: 'ui.returns.staffMenu', to: '/admin/returns' } as const;
