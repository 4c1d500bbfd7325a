import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type AddCardInput,
  accountMessages,
  type CardList,
  cardMessages,
  type InviteDetails,
  type LoginResult,
  type RegisterInput,
  type RegisterResult,
  type RunKycCheckInput,
  type UpdateCardInput,
  type UserRecord,
} from '@wine/contracts';
import { type Actor, emailStream, inviteStream, userStream } from '@wine/event-schemas';
import {
  AppError,
  CardDeclinedError,
  type CardProvider,
  type Clock,
  type KycProvider,
  type Mailer,
  REVOKED_TOKEN_KIND,
  type SecretStore,
  type SessionClaims,
  type SessionTokens,
  type Sms,
  SmsUnavailableError,
  tokenPredates,
  verifyBearer,
} from '@wine/platform';
import type { z } from 'zod';
import { type CommandContext, eventIdFor, type Streams } from '../core/command-handler.ts';
import { commandErrors } from '../errors.ts';
import { MAX_CARDS, type UserCommand, userDecider } from './decide.ts';
import { emailClaimDecider } from './email-claim.ts';
import { inviteDecider } from './invitation.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';

import { cardList, companyOwners, type User, userRecord } from './user.ts';

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
  /** A mail sent after the answer (so its delay tells nothing) that could not be sent. */
  onMailFailed?: (error: unknown) => void;
}

/** Who acts in a session: the user, or an admin who switched to the user (seeds 001 §7 switchuser). */
export const actorOf = (session: Session): Actor =>
  session.claims.act
    ? { kind: 'admin', id: session.claims.act, actingAs: session.user.id }
    : { kind: 'user', id: session.user.id };

/** Who is calling, as proven by a bearer token, and the user's state now. */
export interface Session {
  claims: SessionClaims;
  user: User;
}

export interface RequestContext {
  commandId: string;
  correlationId: string;
}

/** The secret store's kinds: nothing kept there ever reaches the log or a read model. */
const kinds = {
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
  revokedToken: REVOKED_TOKEN_KIND,
  cardToken: 'card-token',
  invite: 'invite',
} as const;

const INVITE_DAYS = 14;

/** seeds 001 §8: a provider's message is shown cut at the text 'REF'. */
export const cutAtRef = (message: string) => message.split('REF')[0]?.trim() || message;

const CODE_MINUTES = 15;
const LINK_HOURS = 24;
const RESET_HOURS = 1;
const MAX_CODE_ATTEMPTS = 5;
/** Wrong passwords for one address, from anywhere, before sign-in waits out the window. */
const MAX_LOGIN_FAILURES = 10;
const LOGIN_WINDOW_MINUTES = 15;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const emailKey = (email: string) => sha256(email.trim().toLowerCase());

/**
 * The account flows of seeds 001 §7 "Account and identity": each records what happened as user
 * events and keeps hashes of passwords, codes and tokens in the secret store.
 */
export function accounts(deps: AccountDeps) {
  const { streams, clock, secrets, mailer, tokens } = deps;
  const { store } = streams;

  const context = (request: RequestContext, actor: Actor): CommandContext => ({
    commandId: request.commandId,
    correlationId: request.correlationId,
    actor,
    now: clock.now(),
  });

  async function loadUser(userId: string): Promise<User> {
    return streams.load(userStream(userId), userDecider);
  }

  async function run(userId: string, command: UserCommand, request: RequestContext, actor: Actor) {
    return streams.handle(userStream(userId), userDecider, command, context(request, actor));
  }

  /** The registered owner of an address, or null. */
  async function ownerOf(email: string): Promise<string | null> {
    const [last] = await store.readStream(emailStream(emailKey(email)), {
      direction: 'backwards',
      maxCount: 1,
    });
    const owner = (last?.data as { userId?: string } | undefined)?.userId;
    if (!owner) return null;
    return (await loadUser(owner)).status === 'empty' ? null : owner;
  }

  async function claim(email: string, userId: string, request: RequestContext) {
    const [last] = await store.readStream(emailStream(emailKey(email)), {
      direction: 'backwards',
      maxCount: 1,
    });
    const owner = (last?.data as { userId?: string } | undefined)?.userId;
    const ownerVerified = owner !== undefined && owner !== userId && (await loadUser(owner)).emailVerified;
    await streams.handle(
      emailStream(emailKey(email)),
      emailClaimDecider,
      { type: 'Claim', userId, ownerVerified },
      context(request, { kind: 'user', id: userId }),
    );
  }

  async function signIn(userId: string, request: RequestContext): Promise<LoginResult> {
    await run(userId, { type: 'SignIn' }, request, { kind: 'user', id: userId });
    const { token } = await tokens.issue(userId);
    return { token, id: userId, user: userRecord(await loadUser(userId)) };
  }

  /** A code and a link in one e-mail; their hashes in the secret store, the fact in the log. */
  async function sendVerification(
    user: User,
    request: RequestContext,
    what: 'code' | 'link' | 'both',
    actor: Actor = { kind: 'user', id: user.id },
  ) {
    const now = clock.now().getTime();
    const lines: string[] = [`Hello ${user.firstName},`, ''];
    let expiresAt = new Date(now + CODE_MINUTES * 60_000);
    if (what !== 'link') {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await secrets.put(kinds.emailCode, user.id, sha256(`${user.id}:${code}`), { expiresAt });
      await secrets.delete(kinds.emailCodeAttempts, user.id);
      lines.push(`Your verification code is ${code}. It expires in ${CODE_MINUTES} minutes.`);
    }
    if (what !== 'code') {
      const token = randomBytes(32).toString('base64url');
      expiresAt = new Date(now + LINK_HOURS * 3600_000);
      await secrets.put(kinds.emailLink, sha256(token), user.id, { expiresAt });
      lines.push(`Or open this link to verify your e-mail: ${deps.publicUrl()}/verify_email/${token}`);
    }
    await run(
      user.id,
      { type: 'RecordVerificationSent', expiresAt: expiresAt.toISOString() },
      request,
      actor,
    );
    await mailer.send({ to: user.email, subject: 'Verify your e-mail', text: lines.join('\n') });
  }

  return {
    loadUser,

    /**
     * seeds 001 §7 register, telling nothing about the address: a new one (or one whose earlier
     * registration was never verified) gets an account and a code to finish it; one that already has
     * an account gets the same answer after the same slow hash, and its owner a mail saying so. Only
     * an invitation (which proved the address) or the server's operator signs the user in at once.
     */
    async register(
      input: z.output<typeof RegisterInput>,
      request: RequestContext,
      options: { vouchedBy?: Actor } = {},
    ): Promise<RegisterResult> {
      const userId = eventIdFor(request.commandId, 'user', 0);
      const owner = await ownerOf(input.email);
      const holder = owner && owner !== userId ? await loadUser(owner) : null;
      if (holder?.emailVerified) {
        await hashPassword(input.password);
        await mailer.send({
          to: holder.email,
          subject: 'Someone tried to register with your e-mail',
          text: [
            `Hello ${holder.firstName},`,
            '',
            'Someone tried to create a Fine Wine Auction account with this e-mail, which already has one.',
            `If it was you, sign in at ${deps.publicUrl()}/login, or choose a new password at ${deps.publicUrl()}/forgot_password.`,
            'If it was not, you can ignore this e-mail: nothing changed.',
          ].join('\n'),
        });
        return { email: input.email, session: null };
      }
      await claim(input.email, userId, request);
      if (!(await secrets.get(kinds.password, userId))) {
        await secrets.put(kinds.password, userId, await hashPassword(input.password));
      }
      const result = await run(
        userId,
        {
          type: 'Register',
          data: {
            userId,
            firstName: input.first_name,
            lastName: input.last_name,
            email: input.email,
            phone: input.phone ?? null,
            countryCode: input.country_code,
            newsletter: input.newsletter,
            registeredAt: clock.now().toISOString(),
            popupMessage: 1,
            extra: Object.fromEntries(
              Object.entries(input.extra as Record<string, string | boolean | string[] | undefined>).filter(
                (entry): entry is [string, string | boolean | string[]] =>
                  entry[1] !== undefined && entry[1] !== '',
              ),
            ),
          },
        },
        request,
        { kind: 'user', id: userId },
      );
      // The follow-up commands of this request get their own ids: the handler would take a second
      // command with the registration's id, on the same stream, for a retry of the first.
      const followUp = { ...request, commandId: `${request.commandId}:verification` };
      const invited = input.invite_token
        ? await secrets.get<InviteDetails>(kinds.invite, sha256(input.invite_token))
        : null;
      if (!result.replayed && invited && invited.email === input.email) {
        // The invitation reached this address, so the address is proven: no verification mail.
        await secrets.delete(kinds.invite, sha256(input.invite_token as string));
        await streams.handle(
          inviteStream(emailKey(input.email)),
          inviteDecider,
          { type: 'Accept', userId },
          context(request, { kind: 'user', id: userId }),
        );
        await run(userId, { type: 'VerifyEmail', via: 'invite' }, followUp, { kind: 'user', id: userId });
      } else if (!result.replayed && options.vouchedBy) {
        await run(userId, { type: 'VerifyEmail', via: 'operator' }, followUp, options.vouchedBy);
      } else if (!result.replayed) {
        await sendVerification(await loadUser(userId), followUp, 'both');
      }
      // A proven address signs in at once (a repeated request with the same password, too).
      if (!(await loadUser(userId)).emailVerified) return { email: input.email, session: null };
      const { token } = await tokens.issue(userId);
      return { email: input.email, session: { token, id: userId, user: userRecord(await loadUser(userId)) } };
    },

    /**
     * One answer for every refusal (unknown address, wrong password, deactivated account), after the
     * same slow hash, so sign-in tells nothing about an address; wrong passwords are counted per
     * address from every client (spraying one address from many places).
     */
    async login(email: string, password: string, request: RequestContext): Promise<LoginResult> {
      const failures = await secrets.get<number>(kinds.loginFailures, emailKey(email));
      if (failures !== null && failures >= MAX_LOGIN_FAILURES) throw commandErrors.tooManyLogins();
      const userId = await ownerOf(email);
      const stored = userId ? await secrets.get<string>(kinds.password, userId) : null;
      const matches = await verifyPassword(password, stored ?? decoyHash);
      if (!userId || !stored || !matches) {
        await secrets.increment(kinds.loginFailures, emailKey(email), {
          expiresAt: new Date(clock.now().getTime() + LOGIN_WINDOW_MINUTES * 60_000),
        });
        throw commandErrors.badLogin();
      }
      // A deactivated account and an address never verified answer as a wrong password does.
      const user = await loadUser(userId);
      if (user.status !== 'active' || !user.emailVerified) throw commandErrors.badLogin();
      await secrets.delete(kinds.loginFailures, emailKey(email));
      return signIn(userId, request);
    },

    /** The bearer token's session, or a 403 (DOMAIN.md "Accounts"). */
    async authenticate(authorization: string | undefined): Promise<Session> {
      const claims = await verifyBearer(tokens, secrets, authorization);
      if (!claims) throw commandErrors.sessionInvalid();
      const user = await loadUser(claims.sub);
      if (user.status !== 'active') throw commandErrors.sessionInvalid();
      if (tokenPredates(claims, user.passwordChangedAt)) throw commandErrors.sessionInvalid();
      // A forced logout (and a deactivation, which records one) ends the token for good.
      if (tokenPredates(claims, user.forceLogoutAt)) throw commandErrors.sessionInvalid();
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

    /** Signed in: a code for the user. Otherwise a new code for a registration waiting for one, silently. */
    async sendEmailCode(session: Session | null, email: string | undefined, request: RequestContext) {
      if (session) {
        if (session.user.emailVerified) throw commandErrors.alreadyVerified();
        await sendVerification(session.user, request, 'code', actorOf(session));
        return;
      }
      const userId = email ? await ownerOf(email) : null;
      const user = userId ? await loadUser(userId) : null;
      if (user && user.status === 'active' && !user.emailVerified) {
        await sendVerification(user, request, 'code');
      }
    },

    async sendEmailLink(session: Session, request: RequestContext) {
      if (session.user.emailVerified) throw commandErrors.alreadyVerified();
      await sendVerification(session.user, request, 'link', actorOf(session));
    },

    /**
     * Signed in: verifies the user's address. Otherwise the code of a registration (with its address)
     * verifies it and signs the new user in (seeds 001 §7: "may return a token").
     */
    async verifyEmailCode(
      session: Session | null,
      code: string,
      email: string | undefined,
      request: RequestContext,
    ): Promise<UserRecord | LoginResult> {
      const userId = session?.user.id ?? (email ? await ownerOf(email) : null);
      // An address with no registration answers as a wrong code does.
      if (!userId) throw commandErrors.codeInvalid();
      const attempts = await secrets.increment(kinds.emailCodeAttempts, userId, {
        expiresAt: new Date(clock.now().getTime() + CODE_MINUTES * 60_000),
      });
      if (attempts > MAX_CODE_ATTEMPTS) throw commandErrors.tooManyAttempts();
      const expected = await secrets.get<string>(kinds.emailCode, userId);
      if (!expected || expected !== sha256(`${userId}:${code}`)) throw commandErrors.codeInvalid();
      await secrets.delete(kinds.emailCode, userId);
      const actor = session ? actorOf(session) : { kind: 'user' as const, id: userId };
      await run(userId, { type: 'VerifyEmail', via: 'code' }, request, actor);
      if (session) return userRecord(await loadUser(userId));
      return signIn(userId, { ...request, commandId: `${request.commandId}:sign-in` });
    },

    /** A 6-digit code by text message to the phone on the profile (seeds 001 §7 sendPhoneVerifyCode). */
    async sendPhoneCode(session: Session, request: RequestContext) {
      const user = session.user;
      if (!deps.sms.available) throw new AppError('SMS_UNAVAILABLE', new SmsUnavailableError().message, 503);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(clock.now().getTime() + CODE_MINUTES * 60_000);
      // The decider refuses first when there is no phone or it is verified already.
      await run(
        user.id,
        { type: 'RecordPhoneVerificationSent', expiresAt: expiresAt.toISOString() },
        request,
        actorOf(session),
      );
      await secrets.put(kinds.phoneCode, user.id, sha256(`${user.id}:${user.phone}:${code}`), { expiresAt });
      await secrets.delete(kinds.phoneCodeAttempts, user.id);
      await deps.sms.send({
        to: `${user.countryCode}${user.phone}`,
        text: `Fine Wine Auction: your verification code is ${code}. It expires in ${CODE_MINUTES} minutes.`,
      });
    },

    async verifyPhoneCode(session: Session, code: string, request: RequestContext): Promise<UserRecord> {
      const userId = session.user.id;
      const attempts = await secrets.increment(kinds.phoneCodeAttempts, userId, {
        expiresAt: new Date(clock.now().getTime() + CODE_MINUTES * 60_000),
      });
      if (attempts > MAX_CODE_ATTEMPTS) throw commandErrors.tooManyAttempts();
      const expected = await secrets.get<string>(kinds.phoneCode, userId);
      // The code is bound to the number it was sent to: a phone changed since makes it invalid.
      if (!expected || expected !== sha256(`${userId}:${session.user.phone}:${code}`))
        throw commandErrors.codeInvalid();
      await secrets.delete(kinds.phoneCode, userId);
      await run(userId, { type: 'VerifyPhone' }, request, actorOf(session));
      return userRecord(await loadUser(userId));
    },

    async verifyEmailLink(token: string, request: RequestContext) {
      const userId = await secrets.take<string>(kinds.emailLink, sha256(token));
      if (!userId) throw commandErrors.linkInvalid();
      await run(userId, { type: 'VerifyEmail', via: 'link' }, request, { kind: 'user', id: userId });
    },

    /** Answers the same whether or not the address has an account (no account discovery). */
    async forgotPassword(email: string, request: RequestContext) {
      const userId = await ownerOf(email);
      if (!userId) return;
      const user = await loadUser(userId);
      if (user.status !== 'active') return;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + RESET_HOURS * 3600_000);
      await secrets.put(kinds.passwordReset, sha256(token), userId, { expiresAt });
      await secrets.put(kinds.currentReset, userId, sha256(token), { expiresAt });
      await run(userId, { type: 'RequestPasswordReset', expiresAt: expiresAt.toISOString() }, request, {
        kind: 'user',
        id: userId,
      });
      // Not awaited: a mail server's delay would tell an address with an account from one without
      // (the embedded outbox keeps the message before this returns).
      void mailer
        .send({
          to: user.email,
          subject: 'Reset your password',
          text: [
            `Hello ${user.firstName},`,
            '',
            `Open this link within ${RESET_HOURS} hour to choose a new password: ${deps.publicUrl()}/reset_password/${token}`,
            'If you did not ask for it, ignore this e-mail.',
          ].join('\n'),
        })
        .catch((error) => deps.onMailFailed?.(error));
    },

    /** One use: the token is taken; every session issued before now is refused from here on. */
    async resetPassword(token: string, password: string, request: RequestContext) {
      const userId = await secrets.take<string>(kinds.passwordReset, sha256(token));
      if (!userId) throw commandErrors.linkInvalid();
      // Only the newest link resets; using it ends it, as a change of password does.
      if ((await secrets.get<string>(kinds.currentReset, userId)) !== sha256(token))
        throw commandErrors.linkInvalid();
      await secrets.delete(kinds.currentReset, userId);
      await secrets.put(kinds.password, userId, await hashPassword(password));
      await run(userId, { type: 'ChangePassword', via: 'reset', at: clock.now().toISOString() }, request, {
        kind: 'user',
        id: userId,
      });
      // The mailed link proved the address too (a registration left without its code can end here).
      await run(
        userId,
        { type: 'VerifyEmail', via: 'link' },
        { ...request, commandId: `${request.commandId}:verify` },
        {
          kind: 'user',
          id: userId,
        },
      );
    },

    /** A new password ends every session issued before it; this one continues with a fresh token. */
    async changePassword(session: Session, current: string, password: string, request: RequestContext) {
      const userId = session.user.id;
      const stored = await secrets.get<string>(kinds.password, userId);
      if (!stored || !(await verifyPassword(current, stored))) throw commandErrors.currentPasswordWrong();
      await secrets.put(kinds.password, userId, await hashPassword(password));
      await secrets.delete(kinds.currentReset, userId);
      await run(
        userId,
        { type: 'ChangePassword', via: 'change', at: clock.now().toISOString() },
        request,
        actorOf(session),
      );
      const { token } = await tokens.issue(userId);
      return { token, id: userId, user: userRecord(await loadUser(userId)) };
    },

    async update(session: Session, command: UserCommand, request: RequestContext): Promise<UserRecord> {
      await run(session.user.id, command, request, actorOf(session));
      return userRecord(await loadUser(session.user.id));
    },

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

    cards(session: Session): CardList {
      try {
        return cardList(session.user);
      } catch {
        throw new AppError('CARDS_UNAVAILABLE', cardMessages.fetchFailed, 502);
      }
    },

    /** The number goes to the provider only; its token to the secret store; the log gets brand and last four. */
    async addCard(
      session: Session,
      input: z.output<typeof AddCardInput>,
      request: RequestContext,
    ): Promise<CardList> {
      const userId = session.user.id;
      const cardId = eventIdFor(request.commandId, 'card', 0);
      if (session.user.cards.some((c) => c.cardId === cardId)) return cardList(session.user);
      if (session.user.cards.length >= MAX_CARDS) throw commandErrors.tooManyCards();
      let created: Awaited<ReturnType<CardProvider['createCard']>>;
      try {
        created = await deps.cards.createCard(
          {
            number: input.card_number,
            expMonth: input.exp_month,
            expYear: input.exp_year,
            cvc: input.cvv,
            nameOnCard: input.name_on_card,
            zip: input.zip,
          },
          clock.now(),
        );
      } catch (error) {
        if (error instanceof CardDeclinedError) throw commandErrors.cardDeclined(cutAtRef(error.message));
        throw error;
      }
      await secrets.put(kinds.cardToken, cardId, created.token);
      try {
        await run(
          userId,
          {
            type: 'AddCard',
            card: {
              cardId,
              provider: deps.cards.name,
              brand: created.brand,
              last4: created.last4,
              expMonth: created.expMonth,
              expYear: created.expYear,
              nameOnCard: input.name_on_card,
            },
          },
          request,
          actorOf(session),
        );
      } catch (error) {
        // Nothing was recorded: take the card back from the provider so no orphan stays there.
        await deps.cards.deleteCard(created.token);
        await secrets.delete(kinds.cardToken, cardId);
        throw error;
      }
      return cardList(await loadUser(userId));
    },

    async updateCard(session: Session, input: z.output<typeof UpdateCardInput>, request: RequestContext) {
      if (!session.user.cards.some((c) => c.cardId === input.id)) throw commandErrors.cardNotFound();
      const token = await secrets.get<string>(kinds.cardToken, input.id);
      if (token) {
        try {
          await deps.cards.updateCard(
            token,
            { expMonth: input.exp_month, expYear: input.exp_year, nameOnCard: input.name_on_card },
            clock.now(),
          );
        } catch (error) {
          if (error instanceof CardDeclinedError) throw commandErrors.cardDeclined(cutAtRef(error.message));
          throw error;
        }
      }
      await run(
        session.user.id,
        {
          type: 'UpdateCard',
          change: {
            cardId: input.id,
            expMonth: input.exp_month,
            expYear: input.exp_year,
            nameOnCard: input.name_on_card,
          },
        },
        request,
        actorOf(session),
      );
      return cardList(await loadUser(session.user.id));
    },

    async removeCard(session: Session, cardId: string, request: RequestContext) {
      await run(session.user.id, { type: 'RemoveCard', cardId }, request, actorOf(session));
      const token = await secrets.take<string>(kinds.cardToken, cardId);
      if (token) await deps.cards.deleteCard(token);
      return cardList(await loadUser(session.user.id));
    },

    async setDefaultCard(session: Session, cardId: string, request: RequestContext) {
      await run(session.user.id, { type: 'SetDefaultCard', cardId }, request, actorOf(session));
      return cardList(await loadUser(session.user.id));
    },

    /**
     * seeds 001 §7 switchuser: an admin gets a session as the user; every event it writes names the
     * admin with `actingAs` the user (DOMAIN.md "Audit").
     */
    async switchUser(userId: string, adminId: string, request: RequestContext): Promise<LoginResult> {
      const user = await loadUser(userId);
      if (user.status === 'empty') throw commandErrors.userNotFound();
      if (user.status === 'deactivate') throw commandErrors.deactivated();
      await run(userId, { type: 'SignIn' }, request, { kind: 'admin', id: adminId, actingAs: userId });
      const { token } = await tokens.issue(userId, { actingAdmin: adminId });
      return { token, id: userId, user: userRecord(user) };
    },

    /** An identity check through the KYC port; bidders and buyers of wine must be 21 or older. */
    async runKycCheck(session: Session, input: z.output<typeof RunKycCheckInput>, request: RequestContext) {
      const now = clock.now();
      const born = new Date(`${input.date_of_birth}T00:00:00Z`);
      const twentyFirst = new Date(
        Date.UTC(born.getUTCFullYear() + 21, born.getUTCMonth(), born.getUTCDate()),
      );
      if (twentyFirst > now) throw commandErrors.underAge();
      const result = await deps.kyc.check({
        firstName: session.user.firstName,
        lastName: session.user.lastName,
        dateOfBirth: input.date_of_birth,
        address1: input.address1,
        city: input.city,
        state: input.state,
        zip: input.zip,
        country: input.country,
      });
      await run(
        session.user.id,
        { type: 'RecordKycCheck', result: { provider: deps.kyc.name, ...result } },
        request,
        actorOf(session),
      );
      return userRecord(await loadUser(session.user.id));
    },

    /** An admin approves the requested limit, or sets another amount (cents). */
    async approveBidLimit(userId: string, amount: number | undefined, request: RequestContext, admin: Actor) {
      const user = await loadUser(userId);
      if (user.status === 'empty') throw commandErrors.userNotFound();
      const approved = amount ?? user.bidLimitRequested;
      if (approved === null) throw commandErrors.noBidLimitRequest();
      await run(userId, { type: 'ApproveBidLimit', amount: approved }, request, admin);
    },

    owners(session: Session) {
      return { records: companyOwners(session.user) };
    },

    async changeOwners(session: Session, command: UserCommand, request: RequestContext) {
      await run(session.user.id, command, request, actorOf(session));
      return { records: companyOwners(await loadUser(session.user.id)) };
    },

    /** An admin invites an address; the link carries a one-use token kept hashed in the secret store. */
    async invite(input: InviteDetails, request: RequestContext, admin: Actor) {
      if (await ownerOf(input.email)) throw commandErrors.userExists();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + INVITE_DAYS * 24 * 3600_000);
      await streams.handle(
        inviteStream(emailKey(input.email)),
        inviteDecider,
        {
          type: 'Invite',
          firstName: input.first_name,
          lastName: input.last_name,
          expiresAt: expiresAt.toISOString(),
        },
        context(request, admin),
      );
      await secrets.put(kinds.invite, sha256(token), input, { expiresAt });
      await mailer.send({
        to: input.email,
        subject: 'You are invited to Fine Wine Auction',
        text: [
          `Hello ${input.first_name},`,
          '',
          `You are invited to bid and buy at Fine Wine Auction. Open this link within ${INVITE_DAYS} days to create your account: ${deps.publicUrl()}/invite?token=${token}`,
        ].join('\n'),
      });
    },

    async inviteDetails(token: string): Promise<InviteDetails> {
      const details = await secrets.get<InviteDetails>(kinds.invite, sha256(token));
      if (!details) throw commandErrors.linkInvalid();
      return details;
    },

    /** An admin (or, for the first admin, the server's command line) acts on a user. */
    async adminCommand(userId: string, command: UserCommand, request: RequestContext, admin: Actor) {
      return run(userId, command, request, admin);
    },

    /** The user who holds an address, or null. */
    ownerOf,

    messages: accountMessages,
  };
}

export type Accounts = ReturnType<typeof accounts>;
