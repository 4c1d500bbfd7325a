import type { ReturnStatus } from '@wine/contracts';
import type { InvoiceEvent } from '@wine/event-schemas';
import { guardedPipeline, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const RETURNS = 'returns';

/** A return of a line (DOMAIN.md "Money"), as `invoice-<id>` tells it. Money in cents. */
export interface ReturnDocument {
  _id: string;
  [key: string]: unknown;
  id: string;
  invoice_id: string;
  product_id: string;
  qty: number;
  reason: string;
  amount: number;
  status: ReturnStatus;
  refund_to: 'card' | 'wallet' | null;
  note: string | null;
  /** Who decided (the staff user's id). */
  decided_by: string | null;
  requested_at: string;
  /** The log position of the request: newest first, with no tie. */
  requested_position: string;
  decided_at: string | null;
  refunded_at: string | null;
  /** The refund that settled it: its transaction is `<invoice>:<refund id>`. */
  refund_id: string | null;
  /** Issue 31 (absent on returns decided before it): received, and the refund claimed. */
  good?: number | null;
  damaged?: number | null;
  received_at?: string | null;
  refunded_amount?: number | null;
  refund_reason?: string | null;
  refunded_card?: number;
  refunded_wallet?: number;
  _position: string;
}

/** The returns read model: one document per request, its decision and its refund. */
export const returnsProjection = defineProjection<InvoiceEvent>({
  name: 'returns',
  collections: [RETURNS],
  handles: [
    'ReturnRequested',
    'ReturnAccepted',
    'ReturnRefused',
    'ReturnReceived',
    'ReturnRefundStarted',
    'PaymentRefunded',
  ],
  indexes: {
    [RETURNS]: [
      { key: { invoice_id: 1, requested_position: -1 }, name: 'invoice' },
      { key: { status: 1, requested_position: -1 }, name: 'status' },
    ],
  },
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('invoice-')) return [];
    const invoiceId = event.streamName.slice('invoice-'.length);
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ReturnRequested': {
        const { returnId, lotId, qty, reason, amount } = event.data;
        const doc: ReturnDocument = {
          _id: returnId,
          id: returnId,
          invoice_id: invoiceId,
          product_id: lotId,
          qty,
          reason,
          amount,
          status: 'requested',
          refund_to: null,
          note: null,
          decided_by: null,
          requested_at: at,
          requested_position: event.position,
          decided_at: null,
          refunded_at: null,
          refund_id: null,
          _position: event.position,
        };
        return [
          {
            collection: RETURNS,
            operation: {
              updateOne: { filter: { _id: returnId }, update: { $setOnInsert: doc }, upsert: true },
            },
          },
        ];
      }
      case 'ReturnAccepted':
        return [
          guardedUpdate(RETURNS, event.data.returnId, event, {
            $set: {
              status: 'accepted',
              refund_to: event.data.to,
              note: event.data.note || null,
              decided_by: event.data.by,
              decided_at: at,
            },
          }),
        ];
      case 'ReturnRefused':
        return [
          guardedUpdate(RETURNS, event.data.returnId, event, {
            $set: {
              status: 'refused',
              note: event.data.note,
              decided_by: event.metadata.actor.id,
              decided_at: at,
            },
          }),
        ];
      case 'ReturnReceived':
        return [
          guardedUpdate(RETURNS, event.data.returnId, event, {
            $set: { status: 'received', good: event.data.good, damaged: event.data.damaged, received_at: at },
          }),
        ];
      case 'ReturnRefundStarted': {
        const { returnId, amount, reason, parts } = event.data;
        const sum = (to: 'card' | 'wallet') =>
          parts.filter((p) => p.to === to).reduce((n, p) => n + p.amount, 0);
        return [
          guardedUpdate(RETURNS, returnId, event, {
            $set: {
              status: 'refunding',
              refunded_amount: amount,
              refund_reason: reason || null,
              refunded_card: sum('card'),
              refunded_wallet: sum('wallet'),
            },
          }),
        ];
      }
      case 'PaymentRefunded': {
        // Only a refund for a return settles one; a payment undone is the invoices' business alone.
        // A refund in parts (issue 31) is appended at once, its parts one after the other: the last
        // leaves it refunded. A refund before issue 31 was one part with no claim.
        const { returnId, refundId, to, amount } = event.data;
        if (!returnId) return [];
        return [
          guardedPipeline(RETURNS, returnId, event, [
            {
              $set: {
                refund_recorded: { $add: [{ $ifNull: ['$refund_recorded', 0] }, amount] },
                refund_to: to,
                refund_id: refundId,
                refunded_at: at,
              },
            },
            {
              $set: {
                status: {
                  $cond: [
                    { $gte: ['$refund_recorded', { $ifNull: ['$refunded_amount', 0] }] },
                    'refunded',
                    '$status',
                  ],
                },
              },
            },
          ]),
        ];
      }
      default:
        return [];
    }
  },
});
