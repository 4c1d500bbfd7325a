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
export type CartEvent =
  | { type: 'CartLineSet'; data: z.infer<typeof CartLineSet.schema> }
  | { type: 'CartLineRemoved'; data: z.infer<typeof CartLineRemoved.schema> };
export const cartEventDefinitions = [CartLineSet, CartLineRemoved] as const;
