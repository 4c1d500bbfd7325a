import {
  actions,
  checkoutMessages,
  formatMoney,
  type HostedGatewayChoice,
  hostedGatewayPagePath,
  paytmCallbackPath,
  t,
} from '@wine/contracts';
import { AUTO_SUBMIT_SCRIPT_HASH, formFields, postFormPage, registerAction } from '@wine/platform';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { CheckoutService } from './checkout-service.ts';
import type { MoneyDeps } from './money-deps.ts';

export interface HostedRouteDeps {
  checkout: CheckoutService;
  money: MoneyDeps;
  auth: SessionAuth;
}

/** A posted callback is a few hundred bytes of form fields. */
const CALLBACK_BYTES = 16 * 1024;

const gatewayTitles: Record<HostedGatewayChoice, string> = { paytm: 'Paytm', cashfree: 'Cashfree' };

/**
 * seeds 001 §7 "Payments": the hosted gateways' calls (paytm_payment; paymentThird/paytm and
 * paymentThird/cashfree membership-payment, paytm_response and cashfree_response), each served
 * whatever the configuration (a gateway the site does not take is refused with GATEWAY_UNAVAILABLE after
 * the caller's session is checked), and the two browser stops that are not actions: the page that posts
 * the buyer's browser to the gateway's, and Paytm's callback.
 */
export const hostedRoutes: FastifyPluginAsync<HostedRouteDeps> = async (app, { checkout, money, auth }) => {
  registerAction(app, actions.paytmPayment, auth, async (input, ctx) => {
    const { use_wallet, ...order } = input;
    const payment = { use_wallet, card_id: null, paypal: false, element: false, gateway: 'paytm' as const };
    const result = await checkout.checkout(auth.sessionOf(ctx.request), { ...order, payment }, ctx);
    ctx.setMessage(result.status === 'paid' ? checkoutMessages.paid : checkoutMessages.gateway);
    return result;
  });

  const membership = (gateway: HostedGatewayChoice) =>
    registerAction(
      app,
      gateway === 'paytm' ? actions.paytmMembershipPayment : actions.cashfreeMembershipPayment,
      auth,
      async (input, ctx) => {
        const result = await checkout.membershipPayment(auth.sessionOf(ctx.request), gateway, input, ctx);
        ctx.setMessage(checkoutMessages.gateway);
        return result;
      },
    );
  membership('paytm');
  membership('cashfree');

  const response = (gateway: HostedGatewayChoice) =>
    registerAction(
      app,
      gateway === 'paytm' ? actions.paytmResponse : actions.cashfreeResponse,
      auth,
      async (input, ctx) => {
        const { depositAmount, ...result } = await checkout.gatewayResponse(
          auth.sessionOf(ctx.request),
          gateway,
          input,
          ctx,
        );
        ctx.setMessage(
          result.status === 'requires_action'
            ? checkoutMessages.gatewayPending
            : depositAmount
              ? t('checkout.gatewayDepositPaid', { amount: formatMoney(depositAmount) })
              : checkoutMessages.paid,
        );
        return result;
      },
    );
  response('paytm');
  response('cashfree');

  // The buyer's browser enters the gateway's page by a form posted there (Paytm's showPaymentPage takes
  // mid, orderId and txnToken; Cashfree's checkout the payment session). This page posts it: only to the
  // configured gateway's own origin, and runs only its one submitting script.
  for (const gateway of ['paytm', 'cashfree'] as const) {
    app.get(hostedGatewayPagePath(gateway), async (request, reply) => {
      const { to = '', ...fields } = request.query as Record<string, string>;
      const origin = money.hosted?.gateways[gateway]?.pageOrigin;
      let target: URL | null = null;
      try {
        target = new URL(to);
      } catch {
        target = null;
      }
      if (!origin || !target || target.origin !== origin) {
        return reply.code(404).type('text/plain; charset=utf-8').send('No such payment page');
      }
      return sendPostingPage(
        reply,
        origin,
        postFormPage(
          { url: target.toString(), fields },
          { title: gatewayTitles[gateway], button: `Continue to ${gatewayTitles[gateway]}` },
        ),
      );
    });
  }

  // Paytm posts its outcome (a form with CHECKSUMHASH) to the callback URL in the buyer's browser: the
  // browser goes on to the return page with the fields, where the client calls paytm_response, which
  // checks them and asks Paytm. Nothing is written here.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CALLBACK_BYTES },
      (_request, body, done) => done(null, formFields(String(body))),
    );
    scope.post(paytmCallbackPath, { bodyLimit: CALLBACK_BYTES }, async (request, reply) => {
      const query = request.query as Record<string, string>;
      const fields = (request.body ?? {}) as Record<string, string>;
      const back = new URLSearchParams({
        payment_id: query.payment_id ?? '',
        invoice: query.invoice ?? '',
        gateway: 'paytm',
        fields: new URLSearchParams(fields).toString(),
      });
      return reply.code(303).header('location', `/checkout_confirm?${back}`).send();
    });
  });
};

/** The posting page, allowed to post only to the gateway's origin and to run only its submitting script. */
function sendPostingPage(reply: FastifyReply, origin: string, html: string) {
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; script-src '${AUTO_SUBMIT_SCRIPT_HASH}'; form-action ${origin}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
