import type { InvoiceStatus, SellerChargeKind, SellerChargeView } from '@wine/contracts';
import type { InvoiceEvent } from '@wine/event-schemas';
import { guardedPipeline } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation, type RecordedOf } from '../core/projection.ts';

export const SELLER_CHARGES = 'seller_charges';

/** One charge the house billed a seller or vendor: a `charge` invoice, `_id` the invoice's id. */
export interface SellerChargeDocument {
  [key: string]: unknown;
  _id: string;
  seller_id: string;
  number: string | null;
  kind: SellerChargeKind;
  lot_id: string | null;
  title: string;
  note: string | null;
  amount: number;
  /** Recorded payments less the refunds of payments undone, cents. */
  paid: number;
  due: number;
  status: InvoiceStatus;
  voided: boolean;
  billed_at: string;
  /** The admin who billed it. */
  billed_by: string;
  due_at: string;
  paid_at: string | null;
  /** The log position of its InvoiceIssued: newest first, with no tie. */
  created_position: string;
  _position: string;
}

/** The charge as the statement and the staff's seller screen show it. */
export const chargeView = (doc: SellerChargeDocument): SellerChargeView => ({
  id: doc._id,
  number: doc.number,
  kind: doc.kind,
  lot_id: doc.lot_id,
  title: doc.title,
  note: doc.note,
  amount: doc.amount,
  paid: doc.paid,
  due: doc.due,
  status: doc.status,
  billed_at: doc.billed_at,
  due_at: doc.due_at,
  paid_at: doc.paid_at,
});

/**
 * After every change: the status (void, paid, partial, unpaid), what is due, and when it was paid
 * (at the event that made it paid; a refund that takes it below its amount makes it unpaid again).
 */
const settled = (event: RecordedOf<InvoiceEvent>) => [
  {
    $set: {
      status: {
        $cond: [
          { $eq: ['$voided', true] },
          'void',
          {
            $cond: [
              { $gte: ['$paid', '$amount'] },
              'paid',
              { $cond: [{ $gt: ['$paid', 0] }, 'partial', 'unpaid'] },
            ],
          },
        ],
      },
      due: { $max: [0, { $subtract: ['$amount', '$paid'] }] },
    },
  },
  {
    $set: {
      paid_at: {
        $cond: [
          { $eq: ['$status', 'paid'] },
          { $ifNull: ['$paid_at', { $literal: event.metadata.occurredAt }] },
          null,
        ],
      },
    },
  },
];

/**
 * Issue 38 §1: the charges the house billed sellers and vendors (`charge` invoices on `invoice-<id>`)
 * and where each stands, for the seller's statement and the staff's seller screen. An invoice of
 * another kind has no document here, so its payments change nothing (each update finds none); every
 * change is guarded by the document's position, so a replayed event changes nothing.
 */
export const sellerChargesProjection = defineProjection<InvoiceEvent>({
  name: 'seller-charges',
  collections: [SELLER_CHARGES],
  handles: ['InvoiceIssued', 'PaymentRecorded', 'PaymentRefunded', 'InvoiceVoided'],
  indexes: { [SELLER_CHARGES]: [{ key: { seller_id: 1, created_position: -1 }, name: 'seller' }] },
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('invoice-')) return [];
    const invoiceId = event.streamName.slice('invoice-'.length);
    const change = (set: Record<string, unknown>) =>
      guardedPipeline(SELLER_CHARGES, invoiceId, event, [{ $set: set }, ...settled(event)]);
    switch (event.type) {
      case 'InvoiceIssued': {
        const d = event.data;
        const line = d.lines[0];
        if (d.kind !== 'charge' || !d.charge || !line) return [];
        const doc: SellerChargeDocument = {
          _id: invoiceId,
          seller_id: d.buyerId,
          number: d.number ?? null,
          kind: d.charge.kind,
          // A charge for no lot names itself in its line (invoice-events.ts).
          lot_id: line.lotId === invoiceId ? null : line.lotId,
          title: line.title,
          note: d.charge.note,
          amount: d.amounts.total,
          paid: 0,
          due: d.amounts.total,
          status: 'unpaid',
          voided: false,
          billed_at: event.metadata.occurredAt,
          billed_by: event.metadata.actor.id,
          due_at: d.dueAt,
          paid_at: null,
          created_position: event.position,
          _position: event.position,
        };
        return [
          {
            collection: SELLER_CHARGES,
            operation: {
              updateOne: { filter: { _id: invoiceId }, update: { $setOnInsert: doc }, upsert: true },
            },
          },
        ];
      }
      case 'PaymentRecorded':
        return [change({ paid: { $add: ['$paid', event.data.amount] } })];
      case 'PaymentRefunded':
        // A charge returns no wine: a refund undoes a payment (a charge taken back) and is owed again.
        return event.data.returnId ? [] : [change({ paid: { $subtract: ['$paid', event.data.amount] } })];
      case 'InvoiceVoided':
        return [change({ voided: { $literal: true } })];
      default:
        return [];
    }
  },
});
