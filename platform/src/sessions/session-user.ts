import { type Role, USERS, type UserDocument } from '@wine/contracts';
import type { DocumentStore } from '../document-store/port.ts';
import type { SecretStore } from '../secret-store/port.ts';
import { type SessionTokens, tokenPredates, verifyBearer } from './tokens.ts';

export interface SessionUserDeps {
  tokens: SessionTokens;
  secrets: Pick<SecretStore, 'get'>;
  /** The read store holding the users read model. */
  docs: DocumentStore;
}

/** Who a bearer header stands for, with the roles the users read model gives them. */
export interface SessionUser {
  id: string;
  /** An admin acting as this user (switchuser): judged by checkAudience, which refuses it the roles. */
  switched: boolean;
  /** DOMAIN.md "Roles" as projected (RoleGranted / RoleRevoked); none while the user is not projected yet. */
  roles: readonly Role[];
}

/**
 * The read side's view of a bearer token (the projection-service's queries, the realtime-service's
 * sockets): the same token checks as the command side (signed, unexpired, not logged out), then the
 * users read model for a deactivation, a password change or a forced logout. Null when any fails.
 */
export function sessionUser({ tokens, secrets, docs }: SessionUserDeps) {
  const users = () => docs.collection<UserDocument>(USERS);
  return async (authorization: string | undefined): Promise<SessionUser | null> => {
    const claims = await verifyBearer(tokens, secrets, authorization);
    if (!claims) return null;
    // A user registered a moment ago may not be projected yet: the signed token is enough then.
    const user = await users().findOne({ _id: claims.sub });
    const switched = claims.act !== undefined;
    if (!user) return { id: claims.sub, roles: [], switched };
    if (user.status !== 'active') return null;
    if (tokenPredates(claims, user.password_changed_at) || tokenPredates(claims, user.force_logout_at))
      return null;
    return { id: claims.sub, roles: user.roles ?? [], switched };
  };
}
