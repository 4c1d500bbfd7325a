import { CardDetails, SANDBOX_VAULT_PATH } from '@wine/contracts';
import { CardDeclinedError, type CardProvider, type Clock, type SandboxCardProvider } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';

export interface VaultRouteDeps {
  cards: CardProvider;
  clock: Clock;
  /** Cards tokenised per minute per client (card testing). */
  rateLimit: number;
}

const isSandbox = (cards: CardProvider): cards is SandboxCardProvider =>
  cards.name === 'sandbox' && 'tokenize' in cards;

/**
 * The sandbox's card vault, as a provider's tokenisation endpoint is (Stripe's PaymentMethods): the
 * browser posts the card here, never to the product's actions, and gets a single-use token for it
 * (issue 35 §1). It is the embedded test network's own door: it answers in the provider's shape
 * (`{ token }` or `{ error: { message } }`), keeps nothing but the sandbox's memory, and is served only
 * while the sandbox is the provider. Rate-limited per client, as card testing would flood it.
 */
export const vaultRoutes: FastifyPluginAsync<VaultRouteDeps> = async (app, { cards, clock, rateLimit }) => {
  if (!isSandbox(cards)) return;
  app.post(
    SANDBOX_VAULT_PATH,
    { bodyLimit: 4096, config: { rateLimit: { max: rateLimit * 3, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const parsed = CardDetails.safeParse(request.body);
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        return reply
          .code(400)
          .send({ error: { message: issue?.message ?? 'Invalid card', param: issue?.path.join('.') } });
      }
      const card = parsed.data;
      try {
        const token = await cards.tokenize(
          {
            number: card.card_number,
            expMonth: card.exp_month,
            expYear: card.exp_year,
            cvc: card.cvv,
            nameOnCard: card.name_on_card,
            zip: card.zip,
          },
          clock.now(),
        );
        return reply.code(200).send({ token });
      } catch (error) {
        if (!(error instanceof CardDeclinedError)) throw error;
        return reply.code(402).send({ error: { message: error.message } });
      }
    },
  );
};
