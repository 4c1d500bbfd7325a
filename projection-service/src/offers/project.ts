import type { OfferStep, OfferView } from '@wine/contracts';
import type { InvoiceEvent, OfferEvent } from '@wine/event-schemas';
import { streamIdOf as lotIdOf } from '@wine/platform';
import { type GuardedChange, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, isOneOf, type ProjectedOperation, type RecordedOf } from '../core/projection.ts';

export const OFFERS = 'offers';

type OfferStatus = OfferView['status'];

/**
 * Issue 36: an offer on a lot, as `lot-<id>` tells it, with its invoice's payment once accepted
 * (from `invoice-<id>`). `status` is the lists' (`open` waits for the seller's side, `countered` for
 * the buyer); the ranks put the offers waiting for an answer first, for the staff and for the buyer.
 */
export interface OfferDocument {
  _id: string;
  [key: string]: unknown;
  id: string;
  lot_id: string;
  buyer_id: string;
  kind: 'offer' | 'second_chance';
  status: OfferStatus;
  turn: 'seller' | 'buyer' | null;
  /** Waiting for the seller's side first (0), then for the buyer (1), then the ended (2). */
  staff_rank: 0 | 1 | 2;
  /** Waiting for the buyer first (0), then for the seller's side (1), then the ended (2). */
  buyer_rank: 0 | 1 | 2;
  qty: number;
  /** Cents a bottle, the last price on the table. */
  price: number;
  /** The first price (the buyer's, or the house's for a second chance). */
  offered_price: number;
  counters: number;
  made_at: string;
  updated_at: string;
  /** The log position of the last change: newest first, with no tie. */
  updated_position: string;
  expires_at: string;
  reason: string | null;
  /** A decline's note (for the staff). */
  note: string | null;
  invoice_id: string | null;
  reservation_id: string | null;
  /** The accepted offer's invoice: its total once issued (cents), what is paid of it, whether voided. */
  invoice_total: number | null;
  invoice_paid: number;
  invoice_voided: boolean;
  paid: boolean;
  paid_at: string | null;
  history: OfferStep[];
  _position: string;
}

/** The id of an offer's document: offer ids are named per lot by the command side. */
export const offerDocumentId = (lotId: string, offerId: string) => `${lotId}:${offerId}`;

const staffRanks: Record<OfferStatus, 0 | 1 | 2> = {
  open: 0,
  countered: 1,
  accepted: 2,
  declined: 2,
  expired: 2,
  withdrawn: 2,
};
const buyerRanks: Record<OfferStatus, 0 | 1 | 2> = { ...staffRanks, open: 1, countered: 0 };

/** The status fields of `status`: whose turn, and the two ranks. */
const standing = (status: OfferStatus) => ({
  status,
  turn: (status === 'open' ? 'seller' : status === 'countered' ? 'buyer' : null) as OfferDocument['turn'],
  staff_rank: staffRanks[status],
  buyer_rank: buyerRanks[status],
});

const step = (
  at: string,
  by: OfferStep['by'],
  action: OfferStep['action'],
  terms: { price?: number; qty?: number; reason?: string } = {},
): OfferStep => ({
  at,
  by,
  action,
  price: terms.price ?? null,
  qty: terms.qty ?? null,
  reason: terms.reason ?? null,
});

/** The events of an offer's life (the lot stream's other offer events, of private sales, are not an offer's). */
export type OfferStepEvent = Extract<
  OfferEvent,
  {
    type:
      | 'OfferMade'
      | 'OfferCountered'
      | 'OfferAccepted'
      | 'OfferDeclined'
      | 'OfferWithdrawn'
      | 'OfferExpired';
  }
>;
type LotOfferEvent = RecordedOf<OfferStepEvent>;

function madeDocument(event: Extract<LotOfferEvent, { type: 'OfferMade' }>): OfferDocument {
  const lotId = lotIdOf(event);
  const { offerId, buyerId, qty, price, expiresAt, kind, actorId } = event.data;
  const at = event.metadata.occurredAt;
  const secondChance = kind === 'second_chance';
  // A second chance is the seller's side's (the house's at the close): the buyer's turn to answer.
  const by = !secondChance ? 'buyer' : !actorId || actorId === 'house' ? 'house' : 'seller';
  return {
    _id: offerDocumentId(lotId, offerId),
    id: offerId,
    lot_id: lotId,
    buyer_id: buyerId,
    kind: secondChance ? 'second_chance' : 'offer',
    ...standing(secondChance ? 'countered' : 'open'),
    qty,
    price,
    offered_price: price,
    counters: 0,
    made_at: at,
    updated_at: at,
    updated_position: event.position,
    expires_at: expiresAt,
    reason: null,
    note: null,
    invoice_id: null,
    reservation_id: null,
    invoice_total: null,
    invoice_paid: 0,
    invoice_voided: false,
    paid: false,
    paid_at: null,
    history: [step(at, by, 'made', { price, qty })],
    _position: event.position,
  };
}

/** A later step of the offer: its new standing and fields, the step on its history. */
function offerChange(
  event: LotOfferEvent,
  status: OfferStatus,
  set: Record<string, unknown>,
  done: OfferStep,
  extra: Omit<GuardedChange, '$set' | '$push'> = {},
): ProjectedOperation {
  const _id = offerDocumentId(lotIdOf(event), event.data.offerId);
  return guardedUpdate(OFFERS, _id, event, {
    $set: {
      ...standing(status),
      ...set,
      updated_at: event.metadata.occurredAt,
      updated_position: event.position,
    },
    $push: { history: done },
    ...extra,
  });
}

function projectOffer(event: LotOfferEvent): ProjectedOperation[] {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'OfferMade': {
      const doc = madeDocument(event);
      // The creating event inserts only when absent: a replay finds the document and does nothing.
      return [
        {
          collection: OFFERS,
          operation: { updateOne: { filter: { _id: doc._id }, update: { $setOnInsert: doc }, upsert: true } },
        },
      ];
    }
    case 'OfferCountered': {
      const { by, price, qty, expiresAt } = event.data;
      return [
        offerChange(
          event,
          by === 'seller' ? 'countered' : 'open',
          { price, qty, expires_at: expiresAt },
          step(at, by, 'countered', { price, qty }),
          { $inc: { counters: 1 } },
        ),
      ];
    }
    case 'OfferAccepted': {
      const { by, price, qty, reservationId, invoiceId } = event.data;
      return [
        offerChange(
          event,
          'accepted',
          { price, qty, invoice_id: invoiceId, reservation_id: reservationId },
          step(at, by, 'accepted', { price, qty }),
        ),
      ];
    }
    case 'OfferDeclined': {
      const { by, reason, note } = event.data;
      return [
        offerChange(event, 'declined', { reason, note: note || null }, step(at, by, 'declined', { reason })),
      ];
    }
    case 'OfferWithdrawn': {
      const { reason } = event.data;
      const action = reason === 'replaced' ? 'replaced' : 'withdrawn';
      return [offerChange(event, 'withdrawn', { reason }, step(at, 'buyer', action, { reason }))];
    }
    case 'OfferExpired':
      return [offerChange(event, 'expired', {}, step(at, 'house', 'expired'))];
    default:
      return [];
  }
}

type InvoiceChange = Extract<
  InvoiceEvent,
  {
    type: 'InvoiceIssued' | 'InvoiceDeliveryChosen' | 'PaymentRecorded' | 'PaymentRefunded' | 'InvoiceVoided';
  }
>;
type InvoiceChangeEvent = RecordedOf<InvoiceChange>;

/**
 * The stages that follow a change of an accepted offer's invoice: paid once what is paid covers its
 * total (and it is not voided), as the invoices read model settles it (invoices/status.ts); the first
 * time it is paid is a step of the offer's history.
 */
function settle(event: InvoiceChangeEvent): Record<string, unknown>[] {
  const at = event.metadata.occurredAt;
  const nowPaid = { $and: ['$paid', { $eq: ['$paid_at', null] }] };
  return [
    {
      $set: {
        paid: {
          $and: [
            { $ne: ['$invoice_total', null] },
            { $ne: ['$invoice_voided', true] },
            { $gte: ['$invoice_paid', '$invoice_total'] },
          ],
        },
      },
    },
    {
      $set: {
        history: {
          $cond: [
            nowPaid,
            { $concatArrays: ['$history', [{ $literal: step(at, 'buyer', 'paid') }]] },
            '$history',
          ],
        },
        updated_at: { $cond: [nowPaid, { $literal: at }, '$updated_at'] },
        updated_position: { $cond: [nowPaid, { $literal: event.position }, '$updated_position'] },
        // A refund that undoes the payment (a voided order's) leaves it unpaid again; its step stays.
        paid_at: { $cond: ['$paid', { $ifNull: ['$paid_at', { $literal: at }] }, null] },
        _position: { $literal: event.position },
      },
    },
  ];
}

/**
 * The offer whose invoice this is (an accepted offer names its invoice before the invoice is issued,
 * so the offer is there), changed only if `event` is newer than its last change. An invoice of no
 * offer matches nothing.
 */
function invoiceChange(event: InvoiceChangeEvent, set: Record<string, unknown>): ProjectedOperation {
  const invoiceId = event.streamName.slice('invoice-'.length);
  return {
    collection: OFFERS,
    operation: {
      updateMany: {
        filter: { invoice_id: invoiceId, _position: { $lt: event.position } },
        update: [{ $set: set }, ...settle(event)],
      },
    },
  };
}

function projectInvoice(event: InvoiceChangeEvent): ProjectedOperation[] {
  if (!event.streamName.startsWith('invoice-')) return [];
  switch (event.type) {
    case 'InvoiceIssued':
      if (event.data.kind !== 'offer') return [];
      return [invoiceChange(event, { invoice_total: { $literal: event.data.amounts.total } })];
    case 'InvoiceDeliveryChosen':
      return [invoiceChange(event, { invoice_total: { $literal: event.data.amounts.total } })];
    case 'PaymentRecorded':
      return [invoiceChange(event, { invoice_paid: { $add: ['$invoice_paid', event.data.amount] } })];
    case 'PaymentRefunded':
      // A refund for a return leaves the invoice paid (as the invoices read model counts it).
      if (event.data.returnId) return [];
      return [invoiceChange(event, { invoice_paid: { $subtract: ['$invoice_paid', event.data.amount] } })];
    case 'InvoiceVoided':
      return [invoiceChange(event, { invoice_voided: { $literal: true } })];
    default:
      return [];
  }
}

export const offerStepTypes: ReadonlySet<OfferStepEvent['type']> = new Set<OfferStepEvent['type']>([
  'OfferMade',
  'OfferCountered',
  'OfferAccepted',
  'OfferDeclined',
  'OfferWithdrawn',
  'OfferExpired',
]);

/** Issue 36: the `offers` read model, every offer of every lot with its invoice's payment. */
export const offersProjection = defineProjection<OfferStepEvent | InvoiceChange>({
  name: 'offers',
  collections: [OFFERS],
  handles: [
    'OfferMade',
    'OfferCountered',
    'OfferAccepted',
    'OfferDeclined',
    'OfferWithdrawn',
    'OfferExpired',
    'InvoiceIssued',
    'InvoiceDeliveryChosen',
    'PaymentRecorded',
    'PaymentRefunded',
    'InvoiceVoided',
  ],
  indexes: {
    [OFFERS]: [
      // The buyer's list, the ones waiting for them first; the temporary cart.
      { key: { buyer_id: 1, buyer_rank: 1, updated_position: -1 }, name: 'buyer_pending' },
      { key: { buyer_id: 1, status: 1, paid: 1 }, name: 'buyer_status' },
      // A seller's list (their lots' offers) and the admins' list, the ones waiting for the seller first.
      { key: { lot_id: 1, staff_rank: 1, updated_position: -1 }, name: 'lot_pending' },
      { key: { staff_rank: 1, updated_position: -1 }, name: 'pending' },
      { key: { status: 1, updated_position: -1 }, name: 'status' },
      // An invoice's payment finds its offer.
      { key: { invoice_id: 1 }, name: 'invoice' },
    ],
  },
  project(event): ProjectedOperation[] {
    if (isOneOf<OfferStepEvent>(offerStepTypes, event)) {
      return event.streamName.startsWith('lot-') ? projectOffer(event) : [];
    }
    return projectInvoice(event);
  },
});
