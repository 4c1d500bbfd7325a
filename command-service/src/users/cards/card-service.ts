import {
  type AddCardInput,
  type CardCaptureContext,
  type CardCustomer,
  type CardList,
  CardProviderInfo,
  type CardRecord,
  type UpdateCardInput,
} from '@wine/contracts';
import { AppError, CardDeclinedError, type CardProvider } from '@wine/platform';
import type { z } from 'zod';
import { eventIdFor } from '../../core/command-handler.ts';
import type { User } from '../user.ts';
import {
  actorOf,
  secretKinds as kinds,
  type RequestContext,
  type Session,
  type UserService,
} from '../user-service.ts';
import { refuseCardOverLimit, refuseUnknownCard } from './decide.ts';
import { openHolds } from './holds.ts';

/** seeds 001 §8: a provider's message is shown cut at the text 'REF'. */
export const cutAtRef = (message: string) => message.split('REF')[0]?.trim() || message;

/** The cards on file as the seeds list them (getCards), the default marked, and a hold on each. */
export function cardList(user: User): CardList {
  const holds = openHolds(user);
  return {
    data: user.cards.map((c) => {
      const hold = holds.find((h) => h.cardId === c.cardId);
      return {
        id: c.cardId,
        brand: c.brand,
        last4: c.last4,
        exp_month: c.expMonth,
        exp_year: c.expYear,
        name_on_card: c.nameOnCard,
        is_default: c.cardId === user.defaultCardId,
        ...(hold && { hold: { id: hold.holdId, amount: hold.amount, expires_at: hold.expiresAt } }),
      };
    }),
    has_more: false,
  };
}

/** A decline from the provider, in its own words up to its reference; anything else as it is. */
const declined = (error: unknown) =>
  error instanceof CardDeclinedError
    ? new AppError('CARD_DECLINED', { text: cutAtRef(error.message) })
    : error;

/**
 * The cards on file (DOMAIN.md "Money"): the browser gave the number to the provider and sends us
 * the provider's single-use token (issue 35 §1); the card's lasting token goes to the secret store,
 * and the log gets brand, last four and expiry.
 */
export function cardService(users: UserService) {
  const { clock, secrets, run, loadUser } = users;
  const provider = users.cards;

  return {
    /** How the browser tokenises a card with the configured provider. */
    tokenisation(): CardProviderInfo {
      const { url, publishableKey } = provider.tokenisation;
      return {
        name: CardProviderInfo.shape.name.parse(provider.name),
        tokens_url: url,
        publishable_key: publishableKey,
        new_card_payments: provider.startBrowserCharge !== undefined,
      };
    },

    /**
     * A capture context for one card form on the site's origin (CyberSource's Flex): asked of the
     * provider each time, so a form left open past its 15 minutes gets a fresh one when sent.
     */
    async captureContext(origin: string): Promise<CardCaptureContext> {
      if (!provider.captureContext) throw new AppError('CARD_PROVIDER_NO_CONTEXT');
      try {
        return { capture_context: await provider.captureContext(origin) };
      } catch {
        throw new AppError('CARDS_UNAVAILABLE');
      }
    },

    list(session: Session): CardList {
      try {
        return cardList(session.user);
      } catch {
        throw new AppError('CARDS_UNAVAILABLE');
      }
    },

    /** One of the caller's cards (seeds 001 §7 source/retrieve); any other id is CARD_NOT_FOUND. */
    one(session: Session, cardId: string): CardRecord {
      refuseUnknownCard(session.user, cardId);
      return cardList(session.user).data.find((c) => c.id === cardId) as CardRecord;
    },

    /**
     * The caller as the provider's customer (seeds 001 §7 customer/create, addCustomer): the provider's
     * customer is made with each card saved (add), on the server, so nothing is asked of it here.
     */
    customer(session: Session): CardCustomer {
      const { user } = session;
      return {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        default_source: user.defaultCardId,
        sources: cardList(user),
      };
    },

    async add(session: Session, input: z.output<typeof AddCardInput>, request: RequestContext) {
      const userId = session.user.id;
      const cardId = eventIdFor(request.commandId, 'card', 0);
      if (session.user.cards.some((c) => c.cardId === cardId)) return cardList(session.user);
      refuseCardOverLimit(session.user);
      let created: Awaited<ReturnType<CardProvider['createCard']>>;
      try {
        created = await provider.createCard(
          {
            token: input.card_token,
            nameOnCard: input.name_on_card,
            zip: input.zip,
            reference: cardId,
            owner: userId,
          },
          clock.now(),
        );
      } catch (error) {
        throw declined(error);
      }
      await secrets.put(kinds.cardToken, cardId, created.token);
      try {
        const card = {
          cardId,
          provider: provider.name,
          brand: created.brand,
          last4: created.last4,
          expMonth: created.expMonth,
          expYear: created.expYear,
          nameOnCard: input.name_on_card,
        };
        await run(userId, { type: 'AddCard', card }, request, actorOf(session));
      } catch (error) {
        // Nothing was recorded: take the card back from the provider so no orphan stays there.
        await provider.deleteCard(created.token);
        await secrets.delete(kinds.cardToken, cardId);
        throw error;
      }
      return cardList(await loadUser(userId));
    },

    async update(session: Session, input: z.output<typeof UpdateCardInput>, request: RequestContext) {
      refuseUnknownCard(session.user, input.id);
      const token = await secrets.get<string>(kinds.cardToken, input.id);
      if (token) {
        try {
          await provider.updateCard(
            token,
            { expMonth: input.exp_month, expYear: input.exp_year, nameOnCard: input.name_on_card },
            clock.now(),
          );
        } catch (error) {
          throw declined(error);
        }
      }
      const change = {
        cardId: input.id,
        expMonth: input.exp_month,
        expYear: input.exp_year,
        nameOnCard: input.name_on_card,
      };
      await run(session.user.id, { type: 'UpdateCard', change }, request, actorOf(session));
      return cardList(await loadUser(session.user.id));
    },

    async remove(session: Session, cardId: string, request: RequestContext) {
      const held = openHolds(session.user).filter((hold) => hold.cardId === cardId);
      await run(session.user.id, { type: 'RemoveCard', cardId }, request, actorOf(session));
      // Its holds were released with it: given back to the card (else they lapse at the provider).
      for (const hold of held) await provider.cancelCharge(hold.chargeId);
      const token = await secrets.take<string>(kinds.cardToken, cardId);
      if (token) await provider.deleteCard(token);
      return cardList(await loadUser(session.user.id));
    },

    async setDefault(session: Session, cardId: string, request: RequestContext) {
      await run(session.user.id, { type: 'SetDefaultCard', cardId }, request, actorOf(session));
      return cardList(await loadUser(session.user.id));
    },
  };
}

export type CardService = ReturnType<typeof cardService>;
