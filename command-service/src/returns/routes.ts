import { actions, formatMoney, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { ReturnService } from './return-service.ts';

export interface ReturnRouteDeps {
  returns: ReturnService;
  auth: SessionAuth;
}

/**
 * seeds 001 §7 product/raiseReturnRequest (the buyer), and the staff's decision (finance or an
 * admin, checked before the body is read).
 */
export const returnRoutes: FastifyPluginAsync<ReturnRouteDeps> = async (app, { returns, auth }) => {
  registerAction(app, actions.raiseReturnRequest, auth, async (input, ctx) => {
    const result = await returns.request(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('returns.requested'));
    return result;
  });

  registerAction(app, actions.decideReturn, auth, async (input, ctx) => {
    const result = await returns.decide(auth.sessionOf(ctx.request), input, ctx);
    const amount = formatMoney(result.amount);
    ctx.setMessage(
      result.status === 'refused'
        ? t('returns.refused')
        : t(result.refund_to === 'card' ? 'returns.acceptedCard' : 'returns.acceptedWallet', { amount }),
    );
    return result;
  });
};
