import { actions, type OfferResult, t } from '@wine/contracts';
import { type LotEvent, lotStream } from '@wine/event-schemas';
import { type ActionContext, AppError, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { refuseWithoutCard } from '../carts/cart.ts';
import type { MoneyDeps } from '../checkout/money-deps.ts';
import { commandContext } from '../core/command-context.ts';
import { derivedId } from '../core/derived-id.ts';
import { lotDecider } from '../lots/decide.ts';
import type { ListedLot } from '../lots/lot.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import type { OfferActor, OfferCommand } from './decide.ts';
import type { OfferMail } from './mail.ts';
import { issueOfferInvoice, offerSale } from './sale.ts';

export interface OfferRouteDeps {
  money: MoneyDeps;
  offerMail: OfferMail;
  auth: SessionAuth;
  /** A buyer's offers and counters a minute (20 by default): each one mails the seller. */
  rateLimit?: number;
}

/** A buyer's offers and counters a minute, counted per session before the body is read. */
export const OFFER_RATE_LIMIT = 20;

const HOUR_MS = 3600_000;

/** Where an offer stands after an answer, as the lists name it. */
function resultOf(lot: ListedLot, offerId: string): OfferResult {
  const offer = lot.offers?.[offerId];
  if (!offer) throw new AppError('OFFER_NOT_FOUND');
  const status = offer.status === 'open' ? (offer.turn === 'buyer' ? 'countered' : 'open') : offer.status;
  return { offer_id: offerId, status, invoice_id: offer.invoiceId ?? null };
}

/**
 * Issue 36: offers on the lot's stream. The buyer offers (makeoffer/addToMakeoffer), answers the
 * seller's counter (accept: buynowTemp/addToCartTemp; decline, counter, withdraw:
 * buynowtemp/changeStatusTemp) and a second chance (ttwbidTemp); the seller's side answers with
 * changeOfferStatus and offers a second chance. An acceptance holds the bottles in the same append and
 * then issues the invoice; whoever wrote the events tells the parties by mail.
 */
export const offerRoutes: FastifyPluginAsync<OfferRouteDeps> = async (app, deps) => {
  const { money, offerMail, auth } = deps;
  const { streams, clock } = money;

  // A flood of offers would be a flood of mails to the seller: one budget for a buyer's offers and
  // counters, per session (else per client), counted on arrival.
  const limit = app.rateLimit({
    max: deps.rateLimit ?? OFFER_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request) => request.headers.authorization ?? request.ip,
  });

  const expiry = (now: Date) => new Date(now.getTime() + money.money().offerHours * HOUR_MS);

  async function decide(
    ctx: ActionContext,
    lotId: string,
    command: OfferCommand,
    actor = actorOf(auth.sessionOf(ctx.request)),
  ) {
    const now = clock.now();
    const result = await streams.handle(
      lotStream(lotId),
      lotDecider,
      command,
      commandContext(ctx, actor, now),
    );
    const lot = await streams.load(lotStream(lotId), lotDecider);
    if (lot.status === 'empty') throw new AppError('LOT_NOT_FOUND');
    const written = !result.replayed && result.events.length > 0;
    // The sale an acceptance made: its invoice now (the offers' process issues it if this stops first).
    const accepted = result.events.find(
      (e): e is Extract<LotEvent, { type: 'OfferAccepted' }> => e.type === 'OfferAccepted',
    );
    if (accepted) {
      const step = { base: { commandId: ctx.commandId, correlationId: ctx.commandId }, actor };
      await issueOfferInvoice(money, step, lotId, accepted.data);
    }
    if (written) await offerMail.tell(lotId, result.events);
    return lot;
  }

  /** The seller's side: the lot's seller, or an admin (who answers for the house on any lot). */
  function staffActor(ctx: ActionContext): OfferActor {
    const session = auth.sessionOf(ctx.request);
    return { side: 'seller', id: session.user.id, admin: session.user.roles.includes('admin') };
  }

  registerAction(
    app,
    actions.makeOffer,
    auth,
    async (input, ctx) => {
      const session = auth.sessionOf(ctx.request);
      refuseWithoutCard(session.user.cards.length > 0);
      const now = clock.now();
      const offerId = derivedId('OF', session.user.id, ctx.commandId);
      const lot = await decide(ctx, input.product_id, {
        type: 'MakeOffer',
        offerId,
        buyerId: session.user.id,
        qty: input.qty,
        price: input.price,
        now,
        expiresAt: expiry(now),
        sale: offerSale(input.product_id, offerId, now, money.money().paymentDueDays),
      });
      const result = resultOf(lot, offerId);
      ctx.setMessage(
        t(
          result.status === 'accepted'
            ? 'offers.autoAccepted'
            : result.status === 'declined'
              ? 'offers.autoDeclined'
              : 'offers.made',
        ),
      );
      return result;
    },
    { onRequest: [limit] },
  );

  async function buyerAccepts(ctx: ActionContext, lotId: string, offerId: string) {
    const session = auth.sessionOf(ctx.request);
    const now = clock.now();
    const by: OfferActor = { side: 'buyer', id: session.user.id, admin: false };
    const sale = offerSale(lotId, offerId, now, money.money().paymentDueDays);
    const lot = await decide(ctx, lotId, { type: 'AcceptOffer', offerId, by, now, sale });
    ctx.setMessage(t('offers.acceptedPay'));
    return resultOf(lot, offerId);
  }

  async function buyerDeclines(ctx: ActionContext, lotId: string, offerId: string) {
    const session = auth.sessionOf(ctx.request);
    const now = clock.now();
    const by: OfferActor = { side: 'buyer', id: session.user.id, admin: false };
    const lot = await decide(ctx, lotId, {
      type: 'DeclineOffer',
      offerId,
      by,
      reason: 'other',
      note: '',
      now,
    });
    ctx.setMessage(t('offers.declined'));
    return resultOf(lot, offerId);
  }

  registerAction(app, actions.acceptOfferTemp, auth, (input, ctx) =>
    buyerAccepts(ctx, input.product_id, input.offer_id),
  );
  registerAction(app, actions.bidConfirmTemp, auth, (input, ctx) =>
    buyerAccepts(ctx, input.product_id, input.offer_id),
  );
  registerAction(app, actions.cancelttwbidTemp, auth, (input, ctx) =>
    buyerDeclines(ctx, input.product_id, input.offer_id),
  );

  registerAction(
    app,
    actions.answerOfferTemp,
    auth,
    async (input, ctx) => {
      const session = auth.sessionOf(ctx.request);
      const now = clock.now();
      const { product_id: lotId, offer_id: offerId } = input;
      if (input.status === 'decline') return buyerDeclines(ctx, lotId, offerId);
      if (input.status === 'withdraw') {
        const lot = await decide(ctx, lotId, { type: 'WithdrawOffer', offerId, buyerId: session.user.id });
        ctx.setMessage(t('offers.withdrawn'));
        return resultOf(lot, offerId);
      }
      const by: OfferActor = { side: 'buyer', id: session.user.id, admin: false };
      const lot = await decide(ctx, lotId, {
        type: 'CounterOffer',
        offerId,
        by,
        price: input.price as number,
        qty: input.qty as number,
        now,
        expiresAt: expiry(now),
        maxCounters: money.money().offerCounters,
      });
      ctx.setMessage(t('offers.countered'));
      return resultOf(lot, offerId);
    },
    { onRequest: [limit] },
  );

  registerAction(app, actions.changeOfferStatus, auth, async (input, ctx) => {
    const by = staffActor(ctx);
    const now = clock.now();
    const { product_id: lotId, offer_id: offerId } = input;
    const command: OfferCommand =
      input.status === 'accept'
        ? {
            type: 'AcceptOffer',
            offerId,
            by,
            now,
            sale: offerSale(lotId, offerId, now, money.money().paymentDueDays),
          }
        : input.status === 'decline'
          ? { type: 'DeclineOffer', offerId, by, reason: input.reason ?? 'other', note: input.note, now }
          : {
              type: 'CounterOffer',
              offerId,
              by,
              price: input.price as number,
              qty: input.qty as number,
              now,
              expiresAt: expiry(now),
              maxCounters: money.money().offerCounters,
            };
    const lot = await decide(ctx, lotId, command);
    ctx.setMessage(
      t(
        input.status === 'accept'
          ? 'offers.accepted'
          : input.status === 'decline'
            ? 'offers.declined'
            : 'offers.countered',
      ),
    );
    return resultOf(lot, offerId);
  });

  registerAction(app, actions.offerSecondChance, auth, async (input, ctx) => {
    const by = staffActor(ctx);
    const now = clock.now();
    const offerId = derivedId('SC', input.product_id, ctx.commandId);
    const lot = await decide(ctx, input.product_id, {
      type: 'OfferSecondChance',
      offerId,
      by,
      price: input.price,
      now,
      expiresAt: expiry(now),
    });
    ctx.setMessage(t('offers.secondChance'));
    return resultOf(lot, offerId);
  });
};
