import type { Actor, Role } from '@wine/event-schemas';
import type { RequestContext, UserService } from '../user-service.ts';

/** DOMAIN.md "Roles": an admin (or the server's command line, for the first admin) grants and revokes. */
export function roleService(users: UserService) {
  return {
    /** Grants or revokes a role; the result tells whether anything changed. */
    change(userId: string, change: { role: Role; revoke?: boolean }, request: RequestContext, by: Actor) {
      const command = change.revoke
        ? { type: 'RevokeRole' as const, role: change.role }
        : { type: 'GrantRole' as const, role: change.role };
      return users.run(userId, command, request, by);
    },
  };
}

export type RoleService = ReturnType<typeof roleService>;
