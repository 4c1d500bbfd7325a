import { createHash } from 'node:crypto';
import type { LoginResult } from '@wine/contracts';
import { type Actor, emailStream, userStream } from '@wine/event-schemas';
import {
  AppError,
  type CardProvider,
  type Clock,
  type KycProvider,
  type Logger,
  type Mailer,
  REVOKED_TOKEN_KIND,
  type SecretStore,
  type SessionClaims,
  type SessionTokens,
  type Sms,
} from '@wine/platform';
import { commandContext, type RequestContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { type UserCommand, userDecider } from './decide.ts';
import { type User, userRecord } from './user.ts';

export type { RequestContext } from '../core/command-context.ts';

export interface AccountDeps {
  streams: Streams;
  clock: Clock;
  secrets: SecretStore;
  mailer: Mailer;
  sms: Sms;
  tokens: SessionTokens;
  cards: CardProvider;
  kyc: KycProvider;
  /** Where links in e-mails point (the UI's origin), asked when a mail is written. */
  publicUrl: () => string;
  /**
   * The server's secret the account keys are derived from (account-keys.ts): the seal of the identity
   * details and the key of the verified-phone index. Never logged, never in the log.
   */
  profileSecret: string;
  /** A mail sent after the answer (so its delay tells nothing) that could not be sent. */
  onMailFailed?: (error: unknown) => void;
  /** Where work done after the answer (so its time tells nothing) reports a failure. */
  logger?: Logger;
}

/** Who is calling, as proven by a bearer token, and the user's state now. */
export interface Session {
  claims: SessionClaims;
  user: User;
}

/** Who acts in a session: the user, or an admin who switched to the user (seeds 001 §7 switchuser). */
export const actorOf = (session: Session): Actor =>
  session.claims.act
    ? { kind: 'admin', id: session.claims.act, actingAs: session.user.id }
    : { kind: 'user', id: session.user.id };

/** The user acting on their own account (no session yet: registration, a mailed link or code). */
export const selfActor = (userId: string): Actor => ({ kind: 'user', id: userId });

/** The secret store's kinds, in one list so none collide: nothing kept there reaches the log or a read model. */
export const secretKinds = {
  password: 'password',
  emailCode: 'email-code',
  emailCodeAttempts: 'email-code-attempts',
  phoneCode: 'phone-code',
  phoneCodeAttempts: 'phone-code-attempts',
  emailLink: 'email-link',
  passwordReset: 'password-reset',
  /** The one reset link of a user that may still be used: a newer link, a reset or a change ends it. */
  currentReset: 'password-reset-current',
  loginFailures: 'login-failures',
  /** Sign-in attempts for an address from one client it has signed in from before (its own count). */
  loginClientFailures: 'login-client-failures',
  /** The clients an address has signed in from with its password (address and client). */
  loginClient: 'login-client',
  revokedToken: REVOKED_TOKEN_KIND,
  cardToken: 'card-token',
  invite: 'invite',
  /** Issue 36 §5: a private sale's one-use invitation link. */
  privateSaleLink: 'private-sale-link',
  /** Issue 38 §3: who signs in with a verified phone (keyed by the number's keyed hash). */
  phoneOwner: 'phone-owner',
  /** Issue 38 §3: the hash of a sign-in code texted to a phone, its guesses and its sends an hour. */
  phoneLoginCode: 'phone-login-code',
  phoneLoginAttempts: 'phone-login-attempts',
  phoneLoginSends: 'phone-login-sends',
  /** Issue 38 §3: the identity details of a profile, sealed (protected-profile/sealed.ts). */
  kycProfile: 'kyc-profile',
} as const;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** An address as its streams and secrets are keyed: hashed, so the log names no address in a stream id. */
export const emailKey = (email: string) => sha256(email.trim().toLowerCase());

/**
 * What every account capability shares: the user stream (load, decide through the composed user
 * decider), who holds an address, and the start of a session.
 */
export function userService(deps: AccountDeps) {
  const { streams, clock, tokens } = deps;

  const context = (request: RequestContext, actor: Actor) => commandContext(request, actor, clock.now());

  async function loadUser(userId: string): Promise<User> {
    return streams.load(userStream(userId), userDecider);
  }

  async function run(userId: string, command: UserCommand, request: RequestContext, actor: Actor) {
    // Separation of duties (issue 34 "People"): an admin's action names another account, never their
    // own (roles, status, a forced logout, a switch, a bid limit); what a user does to their own
    // account is theirs (`selfActor`); a switched session acts on the user it was switched to.
    if (actor.kind === 'admin' && actor.id === userId) throw new AppError('OWN_ACCOUNT');
    return streams.handle(userStream(userId), userDecider, command, context(request, actor));
  }

  /** The last claim of an address (`email-<sha256>`): who it names, registered or not. */
  async function claimantOf(email: string): Promise<string | undefined> {
    const [last] = await streams.store.readStream(emailStream(emailKey(email)), {
      direction: 'backwards',
      maxCount: 1,
    });
    return (last?.data as { userId?: string } | undefined)?.userId;
  }

  /** The registered owner of an address, or null. */
  async function ownerOf(email: string): Promise<string | null> {
    const owner = await claimantOf(email);
    if (!owner) return null;
    return (await loadUser(owner)).status === 'empty' ? null : owner;
  }

  /** Records the sign-in (the decider refuses whoever may not) and issues the session's token. */
  async function signIn(
    userId: string,
    request: RequestContext,
    how: 'SignIn' | 'SignInWithPassword' | Extract<UserCommand, { type: 'SignInWithPhoneCode' }> = 'SignIn',
  ): Promise<LoginResult> {
    await run(userId, typeof how === 'string' ? { type: how } : how, request, selfActor(userId));
    const { token } = await tokens.issue(userId);
    return { token, id: userId, user: userRecord(await loadUser(userId)) };
  }

  return { ...deps, context, loadUser, run, claimantOf, ownerOf, signIn };
}

export type UserService = ReturnType<typeof userService>;
