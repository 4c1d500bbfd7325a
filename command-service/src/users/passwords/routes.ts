import { accountMessages, actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { accountRateLimits } from '../rate-limits.ts';
import type { SessionAuth } from '../session/session-auth.ts';
import type { PasswordService } from './password-service.ts';

export interface PasswordRouteDeps {
  passwords: PasswordService;
  auth: SessionAuth;
  /** Requests per minute per client and address (per session for a change). */
  rateLimit: number;
}

/** seeds 001 §7: forgotPassword, resetPassword and changePassword. */
export const passwordRoutes: FastifyPluginAsync<PasswordRouteDeps> = async (
  app,
  { passwords, auth, rateLimit },
) => {
  const limits = accountRateLimits(rateLimit);
  registerAction(
    app,
    actions.forgotPassword,
    auth,
    async (input, ctx) => {
      await passwords.forgotPassword(input.email, ctx);
      ctx.setMessage(accountMessages.resetSent);
      return null;
    },
    limits.byAddress,
  );
  registerAction(
    app,
    actions.resetPassword,
    auth,
    async (input, ctx) => {
      await passwords.resetPassword(input.token, input.password, ctx);
      ctx.setMessage(accountMessages.passwordChanged);
      return null;
    },
    limits.byAddress,
  );
  registerAction(
    app,
    actions.changePassword,
    auth,
    async (input, ctx) => {
      const session = auth.sessionOf(ctx.request);
      const result = await passwords.changePassword(session, input.current_password, input.password, ctx);
      ctx.setMessage(accountMessages.passwordUpdated);
      return result;
    },
    limits.bySession,
  );
};
