import type { SellerTerms, StaffLotFields, StaffLotStatus } from '@wine/contracts';
import type { LotEvent } from '@wine/event-schemas';
import { streamIdOf as lotIdOf } from '@wine/platform';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const STAFF_LOTS = 'staff_lots';

/**
 * The staff's copy of a lot (issue 33): every listed field as the listing and its changes left it,
 * the confidential reserve among them, so this read model is served to admins only and never to the
 * storefront (the `lots` model holds no reserve). Where the lot stands, and who changed it last.
 */
export type StaffLotDocument = StaffLotFields & {
  _id: string;
  [key: string]: unknown;
  seller_id: string;
  /**
   * open, withdrawn, sold or unsold; a seller's listing before approval: draft, submitted, returned
   * (issue 33). 'upcoming' is computed against the clock when asked.
   */
  status: Exclude<StaffLotStatus, 'upcoming'>;
  withdrawn_reason: string | null;
  /** The admin's note when the listing was sent back (absent or null otherwise). */
  review_note?: string | null;
  /** The terms of consignment recorded when an admin approved the seller's listing (absent on the house's lots). */
  terms?: SellerTerms;
  /** The new lot that offers this one again (absent until relisted). */
  relisted_as?: string;
  /** The last event's time and actor (the admin or seller who made the change, or 'system'). */
  changed_at: string;
  changed_by: string;
  _position: string;
};

/** A staff copy's listed fields alone: what the editor edits and an import compares a row with. */
export function listedFieldsOf(doc: StaffLotDocument): StaffLotFields {
  const {
    _id,
    _position,
    seller_id,
    status,
    withdrawn_reason,
    relisted_as,
    review_note,
    terms,
    changed_at,
    changed_by,
    ...fields
  } = doc;
  return fields as StaffLotFields;
}

type Handled = Extract<
  LotEvent,
  {
    type:
      | 'LotListed'
      | 'LotDrafted'
      | 'LotSubmitted'
      | 'LotReturned'
      | 'LotApproved'
      | 'LotUpdated'
      | 'LotWithdrawn'
      | 'LotRelisted'
      | 'LotScheduled'
      | 'LotClosed'
      | 'BidsCancelled';
  }
>;

export const staffLotsProjection = defineProjection<Handled>({
  name: 'staff_lots',
  collections: [STAFF_LOTS],
  handles: [
    'LotListed',
    'LotDrafted',
    'LotSubmitted',
    'LotReturned',
    'LotApproved',
    'LotUpdated',
    'LotWithdrawn',
    'LotRelisted',
    'LotScheduled',
    'LotClosed',
    'BidsCancelled',
  ],
  indexes: {
    [STAFF_LOTS]: [
      { key: { changed_at: -1 }, name: 'changed' },
      { key: { status: 1, changed_at: -1 }, name: 'status_changed' },
      { key: { seller_id: 1, changed_at: -1 }, name: 'seller_changed' },
      { key: { auctionId: 1, changed_at: -1 }, name: 'auction_changed' },
    ],
  },
  project(event): ProjectedOperation[] {
    const lotId = lotIdOf(event);
    const changed = { changed_at: event.metadata.occurredAt, changed_by: event.metadata.actor.id };
    switch (event.type) {
      case 'LotListed':
      case 'LotDrafted': {
        const { lotId: _id, sellerId, ...fields } = event.data;
        const status = event.type === 'LotListed' ? 'open' : 'draft';
        const doc: StaffLotDocument = {
          ...fields,
          _id,
          seller_id: sellerId,
          status,
          withdrawn_reason: null,
          ...changed,
          _position: event.position,
        };
        // Inserted only when absent: a replay finds the document and does nothing. An approved draft
        // is there already: it goes live with the listing's fields (the approval may move its dates).
        return [
          {
            collection: STAFF_LOTS,
            operation: { updateOne: { filter: { _id }, update: { $setOnInsert: doc }, upsert: true } },
          },
          ...(event.type === 'LotListed'
            ? [
                guardedUpdate(STAFF_LOTS, _id, event, {
                  $set: { ...fields, status, review_note: null, ...changed },
                }),
              ]
            : []),
        ];
      }
      case 'LotSubmitted':
        return [
          guardedUpdate(STAFF_LOTS, lotId, event, {
            $set: { status: 'submitted', review_note: null, ...changed },
          }),
        ];
      case 'LotReturned':
        return [
          guardedUpdate(STAFF_LOTS, lotId, event, {
            $set: { status: 'returned', review_note: event.data.note, ...changed },
          }),
        ];
      case 'LotApproved':
        return [guardedUpdate(STAFF_LOTS, lotId, event, { $set: { terms: event.data.terms, ...changed } })];
      case 'LotUpdated': {
        const { changed: _names, ...fields } = event.data;
        return [guardedUpdate(STAFF_LOTS, lotId, event, { $set: { ...fields, ...changed } })];
      }
      case 'LotWithdrawn':
        return [
          guardedUpdate(STAFF_LOTS, lotId, event, {
            $set: { status: 'withdrawn', withdrawn_reason: event.data.reason, ...changed },
          }),
        ];
      case 'LotRelisted':
        return [
          guardedUpdate(STAFF_LOTS, lotId, event, { $set: { relisted_as: event.data.newLotId, ...changed } }),
        ];
      case 'LotScheduled':
        return [guardedUpdate(STAFF_LOTS, lotId, event, { $set: { ...event.data, ...changed } })];
      case 'BidsCancelled': {
        const { closesAt, reopened } = event.data;
        return [
          guardedUpdate(STAFF_LOTS, lotId, event, {
            $set: { ...(closesAt && { closesAt }), ...(reopened && { status: 'open' }), ...changed },
          }),
        ];
      }
      case 'LotClosed':
        return [
          guardedUpdate(STAFF_LOTS, lotId, event, { $set: { status: event.data.outcome, ...changed } }),
        ];
      default:
        return [];
    }
  },
});
