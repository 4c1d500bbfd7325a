import { z } from 'zod';
import { Cents } from './lot-events.ts';
import { defineEvent } from './registry.ts';

/** A lot id, as the lot events take it. */
const Id = z.string().min(1).max(64);

/** seeds 000 §4.4 / §5: a buy-now line in the user's cart (`cart-<userId>`); adding a lot again sets its line. */
export const CartLineSet = defineEvent({
  type: 'CartLineSet',
  version: 1,
  schema: z.object({ lotId: Id, qty: z.number().int().min(1).max(100_000), unitPrice: Cents }),
});
export const CartLineRemoved = defineEvent({
  type: 'CartLineRemoved',
  version: 1,
  schema: z.object({ lotId: Id }),
});

/**
 * Issue 38 §2 (seeds 001 §7 buynow/changeStatus; seeds 001 §3 "cartItems and nonCartItems"): the buyer
 * moved a buy-now line out of the cart, saved for later (`saved`: kept, not checked out), or back into it.
 */
export const CartLineStatusChanged = defineEvent({
  type: 'CartLineStatusChanged',
  version: 1,
  schema: z.object({ lotId: Id, status: z.enum(['cart', 'saved']) }),
});

/**
 * Issue 38 §2 (seeds 001 §7 cart/changeStatus): the buyer set a won lot's unpaid invoice aside from the
 * auction cart's checkout (`saved`: paid later, still due on its date), or put it back in.
 */
export const AuctionInvoiceStatusChanged = defineEvent({
  type: 'AuctionInvoiceStatusChanged',
  version: 1,
  schema: z.object({ invoiceId: Id, status: z.enum(['cart', 'saved']) }),
});

export type CartEvent =
  | { type: 'CartLineSet'; data: z.infer<typeof CartLineSet.schema> }
  | { type: 'CartLineRemoved'; data: z.infer<typeof CartLineRemoved.schema> }
  | { type: 'CartLineStatusChanged'; data: z.infer<typeof CartLineStatusChanged.schema> }
  | { type: 'AuctionInvoiceStatusChanged'; data: z.infer<typeof AuctionInvoiceStatusChanged.schema> };
export const cartEventDefinitions = [
  CartLineSet,
  CartLineRemoved,
  CartLineStatusChanged,
  AuctionInvoiceStatusChanged,
] as const;
