import type { CartEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { type CartCommand, cartDecider, MAX_CART_LINES } from './cart.ts';

const spec = deciderSpec(cartDecider);
const line = (lotId: string, qty: number, unitPrice = 12_000) => ({ lotId, qty, unitPrice });
const setLines = (...lines: ReturnType<typeof line>[]): Extract<CartCommand, { type: 'SetLines' }> => ({
  type: 'SetLines',
  lines,
  hasCard: true,
});
const lineSet = (lotId: string, qty: number, unitPrice = 12_000): CartEvent => ({
  type: 'CartLineSet',
  data: line(lotId, qty, unitPrice),
});
const removed = (lotId: string): CartEvent => ({ type: 'CartLineRemoved', data: { lotId } });
const full = Array.from({ length: MAX_CART_LINES }, (_, i) => lineSet(`lot-${i}`, 1));

describe('cart decider (seeds 000 §4.4 addToCart)', () => {
  it('adds a line for a lot not in the cart yet', () => {
    spec([])
      .when(setLines(line('lot-a', 2)))
      .then([lineSet('lot-a', 2)]);
    spec([lineSet('lot-a', 2)])
      .when(setLines(line('lot-a', 2), line('lot-b', 6, 9_000)))
      .then([lineSet('lot-b', 6, 9_000)]);
  });

  it('sets the line of a lot already in the cart to the new quantity and its price', () => {
    spec([lineSet('lot-a', 2)])
      .when(setLines(line('lot-a', 6, 11_000)))
      .then([lineSet('lot-a', 6, 11_000)]);
  });

  it('records nothing for a line that is unchanged', () => {
    spec([lineSet('lot-a', 2)])
      .when(setLines(line('lot-a', 2)))
      .then([]);
  });

  it(`refuses a line beyond ${MAX_CART_LINES} lots with CART_FULL, and still changes a line already there`, () => {
    spec(full)
      .when(setLines(line('lot-new', 1)))
      .thenThrows({ code: 'CART_FULL' });
    spec(full)
      .when(setLines(line('lot-0', 3)))
      .then([lineSet('lot-0', 3)]);
  });

  it('forgets a removed line: its lot is a new line again, and its place in the cart is free', () => {
    spec([lineSet('lot-a', 2), removed('lot-a')])
      .when(setLines(line('lot-a', 2)))
      .then([lineSet('lot-a', 2)]);
    spec([...full, removed('lot-0')])
      .when(setLines(line('lot-new', 1)))
      .then([lineSet('lot-new', 1)]);
  });

  it('needs a card on file to buy (seeds 000 §5)', () => {
    spec([])
      .when({ ...setLines(line('lot-a', 1)), hasCard: false })
      .thenThrows({ code: 'ADD_CARD', message: 'Please add a card to buy' });
  });

  it('removes the lines it is asked to, skipping lots not in the cart', () => {
    spec([lineSet('lot-a', 1), lineSet('lot-b', 2)])
      .when({ type: 'RemoveLines', lotIds: ['lot-b', 'lot-z', 'lot-b'] })
      .then([removed('lot-b')]);
  });
});
