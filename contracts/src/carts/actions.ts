import { z } from 'zod';
import { action } from '../action.ts';
import { AddToCartInput, PendingCounts } from './cart-inputs.ts';

/** The buy-now cart (seeds 000 §4.4, §7 addToCart, "Cart counts"). */
export const cartActions = {
  addToCart: action({
    path: '/api/buynow/addToCart',
    side: 'command',
    auth: 'user',
    input: AddToCartInput,
    output: z.object({
      lines: z.array(z.object({ product_id: z.string(), qty: z.number(), unit_price: z.number() })),
    }),
  }),
  pendingCount: action({
    path: '/api/cart/pendingCount',
    side: 'query',
    auth: 'user',
    input: z.strictObject({}),
    output: PendingCounts,
  }),
} as const;
