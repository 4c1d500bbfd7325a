import { accountMessages, isRole, roleMessages } from '@wine/contracts';
import {
  AppError,
  type Authorize,
  type DocumentStore,
  type SecretStore,
  type SessionTokens,
  tokenPredates,
  verifyBearer,
} from '@wine/platform';
import type { FastifyRequest } from 'fastify';
import { USERS, type UserDocument } from '../users/project.ts';

export interface ViewerDeps {
  tokens: SessionTokens;
  secrets: Pick<SecretStore, 'get'>;
  docs: DocumentStore;
}

export interface ViewerAuth {
  /** 'viewer' actions take an optional token (a bad one is refused); 'user' actions need one. */
  authorize: Authorize;
  /** The signed-in caller's user id, or null for a visitor. */
  viewerOf(request: FastifyRequest): string | null;
}

const sessionExpired = () => new AppError('SESSION_INVALID', accountMessages.sessionExpired, 403);

/**
 * The read side's view of a bearer token: the same token checks as the command side (signed, unexpired,
 * not logged out), then the users read model for a deactivation, a password change or a forced logout.
 */
/** The user a bearer header stands for, or null (bad, expired, logged out, deactivated, superseded). */
export function sessionUser({ tokens, secrets, docs }: ViewerDeps) {
  const users = () => docs.collection<UserDocument>(USERS);
  return async (authorization: string | undefined): Promise<string | null> => {
    const claims = await verifyBearer(tokens, secrets, authorization);
    if (!claims) return null;
    // A user registered a moment ago may not be projected yet: the signed token is enough then.
    const user = await users().findOne({ _id: claims.sub });
    if (user) {
      if (user.status !== 'active') return null;
      if (tokenPredates(claims, user.password_changed_at) || tokenPredates(claims, user.force_logout_at))
        return null;
    }
    return claims.sub;
  };
}

export function viewerAuth(deps: ViewerDeps): ViewerAuth {
  const viewers = new WeakMap<FastifyRequest, string>();
  const userOf = sessionUser(deps);
  return {
    async authorize(request, action) {
      if (action.auth === 'public') return;
      const header = request.headers.authorization;
      if (action.auth === 'viewer' && header === undefined) return;
      const userId = await userOf(header);
      if (!userId) throw sessionExpired();
      if (isRole(action.auth)) {
        // The read side knows roles from the users read model (RoleGranted / RoleRevoked).
        const user = await deps.docs.collection<UserDocument>(USERS).findOne({ _id: userId });
        if (!user?.roles?.includes(action.auth))
          throw new AppError('ROLE_REQUIRED', roleMessages[action.auth], 403);
      }
      viewers.set(request, userId);
    },
    viewerOf: (request) => viewers.get(request) ?? null,
  };
}
