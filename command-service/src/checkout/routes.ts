import { actions, checkoutMessages } from '@wine/contracts';
import { AppError, registerAction, type SandboxCardProvider } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { CheckoutService } from './checkout-service.ts';

export interface CheckoutRouteDeps {
  checkout: CheckoutService;
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
  { checkout, auth, sandbox },
) => {
  registerAction(app, actions.saveAddress, auth, async (input, ctx) =>
    checkout.quote(auth.sessionOf(ctx.request), input),
  );

  registerAction(app, actions.checkout, auth, async (input, ctx) => {
    const result = await checkout.checkout(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(messageOf(result.status));
    return result;
  });

  registerAction(app, actions.confirmPayment, auth, async (input, ctx) => {
    const result = await checkout.confirm(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(messageOf(result.status));
    return result;
  });

  registerAction(app, actions.sandboxAuthenticate, auth, async (input) => {
    if (!sandbox) throw new AppError('NO_ACTION');
    await sandbox.authenticate(input.charge_id, input.approve);
    return null;
  });
};
