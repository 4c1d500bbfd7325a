import { cardService } from './cards/card-service.ts';
import { identityService } from './identity/identity-service.ts';
import { invitationService } from './invitations/invitation-service.ts';
import { passwordService } from './passwords/password-service.ts';
import { phoneLoginService } from './phone-login/phone-login-service.ts';
import { profileService } from './profile/profile-service.ts';
import { protectedProfileService } from './protected-profile/protected-profile-service.ts';
import { roleService } from './roles/role-service.ts';
import { sessionService } from './session/session-service.ts';
import { userAdminService } from './user-admin/user-admin-service.ts';
import { type AccountDeps, userService } from './user-service.ts';
import { verificationService } from './verification/verification-service.ts';

export type { AccountDeps, RequestContext, Session } from './user-service.ts';
export { actorOf } from './user-service.ts';

/**
 * The account flows of seeds 001 §7 "Account and identity", one capability each: each records what
 * happened as user events and keeps hashes of passwords, codes and tokens in the secret store.
 */
export function accounts(deps: AccountDeps) {
  const users = userService(deps);
  const verification = verificationService(users);
  const invitations = invitationService(users);
  const session = sessionService(users, { verification, invitations });
  return {
    loadUser: users.loadUser,
    /** The user who holds an address, or null. */
    ownerOf: users.ownerOf,
    session,
    verification,
    passwords: passwordService(users),
    profile: profileService(users),
    /** Issue 38 §3: the identity details (updateProfileKYC) and the owner's decryptProfile. */
    protectedProfile: protectedProfileService(users),
    /** Issue 38 §3: sendPhoneLoginCode and the sign-in with its code. */
    phoneLogin: phoneLoginService(users),
    cards: cardService(users),
    identity: identityService(users),
    invitations,
    roles: roleService(users),
    userAdmin: userAdminService(users),
  };
}

/** The accounts over a log: the routes' and the server's command line's one way to act on users. */
export type Accounts = ReturnType<typeof accounts>;
