import { actions, checkoutMessages } from '@wine/contracts';
import { AppError, registerAction, type SandboxCardProvider } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { OpenInvoices } from '../invoices/open-invoices.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
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

const messageOf = (status: 'paid' | 'requires_action' | 'unpaid') =>
  status === 'paid'
    ? checkoutMessages.paid
    : status === 'requires_action'
      ? checkoutMessages.authenticate
      : checkoutMessages.placedUnpaid;

/** seeds 001 §7 "Cart and checkout", "Payments": the address quote, the checkout, the issuer's return. */
export const checkoutRoutes: FastifyPluginAsync<CheckoutRouteDeps> = async (
  app,
  { checkout, money, openInvoices, auth, sandbox },
) => {
  const offlineCap = offlineOrderCap({ ...money, openInvoices });
  registerAction(app, actions.saveAddress, auth, async (input, ctx) =>
    checkout.quote(auth.sessionOf(ctx.request), input),
  );

  registerAction(app, actions.checkout, auth, async (input, ctx) => {
    const result = await checkout.checkout(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(messageOf(result.status));
    return result;
  });

  registerAction(app, actions.payCartWallet, auth, async (input, ctx) => {
    const payment = { use_wallet: true, card_id: null };
    const result = await checkout.checkout(auth.sessionOf(ctx.request), { ...input, payment }, ctx);
    ctx.setMessage(messageOf(result.status));
    return result;
  });

  registerAction(app, actions.payCartOffline, auth, async (input, ctx) => {
    const payment = { use_wallet: false, card_id: null };
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

  registerAction(app, actions.confirmPayment, auth, async (input, ctx) => {
    const result = await checkout.confirm(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(messageOf(result.status));
    return result;
  });

  registerAction(app, actions.sandboxAuthenticate, auth, async (input, ctx) => {
    if (!sandbox) throw new AppError('NO_ACTION');
    // The invoices the charge is for, as the provider keeps them; each invoice's stream is the judge.
    const invoiceIds = sandbox.chargeById(input.charge_id)?.metadata.invoices?.split(',') ?? [];
    await checkout.assertWaitingCharge(auth.sessionOf(ctx.request), input.charge_id, invoiceIds);
    await sandbox.authenticate(input.charge_id, input.approve);
    return null;
  });
};
