import { type Action, isRole } from '@wine/contracts';
import type { Actor } from '@wine/event-schemas';
import { type ActionGuard, AppError, checkAudience, type commandIdClaims } from '@wine/platform';
import type { FastifyRequest, onRequestHookHandler, RouteShorthandOptions } from 'fastify';
import type { Session } from '../user-service.ts';
import type { SessionService } from './session-service.ts';

export interface SessionAuth extends ActionGuard {
  /** The caller's session, set by `authorize` before the body is read. */
  sessionOf(request: FastifyRequest): Session;
  /** A 'viewer' action's session when a token was sent, else null. */
  sessionIfAny(request: FastifyRequest): Session | null;
  /** The admin behind an admin action, named in every event it writes (DOMAIN.md "Roles"). */
  adminOf(request: FastifyRequest): Actor;
}

export interface SessionAuthDeps {
  authenticate: SessionService['authenticate'];
  claims: ReturnType<typeof commandIdClaims>;
  /**
   * The staff's actions' (admin, seller, auditor, finance, support) one rate limit per client, an
   * onRequest hook: counted on arrival, before the session is checked, so guessed tokens count too.
   */
  staffLimit: onRequestHookHandler;
}

/**
 * Who may call what (ARCHITECTURE.md "Who may do what"): a role action needs a live session whose
 * user holds the role (RoleGranted on the user stream), a user action a live session; both are
 * checked before the body is read. A switched session (an admin acting as a user) holds none of the
 * user's roles.
 */
export function sessionAuth({ authenticate, claims, staffLimit }: SessionAuthDeps): SessionAuth {
  const sessions = new WeakMap<FastifyRequest, Session>();
  const sessionOf = (request: FastifyRequest) => {
    const session = sessions.get(request);
    if (!session) throw new AppError('SESSION_INVALID');
    return session;
  };
  return {
    async authorize(request, action: Action) {
      // The command side judges roles on the user's stream, folded now (RoleGranted / RoleRevoked).
      const caller = await checkAudience(request, action, async (header) => {
        const session = await authenticate(header);
        return { session, roles: session.user.roles, switched: session.claims.act !== undefined };
      });
      if (caller) sessions.set(request, caller.session);
    },
    async claimCommandId(request, action, commandId, input) {
      const session = sessions.get(request);
      const caller = session ? `${session.claims.act ?? ''}>${session.user.id}` : 'visitor';
      return claims(caller, action.path, commandId, input);
    },
    routeOptions(action): RouteShorthandOptions {
      if (!isRole(action.auth)) return {};
      // One budget per client shared by every staff action (one limiter, one store).
      return { onRequest: staffLimit };
    },
    sessionOf,
    sessionIfAny: (request) => sessions.get(request) ?? null,
    adminOf(request) {
      return { kind: 'admin', id: sessionOf(request).user.id };
    },
  };
}
