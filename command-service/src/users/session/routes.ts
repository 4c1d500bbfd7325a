import { accountMessages, actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { accountRateLimits } from '../rate-limits.ts';
import type { SessionAuth } from './session-auth.ts';
import type { SessionService } from './session-service.ts';

export interface SessionRouteDeps {
  session: SessionService;
  auth: SessionAuth;
  /** Requests per minute per client and address on sign-in and registration. */
  rateLimit: number;
}

/** seeds 001 §7: register, login, logout, validateUser, and an admin's switchuser. */
export const sessionRoutes: FastifyPluginAsync<SessionRouteDeps> = async (
  app,
  { session, auth, rateLimit },
) => {
  const limits = accountRateLimits(rateLimit);
  const admitAddress = session.mailedAddressCap(rateLimit);
  registerAction(
    app,
    actions.register,
    auth,
    async (input, ctx) => {
      // Each registration mails the address it names: one client, a bounded number of addresses.
      await admitAddress(ctx.request.ip, input.email);
      const result = await session.register(input, ctx);
      if (!result.session) ctx.setMessage(accountMessages.registrationSent);
      return result;
    },
    limits.byAddress,
  );
  registerAction(
    app,
    actions.login,
    auth,
    (input, ctx) => session.login(input.email, input.password, ctx.request.ip, ctx),
    limits.byClient,
  );
  registerAction(app, actions.logout, auth, async (_input, ctx) => {
    await session.logout(auth.sessionOf(ctx.request), ctx);
    ctx.setMessage(accountMessages.loggedOut);
    return null;
  });
  registerAction(app, actions.validateUser, auth, async (_input, ctx) =>
    session.record(auth.sessionOf(ctx.request)),
  );
  registerAction(app, actions.switchUser, auth, (input, ctx) =>
    session.switchUser(input.id, auth.adminOf(ctx.request).id, ctx),
  );
};
