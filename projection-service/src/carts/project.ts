import { type CartEvent, START } from '@wine/event-schemas';
import { guardedDelete, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const CART_LINES = 'cart_lines';
/** Issue 38 §2: the won lots' invoices each buyer set aside from the auction cart (cart/changeStatus). */
export const CART_SET_ASIDE = 'cart_set_aside';

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
  /** Issue 38 §2 (seeds 001 §7 buynow/changeStatus): saved for later, out of the checkout. */
  saved?: boolean;
  _position: string;
}

/** Issue 38 §2: a won lot's invoice set aside (`saved`) or back in the auction cart. */
export interface SetAsideDocument {
  /** `<userId>:<invoiceId>`. */
  _id: string;
  [key: string]: unknown;
  user_id: string;
  invoice_id: string;
  saved: boolean;
  _position: string;
}

export const cartsProjection = defineProjection<CartEvent>({
  name: 'carts',
  collections: [CART_LINES, CART_SET_ASIDE],
  handles: ['CartLineSet', 'CartLineRemoved', 'CartLineStatusChanged', 'AuctionInvoiceStatusChanged'],
  indexes: {
    [CART_LINES]: [{ key: { user_id: 1, added_at: 1 }, name: 'user_added' }],
    [CART_SET_ASIDE]: [{ key: { user_id: 1, saved: 1 }, name: 'user_saved' }],
  },
  project(event): ProjectedOperation[] {
    const userId = event.streamName.slice('cart-'.length);
    switch (event.type) {
      case 'CartLineSet': {
        const _id = `${userId}:${event.data.lotId}`;
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
      }
      case 'CartLineRemoved':
        return [guardedDelete(CART_LINES, `${userId}:${event.data.lotId}`, event)];
      case 'CartLineStatusChanged':
        return [
          guardedUpdate(CART_LINES, `${userId}:${event.data.lotId}`, event, {
            $set: { saved: event.data.status === 'saved' },
          }),
        ];
      case 'AuctionInvoiceStatusChanged': {
        const _id = `${userId}:${event.data.invoiceId}`;
        return [
          {
            collection: CART_SET_ASIDE,
            operation: {
              updateOne: {
                filter: { _id },
                update: {
                  $setOnInsert: {
                    user_id: userId,
                    invoice_id: event.data.invoiceId,
                    saved: false,
                    _position: START,
                  },
                },
                upsert: true,
              },
            },
          },
          guardedUpdate(CART_SET_ASIDE, _id, event, { $set: { saved: event.data.status === 'saved' } }),
        ];
      }
      default:
        return [];
    }
  },
});
