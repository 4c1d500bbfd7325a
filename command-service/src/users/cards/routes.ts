import { actions, cardMessages, success, successEnvelopeOf } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { accountRateLimits } from '../rate-limits.ts';
import type { SessionAuth } from '../session/session-auth.ts';
import type { CardService } from './card-service.ts';

export interface CardRouteDeps {
  cards: CardService;
  auth: SessionAuth;
  /** Cards added per minute per client and session (card testing). */
  rateLimit: number;
  /** The site's address: the card form's origin, which a capture context names. */
  publicUrl: () => string;
}

/**
 * seeds 001 §8: the cards on file (getCards, getCard, addCard, updateCard, deleteCard, defaultCard), and
 * the caller as the provider's customer (cardCustomer).
 */
export const cardRoutes: FastifyPluginAsync<CardRouteDeps> = async (
  app,
  { cards, auth, rateLimit, publicUrl },
) => {
  // The seeds' paths of the configured provider's area serve the same calls (issue 35 §2).
  const provider = cards.tokenisation().name;
  // Cards added per session, one budget across every path that adds one (card testing).
  const addLimit = { preHandler: app.rateLimit(accountRateLimits(rateLimit).perSession) };
  registerAction(
    app,
    actions.getCards,
    auth,
    async (_input, ctx) => cards.list(auth.sessionOf(ctx.request)),
    {},
    provider,
  );
  // seeds 001 §7 "GET getSkyflowCredit": the same list read with a GET (no body), as the invoice PDF's
  // GET is served: the session is checked first (onRequest, before anything is read), and the answer is
  // the action's envelope, through its output schema.
  app.get(
    actions.getCards.path,
    {
      onRequest: (request) => auth.authorize(request, actions.getCards),
      schema: { response: { 200: successEnvelopeOf(actions.getCards.output) } },
    },
    async (request) => success(await cards.list(auth.sessionOf(request))),
  );
  registerAction(
    app,
    actions.getCard,
    auth,
    async (input, ctx) => cards.one(auth.sessionOf(ctx.request), input.id),
    {},
    provider,
  );
  registerAction(
    app,
    actions.cardCustomer,
    auth,
    async (_input, ctx) => cards.customer(auth.sessionOf(ctx.request)),
    {},
    provider,
  );
  registerAction(app, actions.cardProvider, auth, async () => cards.tokenisation());
  // One capture context per card form sent: limited as adding cards is (each asks the provider).
  registerAction(
    app,
    actions.cardCaptureContext,
    auth,
    async () => cards.captureContext(new URL(publicUrl()).origin),
    accountRateLimits(rateLimit).bySession,
    provider,
  );
  registerAction(
    app,
    actions.addCard,
    auth,
    async (input, ctx) => {
      const list = await cards.add(auth.sessionOf(ctx.request), input, ctx);
      ctx.setMessage(cardMessages.added);
      return list;
    },
    addLimit,
    provider,
  );
  registerAction(
    app,
    actions.updateCard,
    auth,
    async (input, ctx) => {
      const list = await cards.update(auth.sessionOf(ctx.request), input, ctx);
      ctx.setMessage(cardMessages.updated);
      return list;
    },
    {},
    provider,
  );
  registerAction(
    app,
    actions.deleteCard,
    auth,
    async (input, ctx) => {
      const list = await cards.remove(auth.sessionOf(ctx.request), input.id, ctx);
      ctx.setMessage(cardMessages.removed);
      return list;
    },
    {},
    provider,
  );
  registerAction(
    app,
    actions.defaultCard,
    auth,
    async (input, ctx) => {
      const list = await cards.setDefault(auth.sessionOf(ctx.request), input.id, ctx);
      ctx.setMessage(cardMessages.defaultSet);
      return list;
    },
    {},
    provider,
  );
};
