import type { UserEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../../core/decider.ts';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { registered } from '../fixtures.ts';
import { openHolds } from './holds.ts';

const spec = deciderSpec(userDecider);

const card = (cardId: string): UserEvent => ({
  type: 'CardAdded',
  data: {
    cardId,
    provider: 'sandbox',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    nameOnCard: 'Ada',
  },
});
const hold = (holdId: string, cardId = 'c1', amount = 12_000) => ({
  holdId,
  cardId,
  provider: 'sandbox',
  amount,
  chargeId: `ch_${holdId}`,
  invoiceIds: ['A-1', 'A-2'],
  expiresAt: '2026-12-08T12:00:00.000Z',
});
const placed = (holdId: string, cardId = 'c1'): UserEvent => ({
  type: 'CardHoldPlaced',
  data: hold(holdId, cardId),
});
const withCards: UserEvent[] = [
  registered,
  card('c1'),
  { type: 'DefaultCardChanged', data: { cardId: 'c1' } },
  card('c2'),
];

describe('user decider: holds on cards (payment/authorize)', () => {
  it('places a hold on a card on file, one at a time', () => {
    spec(withCards)
      .when({ type: 'PlaceCardHold', hold: hold('H-1') })
      .then([placed('H-1')]);
    spec([registered])
      .when({ type: 'PlaceCardHold', hold: hold('H-1') })
      .thenThrows({ code: 'CARD_NOT_FOUND' });
    // Another hold is open (placed at the same time by another request): this one is refused.
    spec([...withCards, placed('H-1')])
      .when({ type: 'PlaceCardHold', hold: hold('H-2', 'c2') })
      .thenThrows({ code: 'CARD_HOLD_OPEN' });
    // Once the first was given back, the next is placed.
    spec([
      ...withCards,
      placed('H-1'),
      { type: 'CardHoldReleased', data: { holdId: 'H-1', reason: 'replaced' } },
    ])
      .when({ type: 'PlaceCardHold', hold: hold('H-2', 'c2') })
      .then([placed('H-2', 'c2')]);
  });

  it('takes a hold once, never for more than it holds, and releases only an open one', () => {
    const open = [...withCards, placed('H-1')];
    spec(open)
      .when({ type: 'CaptureCardHold', holdId: 'H-1', amount: 12_000, paymentId: 'P-1' })
      .then([{ type: 'CardHoldCaptured', data: { holdId: 'H-1', amount: 12_000, paymentId: 'P-1' } }]);
    spec(open)
      .when({ type: 'CaptureCardHold', holdId: 'H-1', amount: 12_001, paymentId: 'P-1' })
      .thenThrows({ code: 'CARD_HOLD_NOT_FOUND' });
    const taken: UserEvent = {
      type: 'CardHoldCaptured',
      data: { holdId: 'H-1', amount: 9_000, paymentId: 'P-1' },
    };
    spec([...open, taken])
      .when({ type: 'CaptureCardHold', holdId: 'H-1', amount: 9_000, paymentId: 'P-2' })
      .thenThrows({ code: 'CARD_HOLD_NOT_FOUND' });
    spec([...open, taken])
      .when({ type: 'ReleaseCardHold', holdId: 'H-1', reason: 'released' })
      .thenThrows({ code: 'CARD_HOLD_NOT_FOUND' });
    spec(open)
      .when({ type: 'ReleaseCardHold', holdId: 'H-1', reason: 'released' })
      .then([{ type: 'CardHoldReleased', data: { holdId: 'H-1', reason: 'released' } }]);
    expect(openHolds(fold(userDecider, [...open, taken]))).toEqual([]);
    expect(openHolds(fold(userDecider, open))).toEqual([hold('H-1')]);
  });

  it('gives a hold back with the card it is on', () => {
    spec([...withCards, placed('H-1', 'c2')])
      .when({ type: 'RemoveCard', cardId: 'c2' })
      .then([
        { type: 'CardHoldReleased', data: { holdId: 'H-1', reason: 'card_removed' } },
        { type: 'CardRemoved', data: { cardId: 'c2' } },
      ]);
    // Another card's removal leaves the hold where it is.
    spec([...withCards, placed('H-1', 'c2')])
      .when({ type: 'RemoveCard', cardId: 'c1' })
      .then([
        { type: 'CardRemoved', data: { cardId: 'c1' } },
        { type: 'DefaultCardChanged', data: { cardId: 'c2' } },
      ]);
  });
});
