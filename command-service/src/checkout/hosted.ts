import { gatewayWebhookPath, hostedGatewayPagePath, paytmCallbackPath, t } from '@wine/contracts';
import { invoiceStream, walletStream } from '@wine/event-schemas';
import {
  AppError,
  type HostedGateway,
  type HostedGatewayName,
  HostedGatewayRefusedError,
  type HostedGateways,
  type HostedPaymentPage,
  type HostedPaymentStatus,
  HostedReturnSignatureError,
} from '@wine/platform';
import { derivedId } from '../core/derived-id.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import {
  chargeTransaction,
  failTransaction,
  loadTransaction,
  requireTransactionAction,
  startTransaction,
} from '../payments/ledger.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { type MoneyDeps, type Step, stepContext, systemStep } from './money-deps.ts';
import {
  type ChargeChannel,
  fail,
  type PaymentOutcome,
  type PaymentPlan,
  payFromWallet,
  recordCharge,
  startParts,
  waitForBuyer,
} from './payments.ts';

/** The hosted gateways (seeds 001 "Payments": Paytm, Cashfree) as the money steps use them. */
export interface HostedMoney {
  gateways: HostedGateways;
  /** The site's own address: the gateways send the buyer back to an absolute URL on it. */
  publicUrl: () => string;
}

/** Who pays, as the gateway keeps them with the order. */
export interface GatewayCustomer {
  id: string;
  email: string;
  /** The account's phone, national digits; Cashfree asks for one with every order. */
  phone: string | null;
}

/**
 * A payment's share paid on a hosted gateway's page: `<payment id>-<gateway>`, which is also the
 * gateway's order id (Paytm and Cashfree take it), so a retried request opens the same order.
 */
export const gatewayPart = (paymentId: string, gateway: HostedGatewayName) => `${paymentId}-${gateway}`;

const PART = /-(paytm|cashfree)$/;
/** The gateway of a payment part (`…-paytm`), or null for a part of another way to pay. */
export const gatewayOfPart = (partId: string): HostedGatewayName | null =>
  (PART.exec(partId)?.[1] as HostedGatewayName | undefined) ?? null;

/** The gateway named, or the buyer's refusal when the site does not take it. */
export function gatewayOf(deps: MoneyDeps, name: HostedGatewayName): HostedGateway {
  const gateway = deps.hosted?.gateways[name];
  if (!gateway) throw new AppError('GATEWAY_UNAVAILABLE', { field: 'gateway' });
  return gateway;
}

/**
 * A gateway payment is recorded with method `gateway` and refunded through its gateway, by its order
 * (the part id): the gateway refunds an order, whatever its own transaction id.
 */
export function gatewayChannel(deps: MoneyDeps, partId: string): ChargeChannel {
  const name = gatewayOfPart(partId);
  const gateway = name ? gatewayOf(deps, name) : null;
  if (!gateway) throw new AppError('GATEWAY_UNAVAILABLE', { field: 'gateway' });
  return {
    name: gateway.name,
    method: 'gateway',
    refund: (_transactionId, amount, key) => gateway.refund(partId, amount, key),
  };
}

const onSite = (deps: MoneyDeps, path: string) =>
  `${(deps.hosted?.publicUrl() ?? '').replace(/\/+$/, '')}${path}`;

/**
 * Where the gateway sends the buyer back: the return page with the payment (and its invoices) and the
 * gateway's own return fields in one `fields` parameter (a query string), where the client calls the
 * gateway's response call. Paytm posts its callback (a form), so it goes through paytmCallbackPath
 * first; Cashfree sends the browser to the return page, filling in its `{order_id}`.
 */
function returnUrlOf(
  deps: MoneyDeps,
  gateway: HostedGatewayName,
  paymentId: string,
  invoiceIds: readonly string[],
) {
  const query = new URLSearchParams({ payment_id: paymentId, invoice: invoiceIds.join(','), gateway });
  if (gateway === 'paytm') return onSite(deps, `${paytmCallbackPath}?${query}`);
  return `${onSite(deps, `/checkout_confirm?${query}`)}&fields=order_id%3D{order_id}`;
}

/**
 * Where the browser goes: this site's page that posts the gateway's session fields to the gateway's
 * own page (hosted-routes.ts), a path of the site as every checkout answer's url is.
 */
const pageUrlOf = (gateway: HostedGatewayName, page: HostedPaymentPage) =>
  `${hostedGatewayPagePath(gateway)}?${new URLSearchParams({ to: page.url, ...page.fields })}`;

const customerOf = (gateway: HostedGatewayName, customer: GatewayCustomer) => {
  // Cashfree keeps a 10-digit phone with every order (its customer_phone): an account without one pays another way.
  const phone = customer.phone?.replace(/\D/g, '').slice(-10) ?? '';
  if (gateway === 'cashfree' && phone.length !== 10) throw new AppError('GATEWAY_NEEDS_PHONE');
  return { id: customer.id, email: customer.email, ...(phone.length === 10 && { phone }) };
};

/** Refuses a gateway payment the buyer could not make before anything is placed or taken. */
export function assertGatewayPayable(deps: MoneyDeps, gateway: HostedGatewayName, customer: GatewayCustomer) {
  gatewayOf(deps, gateway);
  customerOf(gateway, customer);
}

/**
 * seeds 001 "Payments" paytm_payment (and a checkout paying with a gateway): the wallet's shares first,
 * then one order on the gateway for the rest, the server's total. Each invoice's share is started as a
 * gateway payment, the order opened under the part id (the same request again opens nothing new) and
 * held as the payment's charge; the buyer's browser then goes to the gateway's page. Nothing is
 * recorded until the buyer comes back and the gateway's status API says the order was paid.
 */
export async function payWithGateway(
  deps: MoneyDeps,
  step: Step,
  plan: Omit<PaymentPlan, 'card'> & { gateway: HostedGatewayName; customer: GatewayCustomer },
): Promise<PaymentOutcome> {
  const gateway = gatewayOf(deps, plan.gateway);
  const customer = customerOf(plan.gateway, plan.customer);
  const rest = await payFromWallet(deps, step, plan, true);
  if (rest.total === 0) return { status: 'paid' };
  const id = gatewayPart(plan.paymentId, gateway.name);
  const started = await startParts(deps, step, rest, {
    paymentId: id,
    method: 'gateway',
    card: null,
    buyerId: plan.buyerId,
    provider: gateway.name,
  });
  let page: HostedPaymentPage;
  try {
    page = await gateway.start({
      orderId: id,
      amount: rest.total,
      currency: 'USD',
      customer,
      returnUrl: returnUrlOf(deps, gateway.name, plan.paymentId, started),
      notifyUrl: onSite(deps, gatewayWebhookPath(gateway.name)),
    });
    await waitForBuyer(deps, step, id, id, started);
  } catch (error) {
    // The buyer never reaches the gateway's page, so nothing can be paid: the invoices are free again.
    const refused = error instanceof HostedGatewayRefusedError;
    const reason = refused ? t('checkout.gatewayNotCompleted') : 'payment not started';
    for (const invoiceId of started) await fail(deps, step, invoiceId, id, reason);
    if (!refused) throw error;
    deps.logger.warn(
      { gateway: gateway.name, code: error.code, paymentId: id },
      'a gateway refused an order',
    );
    return { status: 'declined', reason };
  }
  return { status: 'requires_action', url: pageUrlOf(gateway.name, page) };
}

/** The return read as the gateway signed it, naming this payment's order; otherwise refused, nothing written. */
function orderOfReturn(
  deps: MoneyDeps,
  gateway: HostedGateway,
  orderId: string,
  fields: Record<string, string>,
) {
  let named: string;
  try {
    named = gateway.readReturn(fields).orderId;
  } catch (error) {
    if (!(error instanceof HostedReturnSignatureError)) throw error;
    deps.logger.warn({ gateway: gateway.name, orderId }, 'a gateway return whose signature does not verify');
    throw new AppError('GATEWAY_RETURN_INVALID');
  }
  // Another order's return (a stale tab, a forged link) is not this payment's.
  if (named !== orderId) throw new AppError('GATEWAY_RETURN_INVALID');
}

/** The gateway's status API on the order; an order it never opened is no payment of ours. */
async function statusOf(gateway: HostedGateway, orderId: string): Promise<HostedPaymentStatus> {
  try {
    return await gateway.status(orderId);
  } catch (error) {
    if (error instanceof HostedGatewayRefusedError) throw new AppError('PAYMENT_NOT_FOUND');
    throw error;
  }
}

/**
 * An order the product gave up (its holds lapsed, the buyer's earlier return said failed) that the
 * gateway says was paid after all: the money goes straight back, once, and the log says so. Money is
 * never kept without a record of it.
 */
async function giveBackLatePayment(deps: MoneyDeps, gateway: HostedGateway, orderId: string) {
  const status = await statusOf(gateway, orderId);
  if (status.status !== 'paid') return;
  deps.logger.error(
    { gateway: gateway.name, orderId, amount: status.amount },
    'a gateway order paid after its payment was given up: refunding it',
  );
  await gateway.refund(orderId, status.amount, derivedId('RF', orderId, 'late'));
}

/**
 * seeds 001 "Payments" paytm_response, cashfree_response: back from the gateway's page. The return must
 * be the gateway's (its signature, where it signs one) and name this payment's order; then the
 * gateway's status API decides: paid is recorded on every invoice waiting for it, once (a second
 * return, or two at once, records nothing more: the gateway's transaction id is the charge), for the
 * amount started, else refused with nothing recorded; failed gives the payment up; still open waits.
 */
export async function confirmGatewayPayment(
  deps: MoneyDeps,
  step: Step,
  name: HostedGatewayName,
  input: { paymentId: string; fields: Record<string, string> },
  invoices: readonly IssuedInvoice[],
): Promise<PaymentOutcome> {
  const id = gatewayPart(input.paymentId, name);
  orderOfReturn(deps, gatewayOf(deps, name), id, input.fields);
  return settleGatewayOrder(deps, step, name, id, invoices);
}

/**
 * What the gateway's status API says of a payment's order (`id`, the payment's gateway part, which is
 * also its ledger transaction), settled on its invoices: paid is recorded
 * on every invoice waiting for it, once, for the amount started (else refused, nothing recorded);
 * failed gives the payment up; still open waits. The buyer's return (after its checks) and the
 * reconciliation of orders whose buyer never came back (gateway-reconcile.ts) both settle through it.
 */
export async function settleGatewayOrder(
  deps: MoneyDeps,
  step: Step,
  name: HostedGatewayName,
  id: string,
  invoices: readonly IssuedInvoice[],
): Promise<PaymentOutcome> {
  const gateway = gatewayOf(deps, name);
  const waiting = invoices.filter((invoice) => invoice.payments[id]?.status === 'action_required');
  if (waiting.length === 0) {
    const paid = invoices.length > 0 && invoices.every((i) => i.payments[id]?.status === 'succeeded');
    if (paid) return { status: 'paid', quiet: true };
    if (invoices.some((invoice) => invoice.payments[id]?.status === 'failed')) {
      await giveBackLatePayment(deps, gateway, id);
      return { status: 'declined', reason: t('checkout.gatewayNotCompleted') };
    }
    throw new AppError('PAYMENT_NOT_FOUND');
  }
  const status = await statusOf(gateway, id);
  switch (status.status) {
    case 'pending':
      return { status: 'requires_action', url: '' };
    case 'failed': {
      const reason = t('checkout.gatewayNotCompleted');
      for (const invoice of waiting) await fail(deps, step, invoice.issued.invoiceId, id, reason);
      return { status: 'declined', reason };
    }
    case 'paid': {
      const parts = waiting.map((invoice) => ({
        invoiceId: invoice.issued.invoiceId,
        amount: invoice.payments[id]?.amount ?? 0,
      }));
      const expected = parts.reduce((sum, part) => sum + part.amount, 0);
      if (status.amount !== expected) {
        // Not this payment's money (an order opened on the gateway with our id for another amount):
        // recorded nowhere, left to finance with the gateway's own books.
        deps.logger.error(
          { gateway: name, orderId: id, expected, paid: status.amount },
          'a gateway order paid another amount than its payment: not recorded',
        );
        throw new AppError('GATEWAY_AMOUNT_MISMATCH');
      }
      const { written } = await recordCharge(deps, step, id, status.transactionId, parts, {
        via: gatewayChannel(deps, id),
      });
      return { status: 'paid', quiet: written === 0 };
    }
    default: {
      const _exhaustive: never = status;
      return _exhaustive;
    }
  }
}

/** The invoices a gateway payment pays, as they stand: those still issued (a cancelled one has nothing to record). */
export async function issuedInvoices(
  deps: MoneyDeps,
  invoiceIds: readonly string[],
): Promise<IssuedInvoice[]> {
  const invoices: IssuedInvoice[] = [];
  for (const invoiceId of invoiceIds) {
    const invoice = await deps.streams.load(invoiceStream(invoiceId), invoiceDecider);
    if (invoice.status === 'issued') invoices.push(invoice);
  }
  return invoices;
}

/**
 * The gateway's webhook named an order (after its signature was checked): the order is settled by the
 * gateway's status API exactly as the buyer's return or the reconciliation settles it (paid recorded
 * once, failed given up, open left waiting), with the payment's own ledger transaction telling whose it
 * is and what it pays. `ignored` for an order that is no gateway payment of ours on this gateway.
 */
export async function settleNotifiedOrder(
  deps: MoneyDeps,
  name: HostedGatewayName,
  id: string,
): Promise<PaymentOutcome | { status: 'ignored' }> {
  const { started } = await loadTransaction(deps, id);
  if (started?.method !== 'gateway' || started.provider !== name) return { status: 'ignored' };
  const step = systemStep('gateway-notification', id);
  if (started.target.kind === 'wallet') return settleMembershipOrder(deps, step, name, id, started.buyerId);
  const invoices = await issuedInvoices(
    deps,
    started.target.invoices.map((part) => part.invoiceId),
  );
  return settleGatewayOrder(deps, step, name, id, invoices);
}

/** A membership payment's order and ledger transaction: one per buyer, gateway and request. */
const membershipIdFor = (buyerId: string, gateway: HostedGatewayName, commandId: string) =>
  derivedId('G', buyerId, 'membership', gateway, commandId);

/** The bid deposit a paid membership payment holds on the wallet: one per payment. */
export const membershipDepositId = (paymentId: string) => derivedId('D', paymentId, 'membership');

/**
 * seeds 001 §7 paymentThird/paytm and paymentThird/cashfree membership-payment (README: "membership" is
 * the bid deposit a bidder puts down): `amount` cents paid on the gateway's page, then credited to the
 * wallet and held there as a bid deposit. The ledger's transaction is started before the gateway is
 * asked and waits for the buyer with the gateway's order, which is the transaction's own id.
 */
export async function payMembershipWithGateway(
  deps: MoneyDeps,
  step: Step,
  input: { gateway: HostedGatewayName; customer: GatewayCustomer; amount: number; commandId: string },
): Promise<{ paymentId: string; url: string }> {
  const gateway = gatewayOf(deps, input.gateway);
  const customer = customerOf(input.gateway, input.customer);
  const id = membershipIdFor(customer.id, gateway.name, input.commandId);
  await startTransaction(deps, step, id, {
    buyerId: customer.id,
    method: 'gateway',
    provider: gateway.name,
    amount: input.amount,
    target: { kind: 'wallet', entryId: id },
    card: null,
  });
  let page: HostedPaymentPage;
  try {
    page = await gateway.start({
      orderId: id,
      amount: input.amount,
      currency: 'USD',
      customer,
      returnUrl: returnUrlOf(deps, gateway.name, id, []),
      notifyUrl: onSite(deps, gatewayWebhookPath(gateway.name)),
    });
    await requireTransactionAction(deps, step, id, id);
  } catch (error) {
    await failTransaction(deps, step, id, 'payment not started');
    if (error instanceof HostedGatewayRefusedError) {
      throw new AppError('PAYMENT_DECLINED', { params: { reason: t('checkout.gatewayNotCompleted') } });
    }
    throw error;
  }
  return { paymentId: id, url: pageUrlOf(gateway.name, page) };
}

/**
 * Back from the gateway with a membership payment: the buyer's own transaction, the gateway's return and
 * status API as for an invoice's; a paid order is charged on the ledger, credited to the wallet and held
 * as the bid deposit. Those two steps are the payment's, not the request's (their command ids derive
 * from the payment), so two returns at once, or a retry after a crash between them, write each once.
 */
export async function confirmMembershipPayment(
  deps: MoneyDeps,
  step: Step,
  name: HostedGatewayName,
  input: { paymentId: string; fields: Record<string, string>; buyerId: string },
): Promise<PaymentOutcome & { amount?: number }> {
  const gateway = gatewayOf(deps, name);
  const id = input.paymentId;
  const tx = await loadTransaction(deps, id);
  const started = tx.started;
  const ours =
    started !== null &&
    started.buyerId === input.buyerId &&
    started.provider === name &&
    started.target.kind === 'wallet' &&
    started.target.entryId === id;
  if (!ours) throw new AppError('PAYMENT_NOT_FOUND');
  orderOfReturn(deps, gateway, id, input.fields);
  return settleMembershipOrder(deps, step, name, id, input.buyerId);
}

/**
 * What the gateway's status API says of a membership payment's order, settled: charged on the ledger,
 * credited to the wallet and held as the bid deposit once; failed given up; still open waiting. The
 * buyer's return (after its checks) and the reconciliation (gateway-reconcile.ts) settle through it.
 */
export async function settleMembershipOrder(
  deps: MoneyDeps,
  step: Step,
  name: HostedGatewayName,
  id: string,
  buyerId: string,
): Promise<PaymentOutcome & { amount?: number }> {
  const gateway = gatewayOf(deps, name);
  const tx = await loadTransaction(deps, id);
  const started = tx.started;
  if (started === null) throw new AppError('PAYMENT_NOT_FOUND');
  if (tx.status === 'failed') {
    await giveBackLatePayment(deps, gateway, id);
    return { status: 'declined', reason: t('checkout.gatewayNotCompleted') };
  }
  let transactionId = tx.status === 'charged' ? (tx.reference as string) : null;
  if (!transactionId) {
    const status = await statusOf(gateway, id);
    if (status.status === 'pending') return { status: 'requires_action', url: '' };
    if (status.status === 'failed') {
      await failTransaction(deps, step, id, t('checkout.gatewayNotCompleted'));
      return { status: 'declined', reason: t('checkout.gatewayNotCompleted') };
    }
    if (status.amount !== started.amount) {
      deps.logger.error(
        { gateway: name, orderId: id, expected: started.amount, paid: status.amount },
        'a gateway order paid another amount than its payment: not recorded',
      );
      throw new AppError('GATEWAY_AMOUNT_MISMATCH');
    }
    transactionId = status.transactionId;
    await chargeTransaction(deps, step, id, { reference: transactionId });
  }
  const own = systemStep('gateway-membership', id);
  const credit = {
    entryId: id,
    amount: started.amount,
    source: 'gateway' as const,
    reference: transactionId,
  };
  const wallet = walletStream(buyerId);
  const now = deps.clock.now();
  const credited = await deps.streams.handle(
    wallet,
    walletDecider,
    { type: 'Credit', entry: credit },
    stepContext(own, 'credit', now),
  );
  const held = await deps.streams.handle(
    wallet,
    walletDecider,
    { type: 'HoldDeposit', depositId: membershipDepositId(id), amount: started.amount, lotId: null },
    stepContext(own, 'hold', now),
  );
  // Written before (the other return, a retry): this return tells the buyer nothing new.
  const quiet = credited.replayed && held.replayed;
  return { status: 'paid', quiet, amount: started.amount };
}
