import type { Role, UserEvent } from '@wine/event-schemas';
import type { UserHandlers, UserSlice } from '../handlers.ts';
import type { User } from '../user.ts';

export interface RolesState {
  /** DOMAIN.md "Roles", in the order granted; `seller` may list lots on the seller paths (seeds 001 §6). */
  roles: Role[];
}

export const hasRole = (user: RolesState, role: Role) => user.roles.includes(role);

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

const withRole = (state: RolesState, role: Role, held: boolean): RolesState => {
  const others = state.roles.filter((r) => r !== role);
  return { ...state, roles: held ? [...others, role] : others };
};

export const rolesSlice: UserSlice<RolesState, 'RoleGranted' | 'RoleRevoked' | 'SellerStatusChanged'> = {
  initial: { roles: [] },
  evolve: {
    RoleGranted: (state, event) => withRole(state, event.data.role, true),
    RoleRevoked: (state, event) => withRole(state, event.data.role, false),
    // Before roles, an admin made a user a seller with this event.
    SellerStatusChanged: (state, event) => withRole(state, 'seller', event.data.seller),
  },
};
