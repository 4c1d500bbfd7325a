import type { CartEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

export interface CartLine {
  qty: number;
  unitPrice: number;
  /** Issue 38 §2 (seeds 001 §7 buynow/changeStatus): saved for later, kept out of the checkout. */
  saved?: boolean;
}

/**
 * The buy-now cart of one user (`cart-<userId>`): a line per lot; and (issue 38 §2, seeds 001 §7
 * cart/changeStatus) the won lots' invoices the buyer set aside from the auction cart's checkout.
 */
export interface Cart {
  lines: Record<string, CartLine>;
  setAside: Record<string, true>;
}

/** In the cart (checked out), or saved for later / set aside (kept, not checked out). */
export type CartStatus = 'cart' | 'saved';

/**
 * seeds 000 §4.4 addToCart: the lines as the buy-now rules priced them (buy-now.ts, per lot); `hasCard`:
 * the buyer has a card on file; `intoCart`: a line saved for later goes back into the cart (the buyer
 * adds it again), where a repricing leaves it where it is.
 */
export type CartCommand =
  | {
      type: 'SetLines';
      lines: { lotId: string; qty: number; unitPrice: number }[];
      hasCard: boolean;
      intoCart?: boolean;
    }
  /** cancelItem, a paid order's lines, or lots no longer for sale (refreshCart): lines not there are skipped. */
  | { type: 'RemoveLines'; lotIds: string[] }
  /** buynow/changeStatus: a line into the cart or saved for later. */
  | { type: 'ChangeLineStatus'; lotId: string; status: CartStatus }
  /** cart/changeStatus: a won lot's unpaid invoice (the route checked it is the buyer's) in or set aside. */
  | { type: 'ChangeInvoiceStatus'; invoiceId: string; status: CartStatus }
  /**
   * buynow/addToBuynow: this lot's line in the cart and every other line saved for later, in one
   * append, so the checkout that follows is for this lot alone.
   */
  | { type: 'BuyAlone'; line: { lotId: string; qty: number; unitPrice: number }; hasCard: boolean };

export const MAX_CART_LINES = 100;

export function evolveCart(state: Cart, event: CartEvent): Cart {
  switch (event.type) {
    case 'CartLineSet': {
      const { lotId, qty, unitPrice } = event.data;
      const saved = state.lines[lotId]?.saved;
      const line = saved ? { qty, unitPrice, saved } : { qty, unitPrice };
      return { ...state, lines: { ...state.lines, [lotId]: line } };
    }
    case 'CartLineRemoved': {
      const { [event.data.lotId]: _removed, ...lines } = state.lines;
      return { ...state, lines };
    }
    case 'CartLineStatusChanged': {
      const line = state.lines[event.data.lotId];
      if (!line) return state;
      const { saved: _saved, ...rest } = line;
      const changed = event.data.status === 'saved' ? { ...rest, saved: true } : rest;
      return { ...state, lines: { ...state.lines, [event.data.lotId]: changed } };
    }
    case 'AuctionInvoiceStatusChanged': {
      const { [event.data.invoiceId]: _was, ...setAside } = state.setAside;
      return {
        ...state,
        setAside: event.data.status === 'saved' ? { ...setAside, [event.data.invoiceId]: true } : setAside,
      };
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

const statusOf = (line: CartLine): CartStatus => (line.saved ? 'saved' : 'cart');

/** Adding a lot already in the cart sets its line; an unchanged line records nothing. */
export function decideCart(command: CartCommand, state: Cart): CartEvent[] {
  switch (command.type) {
    case 'RemoveLines':
      return [...new Set(command.lotIds)]
        .filter((lotId) => state.lines[lotId])
        .map((lotId) => ({ type: 'CartLineRemoved', data: { lotId } }));
    case 'ChangeLineStatus': {
      const line = state.lines[command.lotId];
      if (!line) throw new AppError('NOT_IN_CART');
      if (statusOf(line) === command.status) return [];
      return [{ type: 'CartLineStatusChanged', data: { lotId: command.lotId, status: command.status } }];
    }
    case 'ChangeInvoiceStatus': {
      const current: CartStatus = state.setAside[command.invoiceId] ? 'saved' : 'cart';
      if (current === command.status) return [];
      const { invoiceId, status } = command;
      return [{ type: 'AuctionInvoiceStatusChanged', data: { invoiceId, status } }];
    }
    case 'BuyAlone': {
      const set = decideCart(
        { type: 'SetLines', lines: [command.line], hasCard: command.hasCard, intoCart: true },
        state,
      );
      const others = Object.entries(state.lines)
        .filter(([lotId, line]) => lotId !== command.line.lotId && !line.saved)
        .map(([lotId]): CartEvent => ({ type: 'CartLineStatusChanged', data: { lotId, status: 'saved' } }));
      return [...set, ...others];
    }
    case 'SetLines': {
      refuseWithoutCard(command.hasCard);
      const changed = command.lines.filter((line) => {
        const current = state.lines[line.lotId];
        return !current || current.qty !== line.qty || current.unitPrice !== line.unitPrice;
      });
      const added = changed.filter((line) => !state.lines[line.lotId]).length;
      if (Object.keys(state.lines).length + added > MAX_CART_LINES) throw new AppError('CART_FULL');
      const back = command.intoCart ? command.lines.filter((line) => state.lines[line.lotId]?.saved) : [];
      return [
        ...changed.map((line): CartEvent => ({ type: 'CartLineSet', data: line })),
        ...back.map(
          (line): CartEvent => ({
            type: 'CartLineStatusChanged',
            data: { lotId: line.lotId, status: 'cart' },
          }),
        ),
      ];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const cartDecider: Decider<CartCommand, CartEvent, Cart> = {
  decide: decideCart,
  evolve: evolveCart,
  initialState: () => ({ lines: {}, setAside: {} }),
};
