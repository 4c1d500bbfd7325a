import { accountMessages, actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { accountRateLimits } from '../rate-limits.ts';
import type { SessionAuth } from '../session/session-auth.ts';
import type { VerificationService } from './verification-service.ts';

export interface VerificationRouteDeps {
  verification: VerificationService;
  auth: SessionAuth;
  /** Code requests and guesses per minute per client, session and address. */
  rateLimit: number;
}

/** seeds 001 §7: the e-mail verified by code or link, the phone by a code by text message. */
export const verificationRoutes: FastifyPluginAsync<VerificationRouteDeps> = async (
  app,
  { verification, auth, rateLimit },
) => {
  const { bySession } = accountRateLimits(rateLimit);
  const admitAddress = verification.mailedAddressCap(rateLimit);
  registerAction(
    app,
    actions.sendEmailVerifyCode,
    auth,
    async (input, ctx) => {
      // Without a session the code goes to the address named: counted as a registration's mail is.
      const session = auth.sessionIfAny(ctx.request);
      if (!session && input.email) await admitAddress(ctx.request.ip, input.email);
      await verification.sendEmailCode(session, input.email, ctx);
      ctx.setMessage(accountMessages.verificationSent);
      return null;
    },
    bySession,
  );
  registerAction(
    app,
    actions.verifyEmailVerifyCode,
    auth,
    async (input, ctx) => {
      const session = auth.sessionIfAny(ctx.request);
      const user = await verification.verifyEmailCode(session, input.code, input.email, ctx);
      ctx.setMessage(accountMessages.emailVerified);
      return user;
    },
    bySession,
  );
  registerAction(
    app,
    actions.sendEmailVerifyLink,
    auth,
    async (_input, ctx) => {
      await verification.sendEmailLink(auth.sessionOf(ctx.request), ctx);
      ctx.setMessage(accountMessages.verificationSent);
      return null;
    },
    bySession,
  );
  registerAction(
    app,
    actions.sendPhoneVerifyCode,
    auth,
    async (_input, ctx) => {
      await verification.sendPhoneCode(auth.sessionOf(ctx.request), ctx);
      ctx.setMessage(accountMessages.phoneCodeSent);
      return null;
    },
    bySession,
  );
  registerAction(
    app,
    actions.verifyPhoneVerifyCode,
    auth,
    async (input, ctx) => {
      const user = await verification.verifyPhoneCode(auth.sessionOf(ctx.request), input.code, ctx);
      ctx.setMessage(accountMessages.phoneVerified);
      return user;
    },
    bySession,
  );
  registerAction(app, actions.verifyEmail, auth, async (input, ctx) => {
    await verification.verifyEmailLink(input.token, ctx);
    ctx.setMessage(accountMessages.emailVerified);
    return null;
  });
};
