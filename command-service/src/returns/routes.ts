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
    ctx.setMessage(t(result.status === 'refused' ? 'returns.refused' : 'returns.accepted'));
    return result;
  });

  registerAction(app, actions.receiveReturn, auth, async (input, ctx) => {
    const result = await returns.receive(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('returns.received', { good: input.good, damaged: input.damaged }));
    return result;
  });

  registerAction(app, actions.refundReturn, auth, async (input, ctx) => {
    const result = await returns.refund(auth.sessionOf(ctx.request), input, ctx);
    const [card, wallet] = [result.refunded_card, result.refunded_wallet];
    const amount = formatMoney(card + wallet);
    ctx.setMessage(
      card > 0 && wallet > 0
        ? t('returns.refundedSplit', { amount, card: formatMoney(card), wallet: formatMoney(wallet) })
        : t(card > 0 ? 'returns.refundedCard' : 'returns.refundedWallet', { amount }),
    );
    return result;
  });
};
