import { t } from '@wine/contracts';
import { invoiceStream, walletStream } from '@wine/event-schemas';
import { AppError, CardDeclinedError } from '@wine/platform';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf, type IssuedInvoice } from '../invoices/invoice.ts';
import { cutAtRef } from '../users/cards/card-service.ts';
import { secretKinds } from '../users/user-service.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { type MoneyDeps, type Step, stepContext } from './money-deps.ts';

export interface SavedCard {
  cardId: string;
  brand: string;
  last4: string;
}

export interface PaymentPlan {
  buyerId: string;
  paymentId: string;
  invoices: readonly IssuedInvoice[];
  useWallet: boolean;
  card: SavedCard | null;
  /** Where the card issuer's page sends the buyer back (a path of the UI). */
  returnUrl: string;
}

export type PaymentOutcome =
  | { status: 'paid' }
  | { status: 'requires_action'; url: string }
  | { status: 'declined'; reason: string };

/** Wallet first, the card for the rest (issue "Money"): each invoice's share of each, in order. */
export function splitPayment(dues: readonly number[], wallet: number) {
  let left = wallet;
  return dues.map((due) => {
    const fromWallet = Math.min(left, due);
    left -= fromWallet;
    return { wallet: fromWallet, card: due - fromWallet };
  });
}

export const walletPart = (paymentId: string) => `${paymentId}-w`;
export const cardPart = (paymentId: string) => `${paymentId}-c`;

/**
 * Pays the invoices: their wallet shares first (each invoice claimed by a started payment, the wallet
 * debited on its own stream, then the payment recorded), then one card charge for the rest. An
 * invoice takes one payment at a time, so two tabs paying it at once charge it once.
 */
export async function pay(deps: MoneyDeps, step: Step, plan: PaymentPlan): Promise<PaymentOutcome> {
  const { streams, clock } = deps;
  const dues = plan.invoices.map(dueOf);
  const wallet = plan.useWallet ? (await streams.load(walletStream(plan.buyerId), walletDecider)).balance : 0;
  const shares = splitPayment(dues, wallet);
  const cardTotal = shares.reduce((sum, s) => sum + s.card, 0);
  if (cardTotal > 0 && !plan.card) throw new AppError('WALLET_INSUFFICIENT');

  for (const [i, invoice] of plan.invoices.entries()) {
    const share = shares[i]?.wallet ?? 0;
    if (share === 0) continue;
    const { invoiceId } = invoice.issued;
    const id = walletPart(plan.paymentId);
    const now = clock.now();
    await start(deps, step, invoice, { paymentId: id, method: 'wallet', amount: share, card: null }, now);
    const entryId = `${id}:${invoiceId}`.slice(0, 64);
    try {
      await streams.handle(
        walletStream(plan.buyerId),
        walletDecider,
        { type: 'Debit', entry: { entryId, amount: share, purpose: 'invoice', reference: invoiceId } },
        stepContext(step, `wallet:${invoiceId}`, now),
      );
    } catch (error) {
      await fail(deps, step, invoiceId, id, t('checkout.walletInsufficient'));
      throw error;
    }
    await record(deps, step, invoiceId, {
      paymentId: id,
      method: 'wallet',
      amount: share,
      reference: entryId,
    });
  }
  if (cardTotal === 0 || !plan.card) return { status: 'paid' };

  const id = cardPart(plan.paymentId);
  const carded = plan.invoices.filter((_, i) => (shares[i]?.card ?? 0) > 0);
  const started: string[] = [];
  try {
    for (const invoice of carded) {
      const amount = shares[plan.invoices.indexOf(invoice)]?.card ?? 0;
      await start(
        deps,
        step,
        invoice,
        { paymentId: id, method: 'card', amount, card: plan.card },
        clock.now(),
      );
      started.push(invoice.issued.invoiceId);
    }
  } catch (error) {
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, 'payment not started');
    throw error;
  }
  const token = await deps.secrets.get<string>(secretKinds.cardToken, plan.card.cardId);
  if (!token) {
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, 'card not on file');
    throw new AppError('CARD_NOT_FOUND', { field: 'card_id' });
  }
  let charge: Awaited<ReturnType<typeof deps.cards.charge>>;
  try {
    charge = await deps.cards.charge({
      token,
      amount: cardTotal,
      reference: plan.paymentId,
      returnUrl: plan.returnUrl,
    });
  } catch (error) {
    const reason = error instanceof CardDeclinedError ? cutAtRef(error.message) : t('common.somethingWrong');
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, reason);
    if (error instanceof CardDeclinedError) return { status: 'declined', reason };
    throw error;
  }
  if (charge.status === 'requires_action') {
    for (const invoiceId of started) {
      await streams.handle(
        invoiceStream(invoiceId),
        invoiceDecider,
        { type: 'RequireAction', paymentId: id, chargeId: charge.chargeId },
        stepContext(step, `action:${invoiceId}`, clock.now()),
      );
    }
    return { status: 'requires_action', url: charge.url };
  }
  for (const invoice of carded) {
    const amount = shares[plan.invoices.indexOf(invoice)]?.card ?? 0;
    const { invoiceId } = invoice.issued;
    try {
      await record(deps, step, invoiceId, {
        paymentId: id,
        method: 'card',
        amount,
        reference: charge.chargeId,
      });
    } catch (error) {
      // Charged but not recordable (the invoice changed meanwhile): the money goes straight back.
      await deps.cards.refund(charge.chargeId, amount);
      await fail(deps, step, invoiceId, id, 'refunded: the invoice could not take the payment');
      throw error;
    }
  }
  return { status: 'paid' };
}

/**
 * After the issuer's page: asks the provider how the charge ended and records it on every invoice it
 * was for. A charge still waiting stays waiting.
 */
export async function confirmCardPayment(
  deps: MoneyDeps,
  step: Step,
  paymentId: string,
  invoices: readonly IssuedInvoice[],
): Promise<PaymentOutcome> {
  const id = cardPart(paymentId);
  const waiting = invoices.filter((inv) => inv.payments[id]?.status === 'action_required');
  const chargeId = waiting[0]?.payments[id]?.chargeId;
  if (!chargeId) {
    const paid = invoices.every((inv) => inv.payments[id]?.status === 'succeeded');
    if (paid) return { status: 'paid' };
    const failed = invoices.some((inv) => inv.payments[id]?.status === 'failed');
    if (failed) return { status: 'declined', reason: t('checkout.authenticationFailed') };
    throw new AppError('PAYMENT_NOT_FOUND');
  }
  const state = await deps.cards.retrieveCharge(chargeId);
  if (state.status === 'requires_action') return { status: 'requires_action', url: '' };
  for (const invoice of waiting) {
    const { invoiceId } = invoice.issued;
    if (state.status === 'failed') {
      await fail(deps, step, invoiceId, id, state.reason);
    } else {
      const amount = invoice.payments[id]?.amount ?? 0;
      await record(deps, step, invoiceId, { paymentId: id, method: 'card', amount, reference: chargeId });
    }
  }
  return state.status === 'failed' ? { status: 'declined', reason: state.reason } : { status: 'paid' };
}

async function start(
  deps: MoneyDeps,
  step: Step,
  invoice: IssuedInvoice,
  payment: { paymentId: string; method: 'card' | 'wallet'; amount: number; card: SavedCard | null },
  now: Date,
) {
  const { invoiceId, buyerId } = invoice.issued;
  await deps.streams.handle(
    invoiceStream(invoiceId),
    invoiceDecider,
    { type: 'StartPayment', buyerId, ...payment, now },
    stepContext(step, `start:${payment.paymentId}:${invoiceId}`, now),
  );
}

async function record(
  deps: MoneyDeps,
  step: Step,
  invoiceId: string,
  payment: { paymentId: string; method: 'card' | 'wallet'; amount: number; reference: string },
) {
  const now = deps.clock.now();
  await deps.streams.handle(
    invoiceStream(invoiceId),
    invoiceDecider,
    { type: 'RecordPayment', ...payment },
    stepContext(step, `record:${payment.paymentId}:${invoiceId}`, now),
  );
}

async function fail(deps: MoneyDeps, step: Step, invoiceId: string, paymentId: string, reason: string) {
  const now = deps.clock.now();
  await deps.streams.handle(
    invoiceStream(invoiceId),
    invoiceDecider,
    { type: 'FailPayment', paymentId, reason: reason.slice(0, 300) },
    stepContext(step, `fail:${paymentId}:${invoiceId}`, now),
  );
}
