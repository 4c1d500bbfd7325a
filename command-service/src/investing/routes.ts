import { actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { InvestingProductService } from './service.ts';

export interface InvestingRouteDeps {
  investing: InvestingProductService;
  auth: SessionAuth;
}

/**
 * seeds 001 §7 paymentThird/northcapital: the investor's own onboarding, details, suitability, documents,
 * bank, card, orders and holdings; and the staff's settlement of an order.
 */
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
    const session = auth.sessionOf(ctx.request);
    const { details, last4 } = await investing.linkBank(session, input, ctx, ctx.request.ip);
    ctx.setMessage(t('investing.bankLinked', { last4 }));
    return details;
  });
  registerAction(app, actions.updateLinkExternalAccount, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const { details, last4 } = await investing.updateBank(session, input, ctx, ctx.request.ip);
    ctx.setMessage(t('investing.bankUpdated', { last4 }));
    return details;
  });
  registerAction(app, actions.getExternalAccount, auth, async (_input, ctx) =>
    investing.bank(auth.sessionOf(ctx.request)),
  );
  registerAction(app, actions.deleteExternalAccount, auth, async (_input, ctx) => {
    const details = await investing.unlinkBank(auth.sessionOf(ctx.request), ctx);
    ctx.setMessage(t('investing.bankUnlinked'));
    return details;
  });

  registerAction(app, actions.addCreditCard, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const { details, last4 } = await investing.linkCard(session, input, ctx, ctx.request.ip);
    ctx.setMessage(t('investing.cardLinked', { last4 }));
    return details;
  });
  registerAction(app, actions.getCreditCard, auth, async (_input, ctx) =>
    investing.card(auth.sessionOf(ctx.request)),
  );
  registerAction(app, actions.updateCreditCard, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const { details, last4 } = await investing.updateCard(session, input, ctx, ctx.request.ip);
    ctx.setMessage(t('investing.cardUpdated', { last4 }));
    return details;
  });
  registerAction(app, actions.deleteCreditCard, auth, async (_input, ctx) => {
    const details = await investing.unlinkCard(auth.sessionOf(ctx.request), ctx);
    ctx.setMessage(t('investing.cardUnlinked'));
    return details;
  });

  registerAction(app, actions.updateIndividual, auth, async (input, ctx) => {
    const details = await investing.updateIndividual(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('investing.partyUpdated'));
    return details;
  });
  registerAction(app, actions.calculateSuitability, auth, async (input, ctx) => {
    const details = await investing.recordSuitability(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('investing.suitabilityRecorded'));
    return details;
  });
  registerAction(app, actions.uploadEntityDocument, auth, async (input, ctx) => {
    const details = await investing.uploadEntityDocument(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('investing.entityDocumentUploaded'));
    return details;
  });
  registerAction(app, actions.getuploadPartyDocument, auth, async (input, ctx) =>
    investing.documents(auth.sessionOf(ctx.request), input),
  );
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
  registerAction(app, actions.resendDocuSign, auth, async (input, ctx) => {
    await investing.resendDocuments(auth.sessionOf(ctx.request), input.trade_id, ctx);
    ctx.setMessage(t('investing.resent'));
    return null;
  });
  registerAction(app, actions.getStbids, auth, async (_input, ctx) =>
    investing.holdings(auth.sessionOf(ctx.request)),
  );
  // Staff: finance or an admin, named in the event it writes on the investor's stream.
  registerAction(app, actions.updateSettlement, auth, async (input, ctx) => {
    const result = await investing.settle(auth.adminOf(ctx.request), input, ctx);
    ctx.setMessage(
      t(input.status === 'funded' ? 'investing.funded' : 'investing.settled', { id: input.trade_id }),
    );
    return result;
  });
};
