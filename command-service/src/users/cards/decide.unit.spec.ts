import type { UserEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../../core/decider.ts';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { registered } from '../fixtures.ts';

const spec = deciderSpec(userDecider);

describe('user decider: cards', () => {
  it('keeps cards: the first becomes the default, removing the default hands it on, at most ten', () => {
    const card = (n: number) => ({
      cardId: `c${n}`,
      provider: 'sandbox',
      brand: 'visa' as const,
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      nameOnCard: 'Ada',
    });
    const added = (n: number): UserEvent => ({ type: 'CardAdded', data: card(n) });
    const defaulted = (id: string | null): UserEvent => ({
      type: 'DefaultCardChanged',
      data: { cardId: id },
    });
    spec([registered])
      .when({ type: 'AddCard', card: card(1) })
      .then([added(1), defaulted('c1')]);
    spec([registered, added(1), defaulted('c1')])
      .when({ type: 'AddCard', card: card(2) })
      .then([added(2)]);
    spec([registered, added(1), defaulted('c1'), added(2)])
      .when({ type: 'RemoveCard', cardId: 'c1' })
      .then([{ type: 'CardRemoved', data: { cardId: 'c1' } }, defaulted('c2')]);
    spec([registered, added(1), defaulted('c1')])
      .when({ type: 'RemoveCard', cardId: 'c1' })
      .then([{ type: 'CardRemoved', data: { cardId: 'c1' } }, defaulted(null)]);
    spec([registered]).when({ type: 'SetDefaultCard', cardId: 'c9' }).thenThrows({ code: 'CARD_NOT_FOUND' });
    const ten = Array.from({ length: 10 }, (_, i) => added(i));
    spec([registered, ...ten])
      .when({ type: 'AddCard', card: card(11) })
      .thenThrows({ code: 'TOO_MANY_CARDS' });
  });

  it('updates the expiry and name of a card on file only', () => {
    const card = {
      cardId: 'c1',
      provider: 'sandbox',
      brand: 'visa' as const,
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      nameOnCard: 'Ada',
    };
    const change = { cardId: 'c1', expMonth: 3, expYear: 2031, nameOnCard: 'Ada Lovelace' };
    spec([registered, { type: 'CardAdded', data: card }])
      .when({ type: 'UpdateCard', change })
      .then([{ type: 'CardUpdated', data: change }]);
    spec([registered]).when({ type: 'UpdateCard', change }).thenThrows({ code: 'CARD_NOT_FOUND' });
  });

  it('moves the default only when asked for another card, and forgets a removed card', () => {
    const card = (n: number) => ({
      cardId: `c${n}`,
      provider: 'sandbox',
      brand: 'visa' as const,
      last4: `424${n}`,
      expMonth: 12,
      expYear: 2030,
      nameOnCard: 'Ada',
    });
    const two: UserEvent[] = [
      registered,
      { type: 'CardAdded', data: card(1) },
      { type: 'DefaultCardChanged', data: { cardId: 'c1' } },
      { type: 'CardAdded', data: card(2) },
    ];
    spec(two)
      .when({ type: 'RemoveCard', cardId: 'c2' })
      .then([{ type: 'CardRemoved', data: { cardId: 'c2' } }]);
    spec(two)
      .when({ type: 'SetDefaultCard', cardId: 'c2' })
      .then([{ type: 'DefaultCardChanged', data: { cardId: 'c2' } }]);
    spec(two).when({ type: 'SetDefaultCard', cardId: 'c1' }).then([]);
    const removed: UserEvent = { type: 'CardRemoved', data: { cardId: 'c2' } };
    spec([...two, removed])
      .when({ type: 'RemoveCard', cardId: 'c2' })
      .thenThrows({ code: 'CARD_NOT_FOUND' });
    const user = fold(userDecider, [
      ...two,
      { type: 'CardUpdated', data: { cardId: 'c1', expMonth: 3, expYear: 2031, nameOnCard: 'Ada L' } },
      removed,
    ]);
    expect(user.cards).toEqual([{ ...card(1), expMonth: 3, expYear: 2031, nameOnCard: 'Ada L' }]);
  });
});
