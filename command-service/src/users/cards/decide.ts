import type { UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { UserHandlers, UserSlice } from '../handlers.ts';
import type { User } from '../user.ts';

/** The card vault part of the user decider: the log keeps brand, last four and expiry, never the number. */
export type CardCommand =
  | { type: 'AddCard'; card: Extract<UserEvent, { type: 'CardAdded' }>['data'] }
  | { type: 'UpdateCard'; change: Extract<UserEvent, { type: 'CardUpdated' }>['data'] }
  | { type: 'RemoveCard'; cardId: string }
  | { type: 'SetDefaultCard'; cardId: string }
  /** Issue 35 §2: the house switched to `provider`; cards kept with another cannot be charged. */
  | { type: 'DropCardsOfOtherProviders'; provider: string };

export const MAX_CARDS = 10;

/**
 * Refuses an eleventh card. The card service asks this before the provider sees the number, and the
 * decider again when the card is recorded.
 */
export function refuseCardOverLimit(state: User): void {
  if (state.cards.length >= MAX_CARDS) throw new AppError('TOO_MANY_CARDS');
}

/** Refuses a card that is not on file (asked before the provider is told of a change, and when it is recorded). */
export function refuseUnknownCard(state: User, cardId: string): void {
  if (!state.cards.some((c) => c.cardId === cardId)) throw new AppError('CARD_NOT_FOUND');
}

export function decideCard(command: CardCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'AddCard': {
      refuseCardOverLimit(state);
      const added: UserEvent = { type: 'CardAdded', data: command.card };
      // The first card on file becomes the default.
      return state.defaultCardId
        ? [added]
        : [added, { type: 'DefaultCardChanged', data: { cardId: command.card.cardId } }];
    }
    case 'UpdateCard':
      refuseUnknownCard(state, command.change.cardId);
      return [{ type: 'CardUpdated', data: command.change }];
    case 'RemoveCard': {
      refuseUnknownCard(state, command.cardId);
      // A hold on the card goes with it (the card service gives it back to the card).
      const released: UserEvent[] = Object.values(state.holds)
        .filter((hold) => hold.cardId === command.cardId)
        .map((hold) => ({ type: 'CardHoldReleased', data: { holdId: hold.holdId, reason: 'card_removed' } }));
      const removed: UserEvent[] = [...released, { type: 'CardRemoved', data: { cardId: command.cardId } }];
      if (state.defaultCardId !== command.cardId) return removed;
      // Removing the default hands it to the oldest remaining card, or to none.
      const next = state.cards.find((c) => c.cardId !== command.cardId)?.cardId ?? null;
      return [...removed, { type: 'DefaultCardChanged', data: { cardId: next } }];
    }
    case 'DropCardsOfOtherProviders': {
      const dropped = state.cards.filter((c) => c.provider !== command.provider).map((c) => c.cardId);
      return dropped.length === 0
        ? []
        : [
            {
              type: 'StoredCardsDropped',
              data: { provider: command.provider, cardIds: dropped.slice(0, 20) },
            },
          ];
    }
    case 'SetDefaultCard':
      refuseUnknownCard(state, command.cardId);
      return state.defaultCardId === command.cardId
        ? []
        : [{ type: 'DefaultCardChanged', data: { cardId: command.cardId } }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const cardHandlers: UserHandlers<CardCommand> = {
  AddCard: decideCard,
  UpdateCard: decideCard,
  RemoveCard: decideCard,
  SetDefaultCard: decideCard,
  DropCardsOfOtherProviders: decideCard,
};

export type Card = Omit<Extract<UserEvent, { type: 'CardAdded' }>['data'], 'provider'> & { provider: string };

/** Cards on file as the provider knows them (brand, last four, expiry, token: never a number). */
export interface CardsState {
  cards: Card[];
  defaultCardId: string | null;
}

export const cardsSlice: UserSlice<
  CardsState,
  'CardAdded' | 'CardUpdated' | 'CardRemoved' | 'DefaultCardChanged' | 'StoredCardsDropped',
  { popupMessage: 0 | 1 }
> = {
  initial: { cards: [], defaultCardId: null },
  evolve: {
    CardAdded: (state, event) => ({ ...state, cards: [...state.cards, event.data] }),
    CardUpdated: (state, event) => {
      const { cardId, ...change } = event.data;
      return { ...state, cards: state.cards.map((c) => (c.cardId === cardId ? { ...c, ...change } : c)) };
    },
    CardRemoved: (state, event) => ({
      ...state,
      cards: state.cards.filter((c) => c.cardId !== event.data.cardId),
    }),
    DefaultCardChanged: (state, event) => ({ ...state, defaultCardId: event.data.cardId }),
    // The cards kept with the previous provider go; the welcome popup asks for them again.
    StoredCardsDropped: (state, event) => {
      const cards = state.cards.filter((c) => !event.data.cardIds.includes(c.cardId));
      const keepsDefault = cards.some((c) => c.cardId === state.defaultCardId);
      return {
        ...state,
        cards,
        defaultCardId: keepsDefault ? state.defaultCardId : (cards[0]?.cardId ?? null),
        popupMessage: 1,
      };
    },
  },
};
