import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { GIFT_CARDS, type GiftCardDocument, giftCardsProjection } from './project.ts';

describe('the gift cards read model', () => {
  it('keeps each card under its code hash, with its last four and amount, and who redeemed it when', async () => {
    const record = eventRecorder();
    const events = [
      record('giftcard-h1', 'GiftCardIssued', { giftCardId: 'gc-1', last4: '1111', amount: 5_000 }),
      record('giftcard-h2', 'GiftCardIssued', { giftCardId: 'gc-2', last4: '2222', amount: 10_000 }),
      record('giftcard-h1', 'GiftCardRedeemed', { userId: 'ann', amount: 5_000 }),
    ];
    const docs = await applyEvents([giftCardsProjection], events);
    const cards = await docs.collection<GiftCardDocument>(GIFT_CARDS).find({}, { sort: { _id: 1 } });
    expect(cards).toEqual([
      {
        _id: 'h1',
        gift_card_id: 'gc-1',
        last4: '1111',
        amount: 5_000,
        issued_at: events[0]?.metadata.occurredAt,
        redeemed_by: 'ann',
        redeemed_at: events[2]?.metadata.occurredAt,
        _position: events[2]?.position,
      },
      {
        _id: 'h2',
        gift_card_id: 'gc-2',
        last4: '2222',
        amount: 10_000,
        issued_at: events[1]?.metadata.occurredAt,
        redeemed_by: null,
        redeemed_at: null,
        _position: events[1]?.position,
      },
    ]);
  });

  it('is idempotent: a redelivered issue does not undo a redemption', async () => {
    const record = eventRecorder();
    const events = [
      record('giftcard-h3', 'GiftCardIssued', { giftCardId: 'gc-3', last4: '3333', amount: 2_500 }),
      record('giftcard-h3', 'GiftCardRedeemed', { userId: 'bob', amount: 2_500 }),
    ];
    const docs = await applyEvents([giftCardsProjection], events);
    await applyEvents([giftCardsProjection], events, docs);
    const cards = await docs.collection<GiftCardDocument>(GIFT_CARDS).find({});
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ amount: 2_500, redeemed_by: 'bob', _position: events[1]?.position });
  });
});
