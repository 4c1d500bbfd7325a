import { type InvoiceStatus, invoiceStatus, type Transaction } from '@wine/contracts';
import type { DeliveryData, InvoiceEvent } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { guardedPipeline, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation, type RecordedOf } from '../core/projection.ts';
import { type OrderLogEntry, orderLogEntry } from './order-log.ts';
import { settle } from './status.ts';

export const INVOICES = 'invoices';
export const INVOICE_TRANSACTIONS = 'invoice_transactions';

export interface InvoiceLineDocument {
  product_id: string;
  title: string;
  seller_id: string;
  qty: number;
  unit_price: number;
  amount: number;
  reservation_id: string | null;
  /** Issue 38 §2: the line's provenance certificate, once one is attached. */
  certificate?: { reference: string; issuer: string; issued_on: string; note: string } | null;
  /** Issue 38 §2: where the line stands in the cellar (absent: being prepared). */
  product_status?: 'processing' | 'ready' | 'collected' | 'shipped';
}

/** The invoice's money in cents; the premium in percent (DOMAIN.md "Money"). */
export interface InvoiceAmountsDocument {
  subtotal: number;
  premium_percent: number;
  premium: number;
  tax: number;
  /** Issue 31: a delivery's shipping charge (absent: none). */
  shipping?: number;
  /** Issue 38 §2: the admin fee staff set (absent: none). */
  admin_fee?: number;
  total: number;
}

/** An invoice of the buyer (seeds 001 §3 "Invoice detail"), as `invoice-<id>` tells it. */
export interface InvoiceDocument {
  _id: string;
  [key: string]: unknown;
  id: string;
  /** Issue 31: the readable number (`2026-000123`); null on invoices issued before numbers. */
  number: string | null;
  kind: 'auction' | 'buynow' | 'offer';
  buyer_id: string;
  status: InvoiceStatus;
  created_at: string;
  /** The log position of InvoiceIssued: newest first, with no tie. */
  created_position: string;
  due_at: string;
  paid_at: string | null;
  items: InvoiceLineDocument[];
  amounts: InvoiceAmountsDocument;
  delivery: DeliveryData;
  /** Payments recorded less the refunds of payments undone (a voided order's); returns leave it. */
  paid: number;
  /** Refunded for returns (DOMAIN.md "Money"): a returned line leaves a paid invoice paid. */
  returned: number;
  due: number;
  voided: boolean;
  /** Why it was voided (absent while it stands). */
  void_reason?: 'payment_failed' | 'expired';
  notes_public: { note: string; at: string }[];
  order_log: OrderLogEntry[];
  /** Issue 31: a delivery's carrier and tracking number, once staff entered them. */
  tracking?: { carrier: string; tracking_number: string; at: string } | null;
  /**
   * Issue 38 §2 (seeds 001 public_invoice): the SHA-256 of the shared link's token while the owner
   * shares the invoice (null or absent: not shared); the public page finds the invoice by it.
   */
  share_token_hash?: string | null;
  _position: string;
}

/** A payment or a refund on an invoice (seeds 001 allTransactions, returnTransactions). */
export type InvoiceTransactionDocument = Transaction & {
  _id: string;
  [key: string]: unknown;
  created_position: string;
  _position: string;
};

const amountsDocument = (a: {
  subtotal: number;
  premiumPercent: number;
  premium: number;
  tax: number;
  shipping?: number;
  adminFee?: number;
  total: number;
}): InvoiceAmountsDocument => ({
  subtotal: a.subtotal,
  premium_percent: a.premiumPercent,
  premium: a.premium,
  tax: a.tax,
  ...(a.shipping === undefined ? {} : { shipping: a.shipping }),
  ...(a.adminFee === undefined ? {} : { admin_fee: a.adminFee }),
  total: a.total,
});

/** Issue 38 §2: the items with the line of `lotId` changed by `change` (values literal), the others as they are. */
const itemChange = (lotId: string, change: Record<string, unknown>) => ({
  items: {
    $map: {
      input: '$items',
      as: 'item',
      in: {
        $cond: [
          { $eq: ['$$item.product_id', { $literal: lotId }] },
          { $mergeObjects: ['$$item', { $literal: change }] },
          '$$item',
        ],
      },
    },
  },
});

/** Changes the invoice (guarded by its position), then settles it. */
const invoiceChange = (
  invoiceId: string,
  event: RecordedOf<InvoiceEvent>,
  set: Record<string, unknown> | null,
) => guardedPipeline(INVOICES, invoiceId, event, [...(set ? [{ $set: set }] : []), ...settle(event)]);

/** Inserts a transaction only when absent, so a replay changes nothing. */
const insertTransaction = (doc: InvoiceTransactionDocument): ProjectedOperation => ({
  collection: INVOICE_TRANSACTIONS,
  operation: { updateOne: { filter: { _id: doc._id }, update: { $setOnInsert: doc }, upsert: true } },
});

export const invoicesProjection = defineProjection<InvoiceEvent>({
  name: 'invoices',
  collections: [INVOICES, INVOICE_TRANSACTIONS],
  handles: [
    'InvoiceIssued',
    'InvoiceDeliveryChosen',
    'ShipmentTracked',
    'PaymentStarted',
    'PaymentActionRequired',
    'PaymentRecorded',
    'PaymentFailed',
    'PaymentRefunded',
    'InvoiceVoided',
    'InvoiceNoteAdded',
    'ReturnRequested',
    'ReturnAccepted',
    'ReturnRefused',
    'ReturnReceived',
    'ReturnRefundStarted',
    'TaxRecorded',
    'TaxRefunded',
    'TaxVoided',
    'InvoiceAdminFeeSet',
    'OwnershipCertificateAttached',
    'OwnershipCertificateRemoved',
    'InvoiceProductStatusChanged',
    'InvoiceShared',
    'InvoiceShareRevoked',
  ],
  indexes: {
    [INVOICES]: [
      { key: { buyer_id: 1, status: 1, created_position: -1 }, name: 'buyer_status' },
      { key: { buyer_id: 1, kind: 1, status: 1 }, name: 'buyer_kind_status' },
      { key: { share_token_hash: 1 }, name: 'share_token' },
    ],
    [INVOICE_TRANSACTIONS]: [{ key: { invoice_id: 1, created_position: -1 }, name: 'invoice' }],
  },
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('invoice-')) return [];
    const invoiceId = event.streamName.slice('invoice-'.length);
    const at = event.metadata.occurredAt;
    const payment = (paymentId: string): { _id: string; id: string; invoice_id: string } => ({
      _id: `${invoiceId}:${paymentId}`,
      id: `${invoiceId}:${paymentId}`,
      invoice_id: invoiceId,
    });
    switch (event.type) {
      case 'InvoiceIssued': {
        const d = event.data;
        // Issue 38 §1: a charge billed to a seller is no purchase: it lives on their statement (seller-charges).
        if (d.kind === 'charge') return [];
        const doc: InvoiceDocument = {
          _id: invoiceId,
          id: invoiceId,
          number: d.number ?? null,
          kind: d.kind,
          buyer_id: d.buyerId,
          status: invoiceStatus(0, d.amounts.total, false),
          created_at: at,
          created_position: event.position,
          due_at: d.dueAt,
          paid_at: null,
          items: d.lines.map((l) => ({
            product_id: l.lotId,
            title: l.title,
            seller_id: l.sellerId,
            qty: l.qty,
            unit_price: l.unitPrice,
            amount: l.amount,
            reservation_id: l.reservationId,
          })),
          amounts: amountsDocument(d.amounts),
          delivery: d.delivery,
          paid: 0,
          returned: 0,
          due: d.amounts.total,
          voided: false,
          notes_public: [],
          order_log: [orderLogEntry(event)],
          _position: event.position,
        };
        return [
          {
            collection: INVOICES,
            operation: {
              updateOne: { filter: { _id: invoiceId }, update: { $setOnInsert: doc }, upsert: true },
            },
          },
        ];
      }
      case 'InvoiceDeliveryChosen':
        return [
          invoiceChange(invoiceId, event, {
            delivery: { $literal: event.data.delivery },
            amounts: { $literal: amountsDocument(event.data.amounts) },
          }),
        ];
      case 'ShipmentTracked': {
        const tracking = { carrier: event.data.carrier, tracking_number: event.data.trackingNumber, at };
        return [invoiceChange(invoiceId, event, { tracking: { $literal: tracking } })];
      }
      case 'PaymentStarted': {
        const { paymentId, method, amount, card } = event.data;
        return [
          invoiceChange(invoiceId, event, null),
          insertTransaction({
            ...payment(paymentId),
            type: 'payment',
            method,
            status: 'pending',
            amount,
            card_brand: card?.brand ?? null,
            card_last4: card?.last4 ?? null,
            reference: null,
            reason: null,
            created_at: at,
            created_position: event.position,
            _position: event.position,
          }),
        ];
      }
      case 'PaymentActionRequired':
        return [
          invoiceChange(invoiceId, event, null),
          guardedUpdate(INVOICE_TRANSACTIONS, payment(event.data.paymentId)._id, event, {
            $set: { status: 'action_required' },
          }),
        ];
      case 'PaymentRecorded': {
        const { paymentId, method, amount, reference } = event.data;
        // An offline or wallet payment is recorded with no start: its transaction begins here.
        const started = insertTransaction({
          ...payment(paymentId),
          type: 'payment',
          method,
          status: 'pending',
          amount,
          card_brand: null,
          card_last4: null,
          reference: null,
          reason: null,
          created_at: at,
          created_position: event.position,
          _position: START,
        });
        return [
          invoiceChange(invoiceId, event, { paid: { $add: ['$paid', amount] } }),
          started,
          guardedUpdate(INVOICE_TRANSACTIONS, payment(paymentId)._id, event, {
            $set: { status: 'succeeded', method, amount, reference },
          }),
        ];
      }
      case 'PaymentFailed':
        return [
          invoiceChange(invoiceId, event, null),
          guardedUpdate(INVOICE_TRANSACTIONS, payment(event.data.paymentId)._id, event, {
            $set: { status: 'failed', reason: event.data.reason },
          }),
        ];
      case 'PaymentRefunded': {
        const { refundId, paymentId, amount, to, reason, returnId } = event.data;
        // A refund for a return is counted as returned, so the invoice stays paid; one that undoes a
        // payment (a voided order's) takes the paid amount down.
        const change = returnId
          ? { returned: { $add: [{ $ifNull: ['$returned', 0] }, amount] } }
          : { paid: { $subtract: ['$paid', amount] } };
        return [
          invoiceChange(invoiceId, event, change),
          insertTransaction({
            ...payment(refundId),
            type: 'refund',
            method: to,
            status: 'succeeded',
            amount,
            card_brand: null,
            card_last4: null,
            // The refund names the payment it gives back.
            reference: `${invoiceId}:${paymentId}`,
            reason,
            return_id: returnId ?? null,
            created_at: at,
            created_position: event.position,
            _position: event.position,
          }),
        ];
      }
      // A return's request and decision: the order log's lines (the returns read model keeps the rest).
      case 'ReturnRequested':
      case 'ReturnAccepted':
      case 'ReturnRefused':
      case 'ReturnReceived':
      case 'ReturnRefundStarted':
      // Issue 35 §5: the invoice's tax as recorded with the tax service, on the order log.
      case 'TaxRecorded':
      case 'TaxRefunded':
      case 'TaxVoided':
        return [invoiceChange(invoiceId, event, null)];
      // Issue 38 §2: an admin fee changes the amounts (and so what is due); a line's certificate and
      // status; the owner's share, known by its token's hash.
      case 'InvoiceAdminFeeSet':
        return [
          invoiceChange(invoiceId, event, { amounts: { $literal: amountsDocument(event.data.amounts) } }),
        ];
      case 'OwnershipCertificateAttached': {
        const { lotId, reference, issuer, issuedOn, note } = event.data;
        const certificate = { reference, issuer, issued_on: issuedOn, note };
        return [invoiceChange(invoiceId, event, itemChange(lotId, { certificate }))];
      }
      case 'OwnershipCertificateRemoved':
        return [invoiceChange(invoiceId, event, itemChange(event.data.lotId, { certificate: null }))];
      case 'InvoiceProductStatusChanged':
        return [
          invoiceChange(
            invoiceId,
            event,
            itemChange(event.data.lotId, { product_status: event.data.status }),
          ),
        ];
      case 'InvoiceShared':
        return [invoiceChange(invoiceId, event, { share_token_hash: { $literal: event.data.tokenHash } })];
      case 'InvoiceShareRevoked':
        return [invoiceChange(invoiceId, event, { share_token_hash: { $literal: null } })];
      case 'InvoiceVoided':
        return [
          invoiceChange(invoiceId, event, {
            voided: { $literal: true },
            // Issue 31: a cart line whose hold lapsed says so (carts/views.ts).
            void_reason: { $literal: event.data.reason },
          }),
        ];
      case 'InvoiceNoteAdded': {
        const note = { note: event.data.note, at };
        return [
          invoiceChange(
            invoiceId,
            event,
            event.data.public
              ? { notes_public: { $concatArrays: ['$notes_public', [{ $literal: note }]] } }
              : null,
          ),
        ];
      }
      default:
        return [];
    }
  },
});
