import { randomBytes } from 'node:crypto';
import { type LoginResult, t } from '@wine/contracts';
import { followUp } from '../../core/command-context.ts';
import { commandErrors } from '../../errors.ts';
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

/** seeds 001 §7 forgotPassword, resetPassword and changePassword. */
export function passwordService(users: UserService) {
  const { clock, secrets, mailer, tokens, run, loadUser, ownerOf } = users;

  return {
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
      await run(
        userId,
        { type: 'RequestPasswordReset', expiresAt: expiresAt.toISOString() },
        request,
        selfActor(userId),
      );
      // The texts are read now, in the request's language: the mail goes out after the answer.
      const message = {
        to: user.email,
        subject: t('mail.resetSubject'),
        text: [
          t('mail.hello', { name: user.firstName }),
          '',
          t('mail.resetBody', { hours: RESET_HOURS, link: `${users.publicUrl()}/reset_password/${token}` }),
          t('mail.resetIgnore'),
        ].join('\n'),
      };
      // Not awaited: a mail server's delay would tell an address with an account from one without
      // (the embedded outbox keeps the message before this returns).
      void mailer.send(message).catch((error) => users.onMailFailed?.(error));
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
  };
}

export type PasswordService = ReturnType<typeof passwordService>;
