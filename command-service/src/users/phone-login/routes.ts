import { actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { accountRateLimits } from '../rate-limits.ts';
import type { SessionAuth } from '../session/session-auth.ts';
import type { PhoneLoginService } from './phone-login-service.ts';

export interface PhoneLoginRouteDeps {
  phoneLogin: PhoneLoginService;
  auth: SessionAuth;
  /** Requests per minute per client and number (as sign-in and code requests per address). */
  rateLimit: number;
}

/** seeds 001 §7 sendPhoneLoginCode, and the sign-in with its code (issue 38 §3). */
export const phoneLoginRoutes: FastifyPluginAsync<PhoneLoginRouteDeps> = async (
  app,
  { phoneLogin, auth, rateLimit },
) => {
  const { byPhone } = accountRateLimits(rateLimit);
  // The distinct addresses and numbers one client may have mail or texts sent to, together.
  const admitDestination = phoneLogin.destinationCap(rateLimit);
  registerAction(
    app,
    actions.sendPhoneLoginCode,
    auth,
    async (input, ctx) => {
      const number = { countryCode: input.country_code, phone: input.phone };
      // A text costs the shop and reaches a stranger: one client names a bounded number of them.
      await admitDestination(ctx.request.ip, `phone:${number.countryCode}${number.phone}`);
      await phoneLogin.sendCode(number);
      ctx.setMessage(t('account.phoneLoginSent'));
      return null;
    },
    byPhone,
  );
  registerAction(
    app,
    actions.verifyPhoneLoginCode,
    auth,
    (input, ctx) =>
      phoneLogin.signIn({ countryCode: input.country_code, phone: input.phone }, input.code, ctx),
    byPhone,
  );
};
