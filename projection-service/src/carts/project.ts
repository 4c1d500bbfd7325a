import { type CartEvent, START } from '@wine/event-schemas';
import { guardedDelete, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const CART_LINES = 'cart_lines';

/** A buy-now line in a user's cart (seeds 000 §7 loadPendingCount: buynowCount). */
export interface CartLineDocument {
  _id: string;
  [key: string]: unknown;
  user_id: string;
  lot_id: string;
  qty: number;
  unit_price: number;
  /** When the lot first went into the cart: the cart lists its lines in that order. */
  added_at: string;
  _position: string;
}

export const cartsProjection = defineProjection<CartEvent>({
  name: 'carts',
  collections: [CART_LINES],
  handles: ['CartLineSet', 'CartLineRemoved'],
  indexes: { [CART_LINES]: [{ key: { user_id: 1, added_at: 1 }, name: 'user_added' }] },
  project(event): ProjectedOperation[] {
    const userId = event.streamName.slice('cart-'.length);
    const _id = `${userId}:${event.data.lotId}`;
    switch (event.type) {
      case 'CartLineSet':
        return [
          {
            collection: CART_LINES,
            operation: {
              updateOne: {
                filter: { _id },
                update: {
                  $setOnInsert: {
                    user_id: userId,
                    lot_id: event.data.lotId,
                    qty: 0,
                    unit_price: 0,
                    added_at: event.metadata.occurredAt,
                    _position: START,
                  },
                },
                upsert: true,
              },
            },
          },
          guardedUpdate(CART_LINES, _id, event, {
            $set: { qty: event.data.qty, unit_price: event.data.unitPrice },
          }),
        ];
      case 'CartLineRemoved':
        return [guardedDelete(CART_LINES, _id, event)];
      default:
        return [];
    }
  },
});
