import { randomBytes } from 'node:crypto';
import { type LoginResult, t } from '@wine/contracts';
import { AppError } from '@wine/platform';
import { followUp } from '../../core/command-context.ts';
import { userRecord } from '../user.ts';
import {
  actorOf,
  emailKey,
  secretKinds as kinds,
  type RequestContext,
  type Session,
  selfActor,
  sha256,
  type UserService,
} from '../user-service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const RESET_HOURS = 1;
/**
 * The key an address without an account writes its reset secrets under, so that it does the same
 * writes as one with an account without leaving anything behind (never a hash: sha256 is hex).
 */
const NO_ACCOUNT = 'no-account';

/** seeds 001 §7 forgotPassword, resetPassword and changePassword. */
export function passwordService(users: UserService) {
  const { clock, secrets, mailer, tokens, run, loadUser } = users;

  return {
    /**
     * Answers the same whether or not the address has an account (no account discovery), after the
     * same work: the same reads and the same two secret writes (a decoy's for an address without an
     * account), so the answer's time tells nothing either (issue 30: 11.1 vs 4.6 ms). The mail is
     * queued, not awaited; the log's record of the request is written after the answer.
     */
    async forgotPassword(email: string, request: RequestContext) {
      const claimant = await users.claimantOf(email);
      const user = await loadUser(claimant ?? NO_ACCOUNT);
      const holder = claimant && user.status === 'active' ? user : null;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + RESET_HOURS * 3600_000);
      await secrets.put(kinds.passwordReset, holder ? sha256(token) : NO_ACCOUNT, holder?.id ?? '', {
        expiresAt,
      });
      await secrets.put(kinds.currentReset, holder?.id ?? NO_ACCOUNT, sha256(token), { expiresAt });
      if (!holder) return;
      // The texts are read now, in the request's language.
      const message = {
        to: holder.email,
        subject: t('mail.resetSubject'),
        text: [
          t('mail.hello', { name: holder.firstName }),
          '',
          t('mail.resetBody', { hours: RESET_HOURS, link: `${users.publicUrl()}/reset_password/${token}` }),
          t('mail.resetIgnore'),
        ].join('\n'),
      };
      // Not awaited: a mail server's delay would tell an address with an account from one without
      // (the embedded outbox keeps the message before this returns).
      void mailer.send(message).catch((error) => users.onMailFailed?.(error));
      // After the answer has gone: an append (a disk sync) only for an address with an account.
      setImmediate(() => {
        run(
          holder.id,
          { type: 'RequestPasswordReset', expiresAt: expiresAt.toISOString() },
          request,
          selfActor(holder.id),
        ).catch((error: unknown) => users.logger?.error({ err: error }, 'a password reset was not recorded'));
      });
    },

    /** One use: the token is taken; every session issued before now is refused from here on. */
    async resetPassword(token: string, password: string, request: RequestContext) {
      const userId = await secrets.take<string>(kinds.passwordReset, sha256(token));
      if (!userId) throw new AppError('LINK_INVALID');
      // Only the newest link resets; using it ends it, as a change of password does.
      if ((await secrets.get<string>(kinds.currentReset, userId)) !== sha256(token))
        throw new AppError('LINK_INVALID');
      await secrets.delete(kinds.currentReset, userId);
      await secrets.put(kinds.password, userId, await hashPassword(password));
      // The mailed link proved the owner: sign-in from a new client is open again after a lock-out.
      await secrets.delete(kinds.loginFailures, emailKey((await loadUser(userId)).email));
      await run(
        userId,
        { type: 'ChangePassword', via: 'reset', at: clock.now().toISOString() },
        request,
        selfActor(userId),
      );
      // The mailed link proved the address too (a registration left without its code can end here).
      await run(userId, { type: 'VerifyEmail', via: 'link' }, followUp(request, 'verify'), selfActor(userId));
    },

    /** A new password ends every session issued before it; this one continues with a fresh token. */
    async changePassword(
      session: Session,
      current: string,
      password: string,
      request: RequestContext,
    ): Promise<LoginResult> {
      const userId = session.user.id;
      const stored = await secrets.get<string>(kinds.password, userId);
      if (!stored || !(await verifyPassword(current, stored))) throw new AppError('CURRENT_PASSWORD_WRONG');
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
  };
}

export type PasswordService = ReturnType<typeof passwordService>;
