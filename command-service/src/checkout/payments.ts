import { HostedGatewayChoice, t } from '@wine/contracts';
import { invoiceStream, walletStream } from '@wine/event-schemas';
import {
  AppError,
  type BrowserCharge,
  CardDeclinedError,
  type ChargeRequest,
  type ChargeResult,
  IdempotencyKeyReusedError,
} from '@wine/platform';
import { wroteSomething } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf, type IssuedInvoice } from '../invoices/invoice.ts';
import {
  chargeTransaction,
  failTransaction,
  recordRefund,
  requireTransactionAction,
  startTransaction,
} from '../payments/ledger.ts';
import { cutAtRef } from '../users/cards/card-service.ts';
import { secretKinds } from '../users/user-service.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { takeHold } from './card-holds.ts';
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
  /** `quiet`: this call recorded nothing new (another recorded it first), so it tells the buyer nothing. */
  | { status: 'paid'; quiet?: boolean }
  /** `clientSecret`: a new card's charge, confirmed by the browser (payWithNewCard). */
  | { status: 'requires_action'; url: string; clientSecret?: string }
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
/** A payment's PayPal share: the rest after the wallet, paid on PayPal's page instead of by card. */
export const payPalPart = (paymentId: string) => `${paymentId}-p`;
/** Every part one payment id can have on an invoice (a hosted gateway's: hosted.ts gatewayPart). */
export const partsOf = (paymentId: string) => [
  walletPart(paymentId),
  cardPart(paymentId),
  payPalPart(paymentId),
  ...HostedGatewayChoice.options.map((gateway) => `${paymentId}-${gateway}`),
];

/**
 * Where a charge was taken and how its money goes back: the card provider or PayPal. A charge is
 * recorded on its invoices under this method, and refunded through it when they cannot take it.
 */
export interface ChargeChannel {
  /** Who took it, for the logs: the card provider's name, PayPal's gateway's, a hosted gateway's. */
  name: string;
  method: 'card' | 'paypal' | 'gateway';
  refund(chargeId: string, amount: number, idempotencyKey: string): Promise<unknown>;
}

export const cardChannel = (deps: MoneyDeps): ChargeChannel => ({
  name: deps.cards.name,
  method: 'card',
  refund: (chargeId, amount, key) => deps.cards.refund(chargeId, amount, key),
});

/**
 * The wallet entry of one invoice's share of a payment: a hash of the whole key, never a cut of it, so
 * two invoices' debits never share an id (a wallet writes nothing for an entry id it has seen).
 */
export const walletEntryId = (paymentId: string, invoiceId: string) =>
  derivedId('W', walletPart(paymentId), invoiceId);

/** What is left of each invoice after the wallet's share: for the card, or for PayPal. */
export interface RestOfPayment {
  /** Each invoice with something left to pay, and how much. */
  parts: { invoice: IssuedInvoice; invoiceId: string; amount: number }[];
  total: number;
  /** Some of it came from the wallet (so the buyer is told, even when the rest was recorded already). */
  walletPaid: boolean;
}

/**
 * Pays the invoices' wallet shares (each invoice claimed by a started payment, the wallet debited on
 * its own stream, then the payment recorded) and answers what is left for the card or PayPal; with
 * neither chosen (`restPayable` false), a wallet that falls short is refused before anything is taken.
 * An invoice takes one payment at a time, so two tabs paying it at once take it once.
 */
export async function payFromWallet(
  deps: MoneyDeps,
  step: Step,
  plan: Pick<PaymentPlan, 'buyerId' | 'paymentId' | 'invoices' | 'useWallet'>,
  restPayable: boolean,
): Promise<RestOfPayment> {
  const { streams, clock } = deps;
  const dues = plan.invoices.map(dueOf);
  // Another tab paid it meanwhile: nothing is due, and that is not this payment's success.
  if (dues.some((due) => due <= 0)) throw new AppError('INVOICE_PAID', { field: 'cart_id' });
  const wallet = plan.useWallet ? (await streams.load(walletStream(plan.buyerId), walletDecider)).balance : 0;
  // A payment id takes an invoice's wallet share once: a retry of a request that died after its
  // wallet step (its steps replay, writing nothing) puts the rest on the card (or PayPal), not on the
  // wallet again.
  const walletTaken = (invoice: IssuedInvoice) => invoice.payments[walletPart(plan.paymentId)] !== undefined;
  const fromWallet = splitPayment(
    plan.invoices.map((invoice, i) => (walletTaken(invoice) ? 0 : (dues[i] ?? 0))),
    wallet,
  );
  const shares = fromWallet.map((share, i) => ({
    wallet: share.wallet,
    rest: (dues[i] ?? 0) - share.wallet,
  }));
  const restTotal = shares.reduce((sum, s) => sum + s.rest, 0);
  if (restTotal > 0 && !restPayable) throw new AppError('WALLET_INSUFFICIENT');

  for (const [i, invoice] of plan.invoices.entries()) {
    const share = shares[i]?.wallet ?? 0;
    if (share === 0) continue;
    const { invoiceId } = invoice.issued;
    const id = walletPart(plan.paymentId);
    const now = clock.now();
    // Each invoice's wallet share is its own movement of money: the wallet entry is its transaction.
    const entryId = walletEntryId(plan.paymentId, invoiceId);
    const payment = {
      paymentId: id,
      method: 'wallet',
      amount: share,
      card: null,
      transactionId: entryId,
    } as const;
    await start(deps, step, invoice, payment, now);
    try {
      const debit = { entryId, amount: share, purpose: 'invoice' as const, reference: invoiceId };
      wroteSomething(
        await streams.handle(
          walletStream(plan.buyerId),
          walletDecider,
          { type: 'Debit', entry: debit },
          stepContext(step, `wallet:${invoiceId}`, now),
        ),
        `wallet debit ${entryId}`,
      );
    } catch (error) {
      const short = error instanceof AppError && error.code === 'WALLET_INSUFFICIENT';
      await fail(deps, step, invoiceId, id, short ? t('checkout.walletInsufficient') : 'wallet not debited');
      throw error;
    }
    await chargeTransaction(deps, step, entryId, {
      reference: entryId,
      start: {
        buyerId: plan.buyerId,
        method: 'wallet',
        provider: 'wallet',
        amount: share,
        target: { kind: 'invoices', invoices: [{ invoiceId, amount: share }] },
        card: null,
      },
    });
    await record(deps, step, invoiceId, {
      paymentId: id,
      method: 'wallet',
      amount: share,
      reference: entryId,
      transactionId: entryId,
    });
  }
  const parts = plan.invoices.flatMap((invoice, i) => {
    const amount = shares[i]?.rest ?? 0;
    return amount > 0 ? [{ invoice, invoiceId: invoice.issued.invoiceId, amount }] : [];
  });
  return { parts, total: restTotal, walletPaid: shares.some((share) => share.wallet > 0) };
}

/**
 * Starts the payment's transaction (the ledger's, before the provider is asked), then the payment on
 * each invoice for its part; if one cannot start, those started are failed (nothing was taken yet) and
 * the refusal thrown. Answers the invoices started, in order.
 */
export async function startParts(
  deps: MoneyDeps,
  step: Step,
  rest: RestOfPayment,
  payment: {
    paymentId: string;
    method: 'card' | 'paypal' | 'gateway';
    card: SavedCard | null;
    buyerId: string;
    provider: string;
  },
): Promise<string[]> {
  const { parts } = rest;
  const { buyerId, provider, ...invoicePayment } = payment;
  await startTransaction(deps, step, payment.paymentId, {
    buyerId,
    method: payment.method,
    provider,
    amount: rest.total,
    target: { kind: 'invoices', invoices: parts.map(({ invoiceId, amount }) => ({ invoiceId, amount })) },
    card: payment.card,
  });
  const started: string[] = [];
  try {
    for (const { invoice, amount } of parts) {
      const now = deps.clock.now();
      await start(deps, step, invoice, { ...invoicePayment, amount, transactionId: payment.paymentId }, now);
      started.push(invoice.issued.invoiceId);
    }
  } catch (error) {
    for (const invoiceId of started) {
      await fail(deps, step, invoiceId, payment.paymentId, 'payment not started');
    }
    await failTransaction(deps, step, payment.paymentId, 'payment not started');
    throw error;
  }
  return started;
}

/**
 * Pays the invoices: their wallet shares first (payFromWallet), then one card charge for the rest.
 * The charge carries the payment id as the provider's idempotency key: a retried request reaches the
 * card once.
 */
export async function pay(deps: MoneyDeps, step: Step, plan: PaymentPlan): Promise<PaymentOutcome> {
  const rest = await payFromWallet(deps, step, plan, plan.card !== null);
  const cardTotal = rest.total;
  if (cardTotal === 0 || !plan.card) return { status: 'paid' };

  const id = cardPart(plan.paymentId);
  const carded = rest.parts;
  const started = await startParts(deps, step, rest, {
    paymentId: id,
    method: 'card',
    card: plan.card,
    buyerId: plan.buyerId,
    provider: deps.cards.name,
  });
  const token = await deps.secrets.get<string>(secretKinds.cardToken, plan.card.cardId);
  if (!token) {
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, 'card not on file');
    throw new AppError('CARD_NOT_FOUND', { field: 'card_id' });
  }
  let charge: ChargeResult;
  try {
    const request = {
      token,
      amount: cardTotal,
      reference: plan.paymentId,
      returnUrl: plan.returnUrl,
      idempotencyKey: id,
      metadata: { invoices: started.join(',') },
    };
    // seeds 001 payment/authorize: the buyer's hold on this card for these invoices is taken instead.
    const held = await takeHold(deps, step, {
      buyerId: plan.buyerId,
      cardId: plan.card.cardId,
      invoiceIds: started,
      request,
    });
    charge = held ?? (await chargeOnce(deps, request));
  } catch (error) {
    if (!(error instanceof CardDeclinedError || error instanceof IdempotencyKeyReusedError)) {
      // Asked twice and no answer: the provider may have charged. The payment stays under way, so no
      // second charge starts beside it; the same request again (its key) finds the charge, the
      // provider's event records it, or it goes stale (STALE_PAYMENT_MS). Calling it failed here
      // would have a late success refunded while the retry records it paid.
      deps.logger.error({ err: error, paymentId: id }, 'a card charge has no answer: left under way');
      throw error;
    }
    const reason = error instanceof CardDeclinedError ? cutAtRef(error.message) : t('common.somethingWrong');
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, reason);
    if (error instanceof CardDeclinedError) return { status: 'declined', reason };
    throw error;
  }
  if (charge.status === 'requires_action') {
    try {
      await waitForBuyer(deps, step, id, charge.chargeId, started);
    } catch (error) {
      // Not authenticated yet, so nothing is taken: the charge is given up rather than left unknown.
      await deps.cards.cancelCharge(charge.chargeId);
      for (const invoiceId of started) await fail(deps, step, invoiceId, id, 'payment not recorded');
      throw error;
    }
    return { status: 'requires_action', url: charge.url };
  }
  // The provider's webhook may have recorded the charge before its answer came back here.
  const { written: recorded } = await recordCharge(deps, step, id, charge.chargeId, carded);
  return { status: 'paid', quiet: recorded === 0 && !rest.walletPaid };
}

/**
 * The payment waits for the buyer (the issuer's page, PayPal's, the browser confirming a new card):
 * its transaction and each invoice's payment hold the provider's charge or order until it settles.
 */
export async function waitForBuyer(
  deps: MoneyDeps,
  step: Step,
  paymentId: string,
  chargeId: string,
  invoiceIds: readonly string[],
) {
  await requireTransactionAction(deps, step, paymentId, chargeId);
  for (const invoiceId of invoiceIds) {
    await deps.streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      { type: 'RequireAction', paymentId, chargeId },
      stepContext(step, `action:${invoiceId}`, deps.clock.now()),
    );
  }
}

/**
 * Issue 35 §2 (seeds 001 stripe_payment_element): pays with a new card the buyer gives the provider in
 * the browser, kept nowhere. The wallet's shares first, then one charge made without a card under
 * the payment's key (the same request again answers the same charge) for the rest, waiting for the
 * browser to confirm it with its client secret; the return (confirmPayment) or the provider's event
 * records it as a saved card's charge is recorded.
 */
export async function payWithNewCard(
  deps: MoneyDeps,
  step: Step,
  plan: Omit<PaymentPlan, 'card'>,
): Promise<PaymentOutcome> {
  const { cards } = deps;
  if (!cards.startBrowserCharge) throw new AppError('CARD_PROVIDER_NO_NEW_CARD', { field: 'element' });
  const rest = await payFromWallet(deps, step, plan, true);
  if (rest.total === 0) return { status: 'paid' };
  const id = cardPart(plan.paymentId);
  const started = await startParts(deps, step, rest, {
    paymentId: id,
    method: 'card',
    card: null,
    buyerId: plan.buyerId,
    provider: cards.name,
  });
  let charge: BrowserCharge;
  try {
    charge = await cards.startBrowserCharge({
      amount: rest.total,
      reference: plan.paymentId,
      idempotencyKey: id,
      metadata: { invoices: started.join(',') },
    });
  } catch (error) {
    // No charge the browser could confirm: nothing can be taken, and the invoices are free again.
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, 'payment not started');
    throw error;
  }
  try {
    await waitForBuyer(deps, step, id, charge.chargeId, started);
  } catch (error) {
    await cards.cancelCharge(charge.chargeId);
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, 'payment not recorded');
    throw error;
  }
  return { status: 'requires_action', url: '', clientSecret: charge.clientSecret };
}

/**
 * Charges once per idempotency key. A failure that is not a refusal (the connection dropped: the
 * provider may have charged) is asked again with the same key, which answers the charge made, if
 * any, and never makes a second (Stripe's advice for network errors).
 */
async function chargeOnce(deps: MoneyDeps, request: ChargeRequest): Promise<ChargeResult> {
  try {
    return await deps.cards.charge(request);
  } catch (error) {
    if (error instanceof CardDeclinedError || error instanceof IdempotencyKeyReusedError) throw error;
    deps.logger.warn(
      { err: error, idempotencyKey: request.idempotencyKey },
      'card charge failed; asking again',
    );
    return deps.cards.charge(request);
  }
}

/** A charge's share given back, once per payment and set of invoices whoever gives it back. */
export const refundKeyOf = (paymentId: string, invoiceIds: readonly string[]) =>
  derivedId('RF', paymentId, ...invoiceIds);

/**
 * Records a settled charge on each invoice it was for; how many records it wrote (none when each was
 * recorded already) and how much went back. A share that cannot be recorded (the invoice changed
 * meanwhile, the log refused the write) goes straight back the way it came (the card, PayPal: `via`),
 * with its payment failed and an error logged: money is never taken without a record of it. The
 * invoice's refusal is then thrown (the buyer is told), unless `refusalAnswered` (a provider's event:
 * the refund is the answer); a charge that could be neither recorded nor refunded always throws.
 */
export async function recordCharge(
  deps: MoneyDeps,
  step: Step,
  paymentId: string,
  chargeId: string,
  parts: readonly { invoiceId: string; amount: number }[],
  {
    refusalAnswered = false,
    via = cardChannel(deps),
  }: { refusalAnswered?: boolean; via?: ChargeChannel } = {},
): Promise<{ written: number; refunded: number }> {
  let written = 0;
  // The ledger first: the money moved, whether or not each invoice can take its share.
  let charged: unknown = null;
  try {
    await chargeTransaction(deps, step, paymentId, { reference: chargeId });
  } catch (error) {
    charged = error;
  }
  for (const [i, { invoiceId, amount }] of parts.entries()) {
    try {
      if (charged) throw charged;
      written += await record(deps, step, invoiceId, {
        paymentId,
        method: via.method,
        amount,
        reference: chargeId,
        transactionId: paymentId,
      });
    } catch (error) {
      const unrecorded = parts.slice(i);
      const back = unrecorded.reduce((sum, p) => sum + p.amount, 0);
      const key = refundKeyOf(
        paymentId,
        unrecorded.map((p) => p.invoiceId),
      );
      deps.logger.error(
        {
          err: error,
          via: via.name,
          chargeId,
          paymentId,
          amount: back,
          invoices: unrecorded.map((p) => p.invoiceId),
        },
        `a ${via.method} charge could not be recorded: refunding it`,
      );
      try {
        await via.refund(chargeId, back, key);
      } catch (refundError) {
        deps.logger.error(
          { err: refundError, via: via.name, chargeId, paymentId, amount: back },
          `a ${via.method} charge could be neither recorded nor refunded: settle it by hand`,
        );
        throw error;
      }
      const reason = 'refunded: the invoice could not take the payment';
      // Given back before any invoice took it: the ledger's refund is for no invoice.
      if (!charged) {
        const refund = { refundId: key, amount: back, to: 'card', reason, invoiceId: null } as const;
        await recordRefund(deps, step, paymentId, refund);
      }
      for (const part of unrecorded) {
        try {
          await fail(deps, step, part.invoiceId, paymentId, reason);
        } catch (failError) {
          deps.logger.error({ err: failError, invoiceId: part.invoiceId, paymentId }, 'payment left pending');
        }
      }
      if (refusalAnswered) return { written, refunded: back };
      throw error;
    }
  }
  return { written, refunded: 0 };
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
    if (paid) return { status: 'paid', quiet: true };
    const failed = invoices.some((inv) => inv.payments[id]?.status === 'failed');
    if (failed) return { status: 'declined', reason: t('checkout.authenticationFailed') };
    throw new AppError('PAYMENT_NOT_FOUND');
  }
  const state = await deps.cards.retrieveCharge(chargeId);
  if (state.status === 'requires_action') return { status: 'requires_action', url: '' };
  if (state.status === 'failed') {
    for (const invoice of waiting) await fail(deps, step, invoice.issued.invoiceId, id, state.reason);
    return { status: 'declined', reason: state.reason };
  }
  const parts = waiting.map((invoice) => ({
    invoiceId: invoice.issued.invoiceId,
    amount: invoice.payments[id]?.amount ?? 0,
  }));
  const { written: recorded } = await recordCharge(deps, step, id, chargeId, parts);
  return { status: 'paid', quiet: recorded === 0 };
}

async function start(
  deps: MoneyDeps,
  step: Step,
  invoice: IssuedInvoice,
  payment: {
    paymentId: string;
    method: 'card' | 'wallet' | 'paypal' | 'gateway';
    amount: number;
    card: SavedCard | null;
    transactionId: string;
  },
  now: Date,
) {
  const { invoiceId, buyerId } = invoice.issued;
  await deps.streams.handle(
    invoiceStream(invoiceId),
    invoiceDecider,
    { type: 'StartPayment', buyerId, ...payment, now, expectedTotal: invoice.amounts.total },
    stepContext(step, `start:${payment.paymentId}:${invoiceId}`, now),
  );
}

async function record(
  deps: MoneyDeps,
  step: Step,
  invoiceId: string,
  payment: {
    paymentId: string;
    method: 'card' | 'wallet' | 'paypal' | 'gateway';
    amount: number;
    reference: string;
    transactionId: string;
  },
) {
  const now = deps.clock.now();
  // Nothing written means this payment is recorded already (a second confirmation): done, not failed.
  const result = await deps.streams.handle(
    invoiceStream(invoiceId),
    invoiceDecider,
    { type: 'RecordPayment', ...payment },
    stepContext(step, `record:${payment.paymentId}:${invoiceId}`, now),
  );
  return result.events.length;
}

export async function fail(
  deps: MoneyDeps,
  step: Step,
  invoiceId: string,
  paymentId: string,
  reason: string,
) {
  const now = deps.clock.now();
  await deps.streams.handle(
    invoiceStream(invoiceId),
    invoiceDecider,
    { type: 'FailPayment', paymentId, reason: reason.slice(0, 300) },
    stepContext(step, `fail:${paymentId}:${invoiceId}`, now),
  );
  // A card's or PayPal's part is its own transaction: nothing was taken (a wallet's has none yet).
  await failTransaction(deps, step, paymentId, reason);
}
