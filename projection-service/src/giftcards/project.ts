import type { GiftCardEvent } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const GIFT_CARDS = 'gift_cards';

/** A gift card as staff see it: its id, last four, amount and whether (and by whom) it was redeemed. */
export interface GiftCardDocument {
  /** The hash of its code (the stream's key); the code itself is nowhere. */
  _id: string;
  [key: string]: unknown;
  gift_card_id: string;
  last4: string;
  amount: number;
  issued_at: string;
  redeemed_by: string | null;
  redeemed_at: string | null;
  _position: string;
}

/** The gift cards read model (DOMAIN.md "Money": an unredeemed balance is a liability). */
export const giftCardsProjection = defineProjection<GiftCardEvent>({
  name: 'giftcards',
  collections: [GIFT_CARDS],
  handles: ['GiftCardIssued', 'GiftCardRedeemed'],
  indexes: { [GIFT_CARDS]: [{ key: { issued_at: -1 }, name: 'issued' }] },
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('giftcard-')) return [];
    const _id = event.streamName.slice('giftcard-'.length);
    switch (event.type) {
      case 'GiftCardIssued':
        return [
          {
            collection: GIFT_CARDS,
            operation: {
              updateOne: {
                filter: { _id },
                update: {
                  $setOnInsert: {
                    gift_card_id: event.data.giftCardId,
                    last4: event.data.last4,
                    amount: event.data.amount,
                    issued_at: event.metadata.occurredAt,
                    redeemed_by: null,
                    redeemed_at: null,
                    _position: START,
                  },
                },
                upsert: true,
              },
            },
          },
          guardedUpdate(GIFT_CARDS, _id, event, { $set: { amount: event.data.amount } }),
        ];
      case 'GiftCardRedeemed':
        return [
          guardedUpdate(GIFT_CARDS, _id, event, {
            $set: { redeemed_by: event.data.userId, redeemed_at: event.metadata.occurredAt },
          }),
        ];
      default:
        return [];
    }
  },
});
