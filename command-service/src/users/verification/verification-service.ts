import { randomBytes, randomInt } from 'node:crypto';
import { type LoginResult, t, type UserRecord } from '@wine/contracts';
import type { Actor } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { followUp } from '../../core/command-context.ts';
import { phoneIndex } from '../phone-login/phone-index.ts';
import { mailedAddressCap } from '../rate-limits.ts';
import type { User } from '../user.ts';
import { userRecord } from '../user.ts';
import {
  actorOf,
  secretKinds as kinds,
  type RequestContext,
  type Session,
  selfActor,
  sha256,
  type UserService,
} from '../user-service.ts';

const CODE_MINUTES = 15;
const LINK_HOURS = 24;
const MAX_CODE_ATTEMPTS = 5;

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * seeds 001 §7: the e-mail verified by a 6-digit code or a link, the phone by a code by text message.
 * The codes' and links' hashes go to the secret store, the facts to the log.
 */
export function verificationService(users: UserService) {
  const { clock, secrets, mailer, run, loadUser, ownerOf } = users;
  const phones = phoneIndex(users);

  /** A code and/or a link in one e-mail; the decider refuses an address verified already. */
  async function sendVerification(
    user: User,
    request: RequestContext,
    what: 'code' | 'link' | 'both',
    actor: Actor = selfActor(user.id),
  ) {
    const now = clock.now().getTime();
    const lines: string[] = [t('mail.hello', { name: user.firstName }), ''];
    const expiresAt = new Date(what === 'code' ? now + CODE_MINUTES * 60_000 : now + LINK_HOURS * 3600_000);
    await run(
      user.id,
      { type: 'RecordVerificationSent', expiresAt: expiresAt.toISOString() },
      request,
      actor,
    );
    if (what !== 'link') {
      const code = sixDigits();
      const codeExpiresAt = new Date(now + CODE_MINUTES * 60_000);
      await secrets.put(kinds.emailCode, user.id, sha256(`${user.id}:${code}`), { expiresAt: codeExpiresAt });
      await secrets.delete(kinds.emailCodeAttempts, user.id);
      lines.push(t('mail.verifyCode', { code, minutes: CODE_MINUTES }));
    }
    if (what !== 'code') {
      const token = randomBytes(32).toString('base64url');
      await secrets.put(kinds.emailLink, sha256(token), user.id, { expiresAt });
      lines.push(t('mail.verifyLink', { link: `${users.publicUrl()}/verify_email/${token}` }));
    }
    await mailer.send({ to: user.email, subject: t('mail.verifySubject'), text: lines.join('\n') });
  }

  /** Counts a guess at a code (5 per code), then compares it with the hash kept for it. */
  async function checkCode(attemptsKind: string, codeKind: string, userId: string, expected: string) {
    const attempts = await secrets.increment(attemptsKind, userId, {
      expiresAt: new Date(clock.now().getTime() + CODE_MINUTES * 60_000),
    });
    if (attempts > MAX_CODE_ATTEMPTS) throw new AppError('TOO_MANY_ATTEMPTS');
    const kept = await secrets.get<string>(codeKind, userId);
    if (!kept || kept !== expected) throw new AppError('CODE_INVALID');
    await secrets.delete(codeKind, userId);
  }

  return {
    sendVerification,

    /** The distinct addresses one client may have a code mailed to without a session (rate-limits.ts). */
    mailedAddressCap: (max: number) => mailedAddressCap(secrets, clock, max),

    /** Signed in: a code for the user. Otherwise a new code for a registration waiting for one, silently. */
    async sendEmailCode(session: Session | null, email: string | undefined, request: RequestContext) {
      if (session) {
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
      if (!userId) throw new AppError('CODE_INVALID');
      await checkCode(kinds.emailCodeAttempts, kinds.emailCode, userId, sha256(`${userId}:${code}`));
      const actor = session ? actorOf(session) : selfActor(userId);
      await run(userId, { type: 'VerifyEmail', via: 'code' }, request, actor);
      if (session) return userRecord(await loadUser(userId));
      return users.signIn(userId, followUp(request, 'sign-in'));
    },

    async verifyEmailLink(token: string, request: RequestContext) {
      const userId = await secrets.take<string>(kinds.emailLink, sha256(token));
      if (!userId) throw new AppError('LINK_INVALID');
      await run(userId, { type: 'VerifyEmail', via: 'link' }, request, selfActor(userId));
    },

    /** A 6-digit code by text message to the phone on the profile (seeds 001 §7 sendPhoneVerifyCode). */
    async sendPhoneCode(session: Session, request: RequestContext) {
      const user = session.user;
      if (!users.sms.available) throw new AppError('SMS_UNAVAILABLE');
      const code = sixDigits();
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
      await users.sms.send({
        to: `${user.countryCode}${user.phone}`,
        text: t('mail.phoneCode', { code, minutes: CODE_MINUTES }),
      });
    },

    async verifyPhoneCode(session: Session, code: string, request: RequestContext): Promise<UserRecord> {
      const userId = session.user.id;
      // The code is bound to the number it was sent to: a phone changed since makes it invalid.
      const expected = sha256(`${userId}:${session.user.phone}:${code}`);
      await checkCode(kinds.phoneCodeAttempts, kinds.phoneCode, userId, expected);
      await run(userId, { type: 'VerifyPhone' }, request, actorOf(session));
      const user = await loadUser(userId);
      // Issue 38 §3: a verified number signs its holder in by a texted code.
      await phones.recordVerified(user);
      return userRecord(user);
    },
  };
}

export type VerificationService = ReturnType<typeof verificationService>;
