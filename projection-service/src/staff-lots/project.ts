import type { StaffLotFields, StaffLotStatus } from '@wine/contracts';
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
  /** open, withdrawn, sold or unsold; 'upcoming' is computed against the clock when asked. */
  status: Exclude<StaffLotStatus, 'upcoming'>;
  withdrawn_reason: string | null;
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
      case 'LotListed': {
        const { lotId: _id, sellerId, ...fields } = event.data;
        const doc: StaffLotDocument = {
          ...fields,
          _id,
          seller_id: sellerId,
          status: 'open',
          withdrawn_reason: null,
          ...changed,
          _position: event.position,
        };
        // Inserted only when absent: a replay finds the document and does nothing.
        return [
          {
            collection: STAFF_LOTS,
            operation: { updateOne: { filter: { _id }, update: { $setOnInsert: doc }, upsert: true } },
          },
        ];
      }
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
