import { type CartEvent, type RecordedEvent, START } from '@wine/event-schemas';
import { guardedDelete, guardedUpdate } from '../core/guarded.ts';
import type { ProjectedOperation, Projection } from '../core/projection.ts';

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

export const cartsProjection: Projection = {
  name: 'carts',
  collections: [CART_LINES],
  handles: new Set(['CartLineSet', 'CartLineRemoved']),
  indexes: { [CART_LINES]: [{ key: { user_id: 1, added_at: 1 }, name: 'user_added' }] },
  project(event: RecordedEvent): ProjectedOperation[] {
    const userId = event.streamName.slice('cart-'.length);
    const e = { type: event.type, data: event.data } as CartEvent;
    const _id = `${userId}:${e.data.lotId}`;
    switch (e.type) {
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
                    lot_id: e.data.lotId,
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
          guardedUpdate(CART_LINES, _id, event, { $set: { qty: e.data.qty, unit_price: e.data.unitPrice } }),
        ];
      case 'CartLineRemoved':
        return [guardedDelete(CART_LINES, _id, event)];
      default:
        return [];
    }
  },
};
