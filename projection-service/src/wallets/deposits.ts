import { START, type WalletEvent } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const DEPOSITS = 'deposits';

/** A bid deposit (seeds 001 §3 "Deposits"): held, then applied to an invoice or released. */
export interface DepositDocument {
  /** `<userId>:<depositId>`. */
  _id: string;
  [key: string]: unknown;
  user_id: string;
  deposit_id: string;
  amount: number;
  lot_id: string | null;
  status: 'held' | 'applied' | 'released';
  invoice_id: string | null;
  applied: number;
  created_at: string;
  decided_at: string | null;
  _position: string;
}

/** The deposits read model, from the deposit events on each wallet's stream. */
export const depositsProjection = defineProjection<WalletEvent>({
  name: 'deposits',
  collections: [DEPOSITS],
  handles: ['DepositHeld', 'DepositReleased', 'DepositApplied'],
  indexes: { [DEPOSITS]: [{ key: { user_id: 1, created_at: -1 }, name: 'user' }] },
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('wallet-')) return [];
    const userId = event.streamName.slice('wallet-'.length);
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'DepositHeld': {
        const _id = `${userId}:${event.data.depositId}`;
        return [
          {
            collection: DEPOSITS,
            operation: {
              updateOne: {
                filter: { _id },
                update: {
                  $setOnInsert: {
                    user_id: userId,
                    deposit_id: event.data.depositId,
                    amount: event.data.amount,
                    lot_id: event.data.lotId,
                    status: 'held',
                    invoice_id: null,
                    applied: 0,
                    created_at: at,
                    decided_at: null,
                    _position: START,
                  },
                },
                upsert: true,
              },
            },
          },
          guardedUpdate(DEPOSITS, _id, event, { $set: { status: 'held' } }),
        ];
      }
      case 'DepositReleased':
        return [
          guardedUpdate(DEPOSITS, `${userId}:${event.data.depositId}`, event, {
            $set: { status: 'released', decided_at: at },
          }),
        ];
      case 'DepositApplied':
        return [
          guardedUpdate(DEPOSITS, `${userId}:${event.data.depositId}`, event, {
            $set: {
              status: 'applied',
              invoice_id: event.data.invoiceId,
              applied: event.data.applied,
              decided_at: at,
            },
          }),
        ];
      default:
        return [];
    }
  },
});
