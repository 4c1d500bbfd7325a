import type { Role, UserEvent } from '@wine/event-schemas';
import type { UserHandlers } from '../handlers.ts';
import { hasRole, type User } from '../user.ts';

/** DOMAIN.md "Roles": granted and revoked on the user stream, each at most once. */
export type RoleCommand = { type: 'GrantRole'; role: Role } | { type: 'RevokeRole'; role: Role };

export function decideRole(command: RoleCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'GrantRole':
      return hasRole(state, command.role) ? [] : [{ type: 'RoleGranted', data: { role: command.role } }];
    case 'RevokeRole':
      return hasRole(state, command.role) ? [{ type: 'RoleRevoked', data: { role: command.role } }] : [];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const roleHandlers: UserHandlers<RoleCommand> = {
  GrantRole: decideRole,
  RevokeRole: decideRole,
};
