import { type Action, actions, formatMoney, type MessageKey, t } from '@wine/contracts';
import { type ActionContext, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { Session } from '../users/user-service.ts';
import type { InvestingProductService } from './service.ts';

export interface InvestingRouteDeps {
  investing: InvestingProductService;
  auth: SessionAuth;
}

/** An investor's own call, made in their session. */
type Own<A extends Action, Answer> = (
  session: Session,
  input: z.output<A['input']>,
  ctx: ActionContext,
) => Promise<Answer>;
type Output<A extends Action> = z.output<A['output']>;

/**
 * seeds 001 §7 paymentThird/northcapital: the investor's own onboarding, details, suitability, documents,
 * bank, card, orders and holdings; and the staff's settlement of an order.
 */
export const investingRoutes: FastifyPluginAsync<InvestingRouteDeps> = async (app, { investing, auth }) => {
  /** What the investor reads of their own: answered as it is, with the envelope's usual message. */
  const read = <A extends Action>(action: A, run: Own<A, Output<A>>) =>
    registerAction(app, action, auth, async (input, ctx) => run(auth.sessionOf(ctx.request), input, ctx));

  /** An investor's change of their own: answered with their details, in the words of `said`. */
  const change = <A extends Action>(
    action: A,
    said: MessageKey | ((input: z.output<A['input']>) => string),
    run: Own<A, Output<A>>,
  ) =>
    registerAction(app, action, auth, async (input, ctx) => {
      const details = await run(auth.sessionOf(ctx.request), input, ctx);
      ctx.setMessage(typeof said === 'function' ? said(input) : t(said));
      return details;
    });

  /** A bank account or a card kept at the service: its message names the last four the service answered. */
  const keep = <A extends Action>(
    action: A,
    said: 'investing.bankLinked' | 'investing.bankUpdated' | 'investing.cardLinked' | 'investing.cardUpdated',
    run: Own<A, { details: Output<A>; last4: string }>,
  ) =>
    registerAction(app, action, auth, async (input, ctx) => {
      const { details, last4 } = await run(auth.sessionOf(ctx.request), input, ctx);
      ctx.setMessage(t(said, { last4 }));
      return details;
    });

  read(actions.getUserDetails, (session) => investing.details(session));
  change(actions.onBoardIndividual, 'investing.onboardedIndividual', investing.onboardIndividual);
  change(actions.onBoardEntity, 'investing.onboardedEntity', investing.onboardEntity);
  change(
    actions.linkEntityOwner,
    (input) => t('investing.ownerAdded', { name: `${input.first_name} ${input.last_name}` }),
    investing.addOwner,
  );
  registerAction(app, actions.uploadPartyDocument, auth, async (input, ctx) => {
    const { details, status } = await investing.uploadDocument(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('investing.documentUploaded', { status: status.replaceAll('_', ' ') }));
    return details;
  });

  keep(actions.linkExternalAccount, 'investing.bankLinked', (session, input, ctx) =>
    investing.linkBank(session, input, ctx, ctx.request.ip),
  );
  keep(actions.updateLinkExternalAccount, 'investing.bankUpdated', (session, input, ctx) =>
    investing.updateBank(session, input, ctx, ctx.request.ip),
  );
  read(actions.getExternalAccount, (session) => investing.bank(session));
  change(actions.deleteExternalAccount, 'investing.bankUnlinked', (session, _input, ctx) =>
    investing.unlinkBank(session, ctx),
  );

  keep(actions.addCreditCard, 'investing.cardLinked', (session, input, ctx) =>
    investing.linkCard(session, input, ctx, ctx.request.ip),
  );
  read(actions.getCreditCard, (session) => investing.card(session));
  keep(actions.updateCreditCard, 'investing.cardUpdated', (session, input, ctx) =>
    investing.updateCard(session, input, ctx, ctx.request.ip),
  );
  change(actions.deleteCreditCard, 'investing.cardUnlinked', (session, _input, ctx) =>
    investing.unlinkCard(session, ctx),
  );

  change(actions.updateIndividual, 'investing.partyUpdated', investing.updateIndividual);
  change(actions.calculateSuitability, 'investing.suitabilityRecorded', investing.recordSuitability);
  change(actions.uploadEntityDocument, 'investing.entityDocumentUploaded', investing.uploadEntityDocument);
  read(actions.getuploadPartyDocument, (session, input) => investing.documents(session, input));
  change(
    actions.createOrder,
    (input) => t('investing.ordered', { units: input.units }),
    (session, input, ctx) => investing.order(session, input, ctx, ctx.request.ip),
  );
  change(actions.deleteTrade, 'investing.canceled', (session, input, ctx) =>
    investing.cancel(session, input.trade_id, ctx),
  );
  change(actions.resendDocuSign, 'investing.resent', async (session, input, ctx) => {
    await investing.resendDocuments(session, input.trade_id, ctx);
    return null;
  });
  read(actions.getStbids, (session) => investing.holdings(session));
  // seeds 001 §7 Payments: North Capital's answer is the confirmation the client keeps.
  registerAction(app, actions.northcapitalPayment, auth, async (input, ctx) => {
    const paid = await investing.pay(auth.sessionOf(ctx.request), input, ctx, ctx.request.ip);
    ctx.setMessage(t('investing.paid', { amount: formatMoney(paid.amount), id: paid.trade_id }));
    return paid;
  });

  // Staff: finance or an admin, named in the event it writes on the investor's stream.
  registerAction(app, actions.updateSettlement, auth, async (input, ctx) => {
    const result = await investing.settle(auth.adminOf(ctx.request), input, ctx);
    ctx.setMessage(
      t(input.status === 'funded' ? 'investing.funded' : 'investing.settled', { id: input.trade_id }),
    );
    return result;
  });
};
