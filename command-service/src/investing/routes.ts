import { actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { InvestingProductService } from './service.ts';

export interface InvestingRouteDeps {
  investing: InvestingProductService;
  auth: SessionAuth;
}

/** seeds 001 §7 paymentThird/northcapital: the investor's own onboarding, documents, bank and orders. */
export const investingRoutes: FastifyPluginAsync<InvestingRouteDeps> = async (app, { investing, auth }) => {
  registerAction(app, actions.getUserDetails, auth, async (_input, ctx) =>
    investing.details(auth.sessionOf(ctx.request)),
  );
  registerAction(app, actions.onBoardIndividual, auth, async (input, ctx) => {
    const details = await investing.onboardIndividual(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('investing.onboardedIndividual'));
    return details;
  });
  registerAction(app, actions.onBoardEntity, auth, async (input, ctx) => {
    const details = await investing.onboardEntity(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('investing.onboardedEntity'));
    return details;
  });
  registerAction(app, actions.uploadPartyDocument, auth, async (input, ctx) => {
    const { details, status } = await investing.uploadDocument(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('investing.documentUploaded', { status: status.replaceAll('_', ' ') }));
    return details;
  });
  registerAction(app, actions.linkExternalAccount, auth, async (input, ctx) => {
    const { details, last4 } = await investing.linkBank(
      auth.sessionOf(ctx.request),
      input,
      ctx,
      ctx.request.ip,
    );
    ctx.setMessage(t('investing.bankLinked', { last4 }));
    return details;
  });
  registerAction(app, actions.createOrder, auth, async (input, ctx) => {
    const details = await investing.order(auth.sessionOf(ctx.request), input, ctx, ctx.request.ip);
    ctx.setMessage(t('investing.ordered', { units: input.units }));
    return details;
  });
  registerAction(app, actions.deleteTrade, auth, async (input, ctx) => {
    const details = await investing.cancel(auth.sessionOf(ctx.request), input.trade_id, ctx);
    ctx.setMessage(t('investing.canceled'));
    return details;
  });
};
