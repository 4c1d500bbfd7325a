import { type Action, type Role, rolesOf } from '@wine/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Who a live session stands for, as an action's audience is judged on it. */
export interface Caller {
  roles: readonly Role[];
  /** An admin acting as this user (seeds 001 §7 switchuser): the session holds none of the user's roles. */
  switched: boolean;
}

/**
 * Who may call an action (ARCHITECTURE.md "Who may do what"), the same on every side: anyone for a
 * public action; a visitor, or a live session, for a viewer action (a token sent must be valid); a live
 * session for a user action; a live, unswitched session whose user holds the role for a role action;
 * and, for an action that moves money or touches cards (`money`), a session that is not switched.
 * `identify` turns the bearer header into the caller or throws SESSION_INVALID. Answers the caller,
 * or null when the action is served without one.
 */
export async function checkAudience<C extends Caller>(
  request: FastifyRequest,
  action: Action,
  identify: (authorization: string | undefined) => Promise<C>,
): Promise<C | null> {
  if (action.auth === 'public') return null;
  const header = request.headers.authorization;
  if (action.auth === 'viewer' && header === undefined) return null;
  const caller = await identify(header);
  if (action.money && caller.switched) throw new AppError('SWITCHED_SESSION_MONEY');
  const wanted = rolesOf(action.auth);
  if (wanted) {
    if (caller.switched) throw new AppError('SWITCHED_SESSION');
    if (!wanted.some((role) => caller.roles.includes(role)))
      throw new AppError('ROLE_REQUIRED', { message: `role.${wanted[0] as Role}` });
  }
  return caller;
}
