import type { Role, UserEvent } from '@wine/event-schemas';
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
