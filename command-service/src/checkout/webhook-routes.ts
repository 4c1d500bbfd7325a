import { cardWebhookPath } from '@wine/contracts';
import { type CardProvider, type Logger, registerSignedWebhook, WebhookSignatureError } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { MoneyDeps } from './money-deps.ts';
import { applyProviderEvent } from './provider-events.ts';

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
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRouteDeps> = async (app, { money, logger }) => {
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
