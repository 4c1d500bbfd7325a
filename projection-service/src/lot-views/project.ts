import type { LotViewEvent } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const LOT_VIEWS = 'lot_views';

/** How often a lot's page was viewed (seeds 000 §7 increaseProductViewCount), apart from the lots read model. */
export interface LotViewsDocument {
  _id: string;
  [key: string]: unknown;
  views: number;
  _position: string;
}

export const lotViewsProjection = defineProjection<LotViewEvent>({
  name: 'lot_views',
  collections: [LOT_VIEWS],
  handles: ['LotViewed'],
  project(event): ProjectedOperation[] {
    const { lotId } = event.data;
    return [
      // The counter exists before it counts; the count itself is guarded, so a replay adds nothing.
      {
        collection: LOT_VIEWS,
        operation: {
          updateOne: {
            filter: { _id: lotId },
            update: { $setOnInsert: { views: 0, _position: '' } },
            upsert: true,
          },
        },
      },
      guardedUpdate(LOT_VIEWS, lotId, event, { $inc: { views: 1 } }),
    ];
  },
});
