import { AppError, type Authorize, checkAudience, type SessionUserDeps, sessionUser } from '@wine/platform';
import type { FastifyRequest } from 'fastify';

export type ViewerDeps = SessionUserDeps;

export interface ViewerAuth {
  /** 'viewer' actions take an optional token (a bad one is refused); 'user' actions need one. */
  authorize: Authorize;
  /** The signed-in caller's user id, or null for a visitor. */
  viewerOf(request: FastifyRequest): string | null;
  /** The signed-in caller's roles (none for a visitor). */
  rolesOf(request: FastifyRequest): readonly string[];
}

const sessionExpired = () => new AppError('SESSION_INVALID');

/**
 * The read side's view of a caller: the session check of platform (token, logout, then the users read
 * model for a deactivation, a password change or a forced logout), and the roles it found there.
 */
export function viewerAuth(deps: ViewerDeps): ViewerAuth {
  const viewers = new WeakMap<FastifyRequest, string>();
  const roles = new WeakMap<FastifyRequest, readonly string[]>();
  const userOf = sessionUser(deps);
  return {
    async authorize(request, action) {
      // The read side knows roles from the users read model (RoleGranted / RoleRevoked).
      const user = await checkAudience(request, action, async (header) => {
        const found = await userOf(header);
        if (!found) throw sessionExpired();
        return found;
      });
      if (user) {
        viewers.set(request, user.id);
        roles.set(request, user.roles);
      }
    },
    viewerOf: (request) => viewers.get(request) ?? null,
    rolesOf: (request) => roles.get(request) ?? [],
  };
}
