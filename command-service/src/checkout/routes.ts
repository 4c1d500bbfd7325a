import {
  actions,
  cardMessages,
  checkoutMessages,
  formatMoney,
  HostedGatewayChoice,
  t,
} from '@wine/contracts';
import { AppError, registerAction, type SandboxCardProvider, type SandboxPayPal } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { OpenInvoices } from '../invoices/open-invoices.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { authorizeCard, releaseCardHold } from './card-holds.ts';
import type { CheckoutService } from './checkout-service.ts';
import type { MoneyDeps } from './money-deps.ts';
import { offlineInstructions, offlineOrderCap, recordOfflinePayment } from './offline.ts';

export interface CheckoutRouteDeps {
  checkout: CheckoutService;
  money: MoneyDeps;
  /** The buyers' unpaid orders: an offline order is capped by them (offline.ts). */
  openInvoices: OpenInvoices;
  auth: SessionAuth;
  /** The sandbox card issuer, when the sandbox provider runs: its authentication page's action. */
  sandbox: SandboxCardProvider | null;
}

/**
 * What the buyer is told: paid; asked to act (the card issuer's check, PayPal's approval, or PayPal
 * holding the payment until it clears); or the order placed unpaid.
 */
const messageOf = (
  status: 'paid' | 'requires_action' | 'unpaid',
  waitingFor: 'issuer' | 'paypal' | 'paypal-clearing' | 'gateway' = 'issuer',
) =>
  status === 'paid'
    ? checkoutMessages.paid
    : status === 'unpaid'
      ? checkoutMessages.placedUnpaid
      : waitingFor === 'gateway'
        ? checkoutMessages.gateway
        : waitingFor === 'paypal'
          ? checkoutMessages.paypal
          : waitingFor === 'paypal-clearing'
            ? checkoutMessages.paypalPending
            : checkoutMessages.authenticate;

/** What a checkout's answer waits for: the card issuer, PayPal, or a hosted gateway's page. */
const waitingOf = (payment: { paypal: boolean; gateway: string | null }) =>
  payment.gateway ? 'gateway' : payment.paypal ? 'paypal' : 'issuer';

/** The PayPal sandbox, when it is the PayPal the site runs: its approve page's action. */
const payPalSandboxOf = (money: MoneyDeps): SandboxPayPal | null => {
  const gateway = money.paypal?.gateway;
  return gateway?.name === 'sandbox' && 'approve' in gateway ? (gateway as SandboxPayPal) : null;
};

/** A URL of this site as the path the browser follows (the sandbox's page never sends it elsewhere). */
const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

/** seeds 001 §7 "Cart and checkout", "Payments": the address quote, the checkout, the issuer's return. */
export const checkoutRoutes: FastifyPluginAsync<CheckoutRouteDeps> = async (
  app,
  { checkout, money, openInvoices, auth, sandbox },
) => {
  const offlineCap = offlineOrderCap({ ...money, openInvoices });
  registerAction(app, actions.saveAddress, auth, async (input, ctx) =>
    checkout.quote(auth.sessionOf(ctx.request), input),
  );

  // seeds 001 "Payments": the configured card provider's own paths of the checkout and its return.
  const provider = money.cards.name;
  registerAction(
    app,
    actions.checkout,
    auth,
    async (input, ctx) => {
      const result = await checkout.checkout(auth.sessionOf(ctx.request), input, ctx);
      ctx.setMessage(messageOf(result.status, waitingOf(input.payment)));
      return result;
    },
    {},
    provider,
  );

  // seeds 001 §7 buynow/checkout (issue 38 §2): the buy-now cart's own path of the same checkout (its
  // x-command-id claimed apart from cart/checkout's: a key sent to both is refused the second time).
  registerAction(app, actions.buynowCheckout, auth, async (input, ctx) => {
    const result = await checkout.checkout(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(messageOf(result.status, waitingOf(input.payment)));
    return result;
  });

  // seeds 001 §7 cart/updateCheckout (issue 38 §2): the delivery written on the cart's invoices, unpaid.
  registerAction(app, actions.updateCheckout, auth, async (input, ctx) => {
    const result = await checkout.updateCheckout(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('orders.checkoutSaved'));
    return result;
  });

  registerAction(app, actions.payCartWallet, auth, async (input, ctx) => {
    const payment = { use_wallet: true, card_id: null, paypal: false, element: false, gateway: null };
    const result = await checkout.checkout(auth.sessionOf(ctx.request), { ...input, payment }, ctx);
    ctx.setMessage(messageOf(result.status));
    return result;
  });

  registerAction(app, actions.payCartOffline, auth, async (input, ctx) => {
    const payment = { use_wallet: false, card_id: null, paypal: false, element: false, gateway: null };
    const session = auth.sessionOf(ctx.request);
    const place = () => checkout.checkout(session, { ...input, payment }, ctx, { offline: true });
    const result =
      input.type === 'buynow' ? await offlineCap.place(session.user.id, input.cart_id, place) : await place();
    ctx.setMessage(await offlineInstructions(money, result.invoice_ids));
    return result;
  });

  registerAction(app, actions.recordOfflinePayment, auth, async (input, ctx) => {
    const step = { base: ctx, actor: auth.adminOf(ctx.request) };
    const status = await recordOfflinePayment(money, step, input);
    ctx.setMessage(checkoutMessages.offlineRecorded);
    return { status };
  });

  registerAction(
    app,
    actions.confirmPayment,
    auth,
    async (input, ctx) => {
      const result = await checkout.confirm(auth.sessionOf(ctx.request), input, ctx);
      ctx.setMessage(messageOf(result.status));
      return result;
    },
    {},
    provider,
  );

  registerAction(app, actions.sandboxAuthenticate, auth, async (input, ctx) => {
    if (!sandbox) throw new AppError('NO_ACTION');
    // The invoices the charge is for, as the provider keeps them; each invoice's stream is the judge.
    const invoiceIds = sandbox.chargeById(input.charge_id)?.metadata.invoices?.split(',') ?? [];
    await checkout.assertWaitingCharge(auth.sessionOf(ctx.request), input.charge_id, invoiceIds);
    await sandbox.authenticate(input.charge_id, input.approve);
    return null;
  });

  // seeds 001 "Payments" payment/authorize: the cart's total held on a card on file, taken by its checkout.
  registerAction(app, actions.authorizeCard, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const step = { base: ctx, actor: actorOf(session) };
    const hold = await authorizeCard({ ...money, openInvoices }, step, session.user.id, input);
    ctx.setMessage(t('card.held', { amount: formatMoney(hold.amount) }));
    return hold;
  });
  registerAction(app, actions.releaseCardHold, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await releaseCardHold(money, { base: ctx, actor: actorOf(session) }, session.user.id, input.hold_id);
    ctx.setMessage(cardMessages.holdReleased);
    return null;
  });

  registerAction(app, actions.paymentGateways, auth, async () => ({
    paypal: Boolean(money.paypal),
    // seeds 001 "Payments": the hosted gateways the site took (PAYMENT_GATEWAYS), in the list's order.
    hosted: HostedGatewayChoice.options.filter((name) => money.hosted?.gateways[name]),
  }));

  registerAction(app, actions.paypalResponse, auth, async (input, ctx) => {
    const result = await checkout.paypalResponse(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(messageOf(result.status, 'paypal-clearing'));
    return result;
  });

  // Served where the PayPal sandbox runs; elsewhere it answers as an action that is not there (404),
  // after the audience's check, as every declared action does.
  const payPalSandbox = payPalSandboxOf(money);
  registerAction(app, actions.sandboxPayPalApprove, auth, async (input, ctx) => {
    if (!payPalSandbox) throw new AppError('NO_ACTION');
    // The invoices the order is for, as the sandbox keeps them; each invoice's stream is the judge.
    const order = payPalSandbox.orders().find((o) => o.orderId === input.order_id);
    await checkout.assertWaitingCharge(auth.sessionOf(ctx.request), input.order_id, order?.invoices ?? [], {
      code: 'PAYMENT_NOT_FOUND',
      field: 'order_id',
    });
    const { redirectTo } = await payPalSandbox.approve(input.order_id, input.approve);
    return { redirect_to: pathOf(redirectTo) };
  });
};
