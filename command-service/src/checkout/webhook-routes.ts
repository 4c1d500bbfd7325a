import { cardWebhookPath, gatewayWebhookPath, payPalWebhookPath } from '@wine/contracts';
import {
  AppError,
  type CardProvider,
  HOSTED_ORDER_ID,
  type HostedGateway,
  HostedGatewayRefusedError,
  HostedGatewayUnavailableError,
  HostedReturnSignatureError,
  type Logger,
  PayPalUnavailableError,
  PayPalWebhookSignatureError,
  registerSignedWebhook,
  type WebhookHeaders,
  WebhookSignatureError,
} from '@wine/platform';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { settleNotifiedOrder } from './hosted.ts';
import type { MoneyDeps } from './money-deps.ts';
import type { PayPalMoney } from './paypal-payments.ts';
import { applyPayPalEvent, applyProviderEvent } from './provider-events.ts';

export interface WebhookRouteDeps {
  money: MoneyDeps;
  logger: Logger;
}

const reply400 = (message: string) => ({ status: 'error', message });

/**
 * The card provider's webhook endpoint (issue 35 §1), when the provider sends events: no session, the
 * signature is the caller's proof, so a request without one is refused before its body is read, and
 * one whose signature does not match (or is too old) is refused and acts on nothing. The raw bytes are
 * what is signed, so this route reads its body as a buffer, up to platform's MAX_WEBHOOK_BYTES. A verified event
 * is applied once (provider-events.ts) and answered 200 — also when the product does not follow it —
 * so the provider stops sending it; a failure to apply answers 500 and the provider sends it again.
 * PayPal's endpoint, when the site takes PayPal, works the same way (payPalWebhook).
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRouteDeps> = async (app, { money, logger }) => {
  if (money.paypal) await payPalWebhook(app, money, money.paypal, logger);
  for (const gateway of Object.values(money.hosted?.gateways ?? {})) {
    if (gateway) await hostedGatewayWebhook(app, money, gateway, logger);
  }
  const provider: CardProvider = money.cards;
  if (provider.name !== 'stripe' || !provider.readEvent) return;
  const readEvent = provider.readEvent.bind(provider);
  await registerSignedWebhook(app, {
    path: cardWebhookPath('stripe'),
    signatureOf: (request) => {
      const signature = request.headers['stripe-signature'];
      return typeof signature === 'string' && signature !== '' ? signature : undefined;
    },
    async handle(body, signature, reply) {
      let event: ReturnType<typeof readEvent>;
      try {
        event = readEvent(body, signature);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        logger.warn(
          { provider: provider.name, reason: error.message },
          'a webhook with a bad signature was refused',
        );
        return reply.code(400).send(reply400('Bad signature'));
      }
      if (!event) return reply.code(200).send({ status: 'ignored' });
      const effect = await applyProviderEvent(money, event);
      logger.info(
        { provider: provider.name, eventId: event.id, outcome: event.outcome, effect },
        'card provider event',
      );
      return reply.code(200).send({ status: effect });
    },
  });
};

/** The headers PayPal signs a delivery with (developer.paypal.com "Integrate webhooks"). */
const transmissionHeaders = [
  'paypal-transmission-id',
  'paypal-transmission-time',
  'paypal-transmission-sig',
  'paypal-cert-url',
  'paypal-auth-algo',
] as const;

/**
 * PayPal's signature is five headers, not one: the shared endpoint hands on one string, so they travel
 * together as JSON (what PayPal's reader takes as headers). Absent without PayPal's signature header.
 */
function payPalSignatureOf(request: FastifyRequest): string | undefined {
  const signature = request.headers['paypal-transmission-sig'];
  if (typeof signature !== 'string' || signature === '') return undefined;
  const headers: Record<string, string> = {};
  for (const name of transmissionHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return JSON.stringify(headers);
}

/**
 * PayPal's webhook endpoint (seeds 001 paymentThird area; PAYMENT.CAPTURE.COMPLETED, .DENIED,
 * .REFUNDED, disputes): verified by PayPal's certificate (the gateway's readEvent), refused 400 when
 * it does not verify and acting on nothing; 503 when PayPal's certificate or the capture could not be
 * read (PayPal delivers it again later); otherwise applied once (provider-events.ts) and answered 200.
 */
async function payPalWebhook(app: FastifyInstance, money: MoneyDeps, paypal: PayPalMoney, logger: Logger) {
  const { gateway } = paypal;
  await registerSignedWebhook(app, {
    path: payPalWebhookPath,
    signatureOf: payPalSignatureOf,
    async handle(body, signature, reply) {
      let event: Awaited<ReturnType<typeof gateway.readEvent>>;
      try {
        event = await gateway.readEvent(JSON.parse(signature) as WebhookHeaders, body);
      } catch (error) {
        if (error instanceof PayPalWebhookSignatureError) {
          logger.warn({ gateway: gateway.name, reason: error.message }, 'a PayPal webhook was refused');
          return reply.code(400).send(reply400('Bad signature'));
        }
        if (error instanceof PayPalUnavailableError) {
          logger.warn({ gateway: gateway.name, reason: error.message }, 'a PayPal webhook could not be read');
          return reply.code(503).send(reply400('Try again later'));
        }
        throw error;
      }
      if (!event) return reply.code(200).send({ status: 'ignored' });
      const effect = await applyPayPalEvent(money, paypal, event);
      logger.info(
        { gateway: gateway.name, eventId: event.id, type: event.type, outcome: event.outcome, effect },
        'PayPal event',
      );
      return reply.code(200).send({ status: effect });
    },
  });
}

/**
 * A hosted gateway's webhook endpoint (Paytm's payment status webhook, Cashfree's payment webhooks),
 * where the site takes the gateway: a buyer who paid and never came back is recorded when the gateway
 * says so, not at the reconciliation's next round. The notification must be the gateway's (its
 * signature: 400 and nothing done otherwise); then the order it names is settled by the gateway's status
 * API exactly as the buyer's return settles it (hosted.ts), so the webhook, a retried one, the return
 * and the reconciliation arriving together record the payment once. 503 when the gateway's status API
 * did not answer (the gateway sends it again; the reconciliation also asks later); 200 for an order
 * that is not ours or another amount than the payment's (logged: sending it again would change nothing).
 */
async function hostedGatewayWebhook(
  app: FastifyInstance,
  money: MoneyDeps,
  gateway: HostedGateway,
  logger: Logger,
) {
  await registerSignedWebhook(app, {
    path: gatewayWebhookPath(gateway.name),
    signatureOf: (request) => (gateway.signsNotification(request.headers) ? gateway.name : undefined),
    async handle(body, _signature, reply) {
      let orderId: string;
      try {
        ({ orderId } = gateway.readNotification({ body, headers: reply.request.headers }));
      } catch (error) {
        if (!(error instanceof HostedReturnSignatureError)) throw error;
        logger.warn({ gateway: gateway.name, reason: error.message }, 'a gateway webhook was refused');
        return reply.code(400).send(reply400('Bad signature'));
      }
      if (!HOSTED_ORDER_ID.test(orderId)) return reply.code(200).send({ status: 'ignored' });
      try {
        const outcome = await settleNotifiedOrder(money, gateway.name, orderId);
        logger.info({ gateway: gateway.name, orderId, outcome: outcome.status }, 'gateway webhook');
        return reply.code(200).send({ status: outcome.status });
      } catch (error) {
        if (error instanceof HostedGatewayUnavailableError) {
          logger.warn(
            { gateway: gateway.name, orderId, reason: error.message },
            'a gateway webhook could not be settled',
          );
          return reply.code(503).send(reply400('Try again later'));
        }
        if (
          error instanceof HostedGatewayRefusedError ||
          (error instanceof AppError && ['PAYMENT_NOT_FOUND', 'GATEWAY_AMOUNT_MISMATCH'].includes(error.code))
        ) {
          logger.warn(
            { gateway: gateway.name, orderId, reason: error.message },
            'a gateway webhook settled nothing',
          );
          return reply.code(200).send({ status: 'ignored' });
        }
        throw error;
      }
    },
  });
}
