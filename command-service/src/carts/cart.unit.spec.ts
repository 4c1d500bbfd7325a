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

describe('saved for later and set aside (issue 38 §2: buynow/changeStatus, cart/changeStatus, addToBuynow)', () => {
  const status = (lotId: string, s: 'cart' | 'saved'): CartEvent => ({
    type: 'CartLineStatusChanged',
    data: { lotId, status: s },
  });

  it('saves a line for later and moves it back; the same status again is no change', () => {
    spec([lineSet('lot-a', 2)])
      .when({ type: 'ChangeLineStatus', lotId: 'lot-a', status: 'saved' })
      .then([status('lot-a', 'saved')]);
    spec([lineSet('lot-a', 2), status('lot-a', 'saved')])
      .when({ type: 'ChangeLineStatus', lotId: 'lot-a', status: 'saved' })
      .then([]);
    spec([lineSet('lot-a', 2), status('lot-a', 'saved')])
      .when({ type: 'ChangeLineStatus', lotId: 'lot-a', status: 'cart' })
      .then([status('lot-a', 'cart')]);
    spec([lineSet('lot-a', 2)])
      .when({ type: 'ChangeLineStatus', lotId: 'lot-a', status: 'cart' })
      .then([]);
  });

  it('refuses a lot not in the cart', () => {
    spec([removed('lot-a')])
      .when({ type: 'ChangeLineStatus', lotId: 'lot-a', status: 'saved' })
      .thenThrows({ code: 'NOT_IN_CART' });
  });

  it('keeps a saved line saved when it is repriced, and moves it back when the buyer adds it again', () => {
    spec([lineSet('lot-a', 2), status('lot-a', 'saved')])
      .when(setLines(line('lot-a', 2, 11_000)))
      .then([lineSet('lot-a', 2, 11_000)]);
    spec([lineSet('lot-a', 2), status('lot-a', 'saved')])
      .when({ ...setLines(line('lot-a', 2)), intoCart: true })
      .then([status('lot-a', 'cart')]);
  });

  it('buys one lot alone: its line in the cart, every other line saved, those saved already left', () => {
    spec([lineSet('lot-a', 1), lineSet('lot-b', 1), status('lot-b', 'saved'), lineSet('lot-c', 1)])
      .when({ type: 'BuyAlone', line: line('lot-d', 2), hasCard: true })
      .then([lineSet('lot-d', 2), status('lot-a', 'saved'), status('lot-c', 'saved')]);
    spec([lineSet('lot-a', 1), status('lot-a', 'saved')])
      .when({ type: 'BuyAlone', line: line('lot-a', 1), hasCard: true })
      .then([status('lot-a', 'cart')]);
    spec([])
      .when({ type: 'BuyAlone', line: line('lot-a', 1), hasCard: false })
      .thenThrows({ code: 'ADD_CARD' });
  });

  it("sets a won lot's invoice aside and puts it back, once each", () => {
    const aside = (s: 'cart' | 'saved'): CartEvent => ({
      type: 'AuctionInvoiceStatusChanged',
      data: { invoiceId: 'A-lot-1', status: s },
    });
    spec([])
      .when({ type: 'ChangeInvoiceStatus', invoiceId: 'A-lot-1', status: 'saved' })
      .then([aside('saved')]);
    spec([aside('saved')])
      .when({ type: 'ChangeInvoiceStatus', invoiceId: 'A-lot-1', status: 'saved' })
      .then([]);
    spec([aside('saved')])
      .when({ type: 'ChangeInvoiceStatus', invoiceId: 'A-lot-1', status: 'cart' })
      .then([aside('cart')]);
    spec([]).when({ type: 'ChangeInvoiceStatus', invoiceId: 'A-lot-1', status: 'cart' }).then([]);
  });
});
