import type { GiftCardEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

/** A gift card (`giftcard-<hash of its code>`): issued once, redeemed once. */
export type GiftCard =
  | { status: 'none' }
  | { status: 'issued'; amount: number; giftCardId: string }
  | { status: 'redeemed'; amount: number; giftCardId: string; userId: string };

export type GiftCardCommand =
  | { type: 'IssueGiftCard'; giftCardId: string; last4: string; amount: number }
  | { type: 'RedeemGiftCard'; userId: string };

export function evolveGiftCard(state: GiftCard, event: GiftCardEvent): GiftCard {
  switch (event.type) {
    case 'GiftCardIssued':
      return { status: 'issued', amount: event.data.amount, giftCardId: event.data.giftCardId };
    case 'GiftCardRedeemed':
      return state.status === 'none' ? state : { ...state, status: 'redeemed', userId: event.data.userId };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export function decideGiftCard(command: GiftCardCommand, state: GiftCard): GiftCardEvent[] {
  switch (command.type) {
    case 'IssueGiftCard':
      // Codes come from a keyed hash of the request: the same issue retried meets its own cards.
      if (state.status !== 'none') return [];
      return [
        {
          type: 'GiftCardIssued',
          data: { giftCardId: command.giftCardId, last4: command.last4, amount: command.amount },
        },
      ];
    case 'RedeemGiftCard':
      if (state.status === 'none') throw new AppError('GIFT_CARD_UNKNOWN');
      if (state.status === 'redeemed') throw new AppError('GIFT_CARD_REDEEMED');
      return [{ type: 'GiftCardRedeemed', data: { userId: command.userId, amount: state.amount } }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const giftCardDecider: Decider<GiftCardCommand, GiftCardEvent, GiftCard> = {
  decide: decideGiftCard,
  evolve: evolveGiftCard,
  initialState: () => ({ status: 'none' }),
};
