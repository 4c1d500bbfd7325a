import { actions, checkoutMessages, formatMoney, t } from '@wine/contracts';
import { walletStream } from '@wine/event-schemas';
import { AppError, CardDeclinedError, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { depositIdFor, type MoneyDeps } from '../checkout/money-deps.ts';
import { commandContext } from '../core/command-context.ts';
import { wroteSomething } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { chargeTransaction, failTransaction, recordRefund, startTransaction } from '../payments/ledger.ts';
import { cutAtRef } from '../users/cards/card-service.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf, secretKinds } from '../users/user-service.ts';
import { applyDeposit, releaseDeposit } from './deposits.ts';
import { walletDecider } from './wallet.ts';

export interface WalletRouteDeps {
  money: MoneyDeps;
  auth: SessionAuth;
}

/** seeds 001 §7 credit/addCreditBalance: wallet credit bought with a saved card. */
export const walletRoutes: FastifyPluginAsync<WalletRouteDeps> = async (app, { money, auth }) => {
  registerAction(app, actions.addCreditBalance, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const card = session.user.cards.find((c) => c.cardId === input.card_id);
    const token = card ? await money.secrets.get<string>(secretKinds.cardToken, card.cardId) : null;
    if (!token) throw new AppError('CARD_NOT_FOUND', { field: 'card_id' });
    const stream = walletStream(session.user.id);
    // A hash of the whole key, never a cut: the entry id and the provider's idempotency key, so a
    // retried request charges the card once and credits the wallet once.
    const entryId = derivedId('C', session.user.id, 'credit', ctx.commandId);
    const step = { base: ctx, actor: actorOf(session) };
    // The ledger's transaction is the wallet entry's: started before the card is asked.
    await startTransaction(money, step, entryId, {
      buyerId: session.user.id,
      method: 'card',
      provider: money.cards.name,
      amount: input.amount,
      target: { kind: 'wallet', entryId },
      card: card ? { cardId: card.cardId, brand: card.brand, last4: card.last4 } : null,
    });
    let chargeId: string;
    try {
      const charge = await money.cards.charge({
        token,
        amount: input.amount,
        reference: entryId,
        returnUrl: '/transactions',
        idempotencyKey: entryId,
      });
      if (charge.status === 'requires_action') {
        // Credit is bought in one step: a card that wants its issuer's page is for checkout only.
        await money.cards.cancelCharge(charge.chargeId);
        throw new CardDeclinedError(checkoutMessages.authenticationFailed);
      }
      chargeId = charge.chargeId;
    } catch (error) {
      if (error instanceof CardDeclinedError) {
        const reason = cutAtRef(error.message);
        await failTransaction(money, step, entryId, reason);
        throw new AppError('PAYMENT_DECLINED', { params: { reason } });
      }
      throw error;
    }
    await chargeTransaction(money, step, entryId, { reference: chargeId });
    const now = money.clock.now();
    try {
      wroteSomething(
        await money.streams.handle(
          stream,
          walletDecider,
          { type: 'Credit', entry: { entryId, amount: input.amount, source: 'card', reference: chargeId } },
          commandContext(ctx, actorOf(session), now),
        ),
        `wallet credit ${entryId}`,
      );
    } catch (error) {
      // Charged but not credited: the money goes straight back to the card, and the log says so.
      money.logger.error(
        { err: error, chargeId, entryId },
        'a credit purchase could not be recorded: refunding it',
      );
      const refundId = derivedId('RF', entryId);
      await money.cards.refund(chargeId, input.amount, refundId);
      const reason = 'the wallet could not take the credit';
      const back = { refundId, amount: input.amount, to: 'card', reason, invoiceId: null } as const;
      await recordRefund(money, step, entryId, back);
      throw error;
    }
    ctx.setMessage(checkoutMessages.creditAdded);
    return { balance: (await money.streams.load(stream, walletDecider)).balance };
  });

  // seeds 001 §7 credit/addBidDeposit: wallet credit set aside, held until applied or released.
  registerAction(app, actions.addBidDeposit, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const stream = walletStream(session.user.id);
    const depositId = depositIdFor(ctx.commandId, session.user.id);
    await money.streams.handle(
      stream,
      walletDecider,
      { type: 'HoldDeposit', depositId, amount: input.amount, lotId: input.lot_id },
      commandContext(ctx, actorOf(session), money.clock.now()),
    );
    ctx.setMessage(t('checkout.depositHeld', { amount: formatMoney(input.amount) }));
    return { deposit_id: depositId, balance: (await money.streams.load(stream, walletDecider)).balance };
  });

  registerAction(app, actions.applyDeposit, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const step = { base: ctx, actor: actorOf(session) };
    const target = { buyerId: session.user.id, depositId: input.deposit_id, invoiceId: input.invoice_id };
    const { status, amount } = await applyDeposit(money, step, target);
    ctx.setMessage(t('checkout.depositApplied', { amount: formatMoney(amount), invoice: input.invoice_id }));
    return { status };
  });

  // Finance or an admin gives a held deposit back to the buyer's wallet balance.
  registerAction(app, actions.releaseDeposit, auth, async (input, ctx) => {
    const step = { base: ctx, actor: auth.adminOf(ctx.request) };
    const amount = await releaseDeposit(money, step, { userId: input.user_id, depositId: input.deposit_id });
    ctx.setMessage(t('checkout.depositReleased', { amount: formatMoney(amount) }));
    return null;
  });
};
