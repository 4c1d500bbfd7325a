import type { AuctionEvent, AuctionFields, ScheduledLot } from '@wine/event-schemas';
import { streamIdOf } from '@wine/platform';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const AUCTIONS = 'auctions';

/** One auction (issue 33): its fields, its lots' planned schedule in catalogue order, its last change. */
export type AuctionDocument = AuctionFields & {
  [key: string]: unknown;
  _id: string;
  lots: ScheduledLot[];
  changed_at: string;
  changed_by: string;
  _position: string;
};

/** The planned close of its last lot (its first close while it has none). */
export const lastCloseOf = (doc: AuctionDocument): string => doc.lots.at(-1)?.closesAt ?? doc.firstCloseAt;

/** The `auctions` read model, for the staff's auctions and the storefront's auction pages. */
export const auctionsProjection = defineProjection<AuctionEvent>({
  name: 'auctions',
  collections: [AUCTIONS],
  handles: ['AuctionCreated', 'AuctionUpdated', 'AuctionLotsArranged'],
  indexes: { [AUCTIONS]: [{ key: { startsAt: -1 }, name: 'starts' }] },
  project(event): ProjectedOperation[] {
    const id = streamIdOf(event);
    const changed = { changed_at: event.metadata.occurredAt, changed_by: event.metadata.actor.id };
    switch (event.type) {
      case 'AuctionCreated': {
        const { auctionId: _id, ...fields } = event.data;
        const doc: AuctionDocument = {
          ...fields,
          _id: id,
          lots: [],
          ...changed,
          _position: event.position,
        };
        return [
          {
            collection: AUCTIONS,
            operation: { updateOne: { filter: { _id: id }, update: { $setOnInsert: doc }, upsert: true } },
          },
        ];
      }
      case 'AuctionUpdated': {
        const { changed: _names, ...fields } = event.data;
        return [guardedUpdate(AUCTIONS, id, event, { $set: { ...fields, ...changed } })];
      }
      case 'AuctionLotsArranged':
        return [guardedUpdate(AUCTIONS, id, event, { $set: { lots: event.data.lots, ...changed } })];
      default:
        return [];
    }
  },
});
