import type { Actor } from '@wine/event-schemas';
import type { RequestContext, UserService } from '../user-service.ts';

/** seeds 001 §7: an admin deactivates, reactivates or forces out a user. */
export function userAdminService(users: UserService) {
  const { clock, run } = users;
  return {
    /** A deactivation also ends every session issued before it, for good. */
    async changeStatus(
      userId: string,
      status: 'active' | 'deactivate',
      request: RequestContext,
      admin: Actor,
    ) {
      await run(userId, { type: 'ChangeStatus', status, at: clock.now().toISOString() }, request, admin);
    },

    /** Every session issued before now ends with 'Session expired. Login again'. */
    async forceLogout(userId: string, request: RequestContext, admin: Actor) {
      await run(userId, { type: 'ForceLogout', at: clock.now().toISOString() }, request, admin);
    },
  };
}

export type UserAdminService = ReturnType<typeof userAdminService>;
