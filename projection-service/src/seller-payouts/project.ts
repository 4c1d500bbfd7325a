import type { PayoutEvent } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { streamIdOf } from '@wine/platform';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const SELLER_PAYOUTS = 'seller_payouts';
export const SELLER_PAYOUT_PREFERENCES = 'seller_payout_preferences';

/** One statement line the house paid its seller, `_id` `invoiceId:lotId` (a line is paid once). */
export interface SellerPayoutDocument {
  [key: string]: unknown;
  _id: string;
  seller_id: string;
  invoice_id: string;
  lot_id: string;
  payout_id: string;
  net: number;
  paid_at: string;
  reference: string;
  method: 'check' | 'bank_transfer';
  paid_by: string;
}

/** How a seller asked to be paid, `_id` the seller. */
export interface SellerPayoutPreferenceDocument {
  [key: string]: unknown;
  _id: string;
  payee: string;
  method: 'check' | 'bank_transfer';
  note: string | null;
  set_at: string;
  _position: string;
}

/**
 * Issue 33 "Sellers": the payouts read model, for the seller's statement (a line paid shows 'paid' with
 * its reference) and finance's list of what is still payable. A paid line's document is only ever
 * inserted ($setOnInsert), so a replayed event changes nothing.
 */
export const sellerPayoutsProjection = defineProjection<PayoutEvent>({
  name: 'seller-payouts',
  collections: [SELLER_PAYOUTS, SELLER_PAYOUT_PREFERENCES],
  handles: ['SellerPaidOut', 'SellerPayoutPreferenceSet'],
  indexes: { [SELLER_PAYOUTS]: [{ key: { seller_id: 1 }, name: 'seller' }] },
  project(event): ProjectedOperation[] {
    const sellerId = streamIdOf(event);
    switch (event.type) {
      case 'SellerPaidOut':
        return event.data.lines.map((line) => {
          const doc: SellerPayoutDocument = {
            _id: `${line.invoiceId}:${line.lotId}`,
            seller_id: sellerId,
            invoice_id: line.invoiceId,
            lot_id: line.lotId,
            payout_id: event.data.payoutId,
            net: line.net,
            paid_at: event.metadata.occurredAt,
            reference: event.data.reference,
            method: event.data.method,
            paid_by: event.metadata.actor.id,
          };
          return {
            collection: SELLER_PAYOUTS,
            operation: {
              updateOne: { filter: { _id: doc._id }, update: { $setOnInsert: doc }, upsert: true },
            },
          };
        });
      case 'SellerPayoutPreferenceSet':
        return [
          {
            collection: SELLER_PAYOUT_PREFERENCES,
            operation: {
              updateOne: {
                filter: { _id: sellerId },
                update: { $setOnInsert: { _id: sellerId, _position: START } },
                upsert: true,
              },
            },
          },
          guardedUpdate(SELLER_PAYOUT_PREFERENCES, sellerId, event, {
            $set: { ...event.data, set_at: event.metadata.occurredAt },
          }),
        ];
      default:
        return [];
    }
  },
});
