import { z } from 'zod';
import { action } from '../action.ts';
import {
  AddToBuynowInput,
  AddToCartInput,
  BuynowChangeStatusInput,
  CartChangeStatusInput,
  PendingCounts,
} from './cart-inputs.ts';

const CartLines = z.object({
  lines: z.array(z.object({ product_id: z.string(), qty: z.number(), unit_price: z.number() })),
});

/** The buy-now cart (seeds 000 §4.4, §7 addToCart, "Cart counts"). */
export const cartActions = {
  addToCart: action({
    path: '/api/buynow/addToCart',
    side: 'command',
    auth: 'user',
    input: AddToCartInput,
    output: CartLines,
  }),
  /**
   * seeds 001 §7 buynow/addToBuynow (issue 38 §2): "buy this now" from the lot page: the lot's line in
   * the cart, and every other line saved for later (`saved`), so the checkout that follows is for it
   * alone; the saved lines wait in the cart's "Saved for later".
   */
  addToBuynow: action({
    path: '/api/buynow/addToBuynow',
    side: 'command',
    auth: 'user',
    input: AddToBuynowInput,
    output: CartLines.extend({ saved: z.array(z.string()) }),
  }),
  /** seeds 001 §7 buynow/changeStatus (issue 38 §2): a buy-now line into the cart, or saved for later. */
  buynowChangeStatus: action({
    path: '/api/buynow/changeStatus',
    side: 'command',
    auth: 'user',
    input: BuynowChangeStatusInput,
    output: z.object({ product_id: z.string(), status: z.enum(['cart', 'saved']) }),
  }),
  /**
   * seeds 001 §7 cart/changeStatus (issue 38 §2): a won lot's unpaid invoice kept in the auction cart's
   * checkout (`all`), or set aside to pay later (it stays due on its date).
   */
  cartChangeStatus: action({
    path: '/api/cart/changeStatus',
    side: 'command',
    auth: 'user',
    input: CartChangeStatusInput,
    output: z.object({ invoice_id: z.string(), status: z.enum(['cart', 'saved']) }),
  }),
  pendingCount: action({
    path: '/api/cart/pendingCount',
    side: 'query',
    auth: 'user',
    input: z.strictObject({}),
    output: PendingCounts,
  }),
} as const;
