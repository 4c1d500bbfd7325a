import { rolesOf, type UserRecord } from '@wine/contracts';
import { type ActionPath, actionPaths } from '@wine/contracts/action-paths';

/** What decides which staff pages a user sees: their roles and the admin flag. */
export type StaffUser = Pick<UserRecord, 'roles' | 'isAdmin'>;

/**
 * Whether the user holds a role the action asks for (any of them; an action for any signed-in user
 * asks for none). The server checks it on every call; the UI only decides what to show with it.
 */
export function mayCall(user: StaffUser, action: keyof typeof actionPaths): boolean {
  const wanted = rolesOf((actionPaths[action] as ActionPath).auth);
  if (wanted === null) return true;
  return wanted.some((role) => user.roles.includes(role) || (role === 'admin' && user.isAdmin));
}
