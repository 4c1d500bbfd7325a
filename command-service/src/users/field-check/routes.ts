import { actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { accountRateLimits } from '../rate-limits.ts';
import type { SessionAuth } from '../session/session-auth.ts';
import { checkField } from './check.ts';

export interface FieldCheckRouteDeps {
  auth: SessionAuth;
  /** Requests per minute per client (three times it: a field is checked as the user types). */
  rateLimit: number;
}

/** seeds 001 §7 checkValidation (issue 38 §3). */
export const fieldCheckRoutes: FastifyPluginAsync<FieldCheckRouteDeps> = async (app, { auth, rateLimit }) => {
  registerAction(
    app,
    actions.checkValidation,
    auth,
    async (input, ctx) => {
      const session = auth.sessionIfAny(ctx.request);
      const field =
        input.email !== undefined
          ? { email: input.email }
          : { phone: input.phone as string, countryCode: input.country_code };
      const answer = checkField(field, session?.user ?? null);
      ctx.setMessage(t(answer.status === 'yours' ? 'account.fieldYours' : 'account.fieldMayUse'));
      return answer;
    },
    accountRateLimits(rateLimit).byCaller,
  );
};
