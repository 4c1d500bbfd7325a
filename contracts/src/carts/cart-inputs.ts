import { z } from 'zod';
import { buyNowMessages } from '../bidding/messages.ts';
import { lazy } from '../i18n/index.ts';

/** seeds 000 §5 buy-now form: product_id ('Product ID required'), qty ('Enter quantity'). */
const productId = lazy(() => buyNowMessages.productIdRequired);
const quantity = lazy(() => buyNowMessages.enterQuantity);
const CartLine = z.strictObject({
  product_id: z.string(productId).trim().min(1, productId).max(64),
  qty: z.number(quantity).int(quantity).min(1, quantity).max(100_000),
});

/** seeds 000 §7 addToCart: cart, a list of {product_id, qty}. */
export const AddToCartInput = z.strictObject({
  cart: z
    .array(CartLine)
    .min(1, productId)
    .max(50)
    .refine(
      (lines) => new Set(lines.map((l) => l.product_id)).size === lines.length,
      lazy(() => buyNowMessages.eachProductOnce),
    ),
});
export type AddToCartInput = z.input<typeof AddToCartInput>;

/** seeds 000 §3.2 "Cart counts": auctionCount (won, unpaid) and buynowCount (cart lines), each with totalRecords. */
export const PendingCounts = z.object({
  auctionCount: z.object({ totalRecords: z.number() }),
  buynowCount: z.object({ totalRecords: z.number() }),
});
export type PendingCounts = z.infer<typeof PendingCounts>;

/** seeds 001 §7 buynow/addToBuynow: the lot page's own form, one lot and how many (seeds 000 §5). */
export const AddToBuynowInput = CartLine;
export type AddToBuynowInput = z.input<typeof AddToBuynowInput>;

/** In the cart (checked out next), or saved for later / set aside (kept, not checked out). */
export const CartStatus = z.enum(['cart', 'saved']);
export type CartStatus = z.infer<typeof CartStatus>;

/** seeds 001 §7 buynow/changeStatus: a line of the buy-now cart into the cart or saved for later. */
export const BuynowChangeStatusInput = z.strictObject({
  product_id: z.string(productId).trim().min(1, productId).max(64),
  status: CartStatus,
});
export type BuynowChangeStatusInput = z.input<typeof BuynowChangeStatusInput>;

/** seeds 001 §7 cart/changeStatus: a won lot's unpaid invoice in the auction cart's checkout, or set aside. */
export const CartChangeStatusInput = z.strictObject({
  invoice_id: z.string().trim().min(1).max(64),
  status: CartStatus,
});
export type CartChangeStatusInput = z.input<typeof CartChangeStatusInput>;
