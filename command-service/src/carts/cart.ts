import type { CartEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

export interface CartLine {
  qty: number;
  unitPrice: number;
}

/** The buy-now cart of one user (`cart-<userId>`): a line per lot. */
export interface Cart {
  lines: Record<string, CartLine>;
}

/**
 * seeds 000 §4.4 addToCart: the lines as the buy-now rules priced them (buy-now.ts, per lot); `hasCard`:
 * the buyer has a card on file.
 */
export type CartCommand =
  | { type: 'SetLines'; lines: { lotId: string; qty: number; unitPrice: number }[]; hasCard: boolean }
  /** cancelItem, a paid order's lines, or lots no longer for sale (refreshCart): lines not there are skipped. */
  | { type: 'RemoveLines'; lotIds: string[] };

export const MAX_CART_LINES = 100;

export function evolveCart(state: Cart, event: CartEvent): Cart {
  switch (event.type) {
    case 'CartLineSet': {
      const { lotId, qty, unitPrice } = event.data;
      return { lines: { ...state.lines, [lotId]: { qty, unitPrice } } };
    }
    case 'CartLineRemoved': {
      const { [event.data.lotId]: _removed, ...lines } = state.lines;
      return { lines };
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

/**
 * seeds 000 §5: buying needs a card on file. The route asks this before it reads the lots, and the
 * decider again when the lines are recorded.
 */
export function refuseWithoutCard(hasCard: boolean): void {
  if (!hasCard) throw new AppError('ADD_CARD', { message: 'bid.addCardToBuy' });
}

/** Adding a lot already in the cart sets its line; an unchanged line records nothing. */
export function decideCart(command: CartCommand, state: Cart): CartEvent[] {
  if (command.type === 'RemoveLines') {
    return [...new Set(command.lotIds)]
      .filter((lotId) => state.lines[lotId])
      .map((lotId) => ({ type: 'CartLineRemoved', data: { lotId } }));
  }
  refuseWithoutCard(command.hasCard);
  const changed = command.lines.filter((line) => {
    const current = state.lines[line.lotId];
    return !current || current.qty !== line.qty || current.unitPrice !== line.unitPrice;
  });
  const added = changed.filter((line) => !state.lines[line.lotId]).length;
  if (Object.keys(state.lines).length + added > MAX_CART_LINES) throw new AppError('CART_FULL');
  return changed.map((line) => ({ type: 'CartLineSet', data: line }));
}

export const cartDecider: Decider<CartCommand, CartEvent, Cart> = {
  decide: decideCart,
  evolve: evolveCart,
  initialState: () => ({ lines: {} }),
};
