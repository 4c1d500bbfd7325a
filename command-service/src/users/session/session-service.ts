import type { LoginResult, UserRecord } from '@wine/contracts';
import { emailStream } from '@wine/event-schemas';
import { AppError, verifyBearer } from '@wine/platform';
import { decoyHash, verifyPassword } from '../passwords/passwords.ts';
import { phoneIndex } from '../phone-login/phone-index.ts';
import { mailedAddressCap } from '../rate-limits.ts';
import { userRecord } from '../user.ts';
import {
  actorOf,
  emailKey,
  secretKinds as kinds,
  type RequestContext,
  type Session,
  selfActor,
  type UserService,
} from '../user-service.ts';
import { refuseEndedSession } from './decide.ts';
import { emailClaimDecider } from './email-claim.ts';
import { type RegistrationDeps, registration } from './register.ts';

/**
 * Sign-in attempts for one address per window before sign-in waits out the window (OWASP "Blocking
 * Brute Force Attacks", with its device-cookie idea keyed by the client's address): attempts from
 * clients the address has never signed in from share one count per address, so the guesses of every
 * client of an attacker together reach the slow hash at most MAX_LOGIN_ATTEMPTS times a window; a
 * client the owner has signed in from keeps a count of its own, so an attacker elsewhere who uses up
 * the shared count does not lock the owner out of their own client.
 */
const MAX_LOGIN_ATTEMPTS = 10;
const LOGIN_WINDOW_MINUTES = 15;
/** How long a client the owner signed in from keeps its own count. */
const KNOWN_CLIENT_DAYS = 90;

/** seeds 001 §7 register, login, logout, validateUser and switchuser; the bearer token's session. */
export function sessionService(users: UserService, deps: RegistrationDeps) {
  const { clock, secrets, tokens, run, loadUser, ownerOf } = users;
  const phones = phoneIndex(users);

  /** One e-mail, one account: the address's stream names its owner (the decider refuses a proven one). */
  async function claim(email: string, userId: string, request: RequestContext) {
    const owner = await users.claimantOf(email);
    const ownerVerified = owner !== undefined && owner !== userId && (await loadUser(owner)).emailVerified;
    await users.streams.handle(
      emailStream(emailKey(email)),
      emailClaimDecider,
      { type: 'Claim', userId, ownerVerified },
      users.context(request, selfActor(userId)),
    );
  }

  return {
    register: registration(users, { ...deps, claim }),

    /** The distinct addresses one client may have registration mail sent to (rate-limits.ts). */
    mailedAddressCap: (max: number) => mailedAddressCap(secrets, clock, max),

    /**
     * One answer for every refusal (unknown address, wrong password, deactivated account), after the
     * same slow hash, so sign-in tells nothing about an address. Each attempt is counted, atomically,
     * before the hash: concurrent guesses each take their own number, and the ones past the cap never
     * reach the hash (issue 30: 59 guesses sent at once were all checked).
     */
    async login(
      email: string,
      password: string,
      client: string,
      request: RequestContext,
    ): Promise<LoginResult> {
      const address = emailKey(email);
      const clientKey = `${address}|${client}`;
      const known = (await secrets.get<boolean>(kinds.loginClient, clientKey)) === true;
      const [kind, key] = known ? [kinds.loginClientFailures, clientKey] : [kinds.loginFailures, address];
      const attempts = await secrets.increment(kind, key, {
        expiresAt: new Date(clock.now().getTime() + LOGIN_WINDOW_MINUTES * 60_000),
      });
      if (attempts > MAX_LOGIN_ATTEMPTS) throw new AppError('TOO_MANY_LOGINS');
      const userId = await ownerOf(email);
      const stored = userId ? await secrets.get<string>(kinds.password, userId) : null;
      const matches = await verifyPassword(password, stored ?? (await decoyHash()));
      if (!userId || !stored || !matches) throw new AppError('BAD_LOGIN');
      // The decider answers a deactivated account and an address never verified as a wrong password.
      const session = await users.signIn(userId, request, 'SignInWithPassword');
      // A known client starts its count again. The shared count is not reset by the owner's sign-in
      // from a new client (that client has a count of its own from now on): an attacker's guesses from
      // elsewhere stay at most MAX_LOGIN_ATTEMPTS a window whatever the owner does.
      if (known) await secrets.delete(kind, key);
      await secrets.put(kinds.loginClient, clientKey, true, {
        expiresAt: new Date(clock.now().getTime() + KNOWN_CLIENT_DAYS * 86_400_000),
      });
      // Issue 38 §3: a phone verified before sign-in by a texted code existed is indexed now.
      await phones.recordIfAbsent(await loadUser(userId));
      return session;
    },

    /** The bearer token's session, or a 403 (DOMAIN.md "Accounts"). */
    async authenticate(authorization: string | undefined): Promise<Session> {
      const claims = await verifyBearer(tokens, secrets, authorization);
      if (!claims) throw new AppError('SESSION_INVALID');
      const user = await loadUser(claims.sub);
      refuseEndedSession(user, claims);
      return { claims, user };
    },

    async logout(session: Session, request: RequestContext): Promise<void> {
      await secrets.put(kinds.revokedToken, session.claims.jti, true, {
        expiresAt: new Date(session.claims.exp * 1000),
      });
      await run(session.user.id, { type: 'SignOut' }, request, actorOf(session));
    },

    record(session: Session): UserRecord {
      return userRecord(session.user);
    },

    /**
     * seeds 001 §7 switchuser: an admin gets a session as the user; every event it writes names the
     * admin with `actingAs` the user (DOMAIN.md "Audit"). The decider refuses an unknown or
     * deactivated user.
     */
    async switchUser(userId: string, adminId: string, request: RequestContext): Promise<LoginResult> {
      await run(userId, { type: 'SignIn' }, request, { kind: 'admin', id: adminId, actingAs: userId });
      const { token } = await tokens.issue(userId, { actingAdmin: adminId });
      return { token, id: userId, user: userRecord(await loadUser(userId)) };
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
