import type { RecordedEvent } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import type { ProjectedOperation, Projection } from '../core/projection.ts';

export const LOT_VIEWS = 'lot_views';

/** How often a lot's page was viewed (seeds 000 §7 increaseProductViewCount), apart from the lots read model. */
export interface LotViewsDocument {
  _id: string;
  [key: string]: unknown;
  views: number;
  _position: string;
}

export const lotViewsProjection: Projection = {
  name: 'lot_views',
  collections: [LOT_VIEWS],
  handles: new Set(['LotViewed']),
  project(event: RecordedEvent): ProjectedOperation[] {
    const { lotId } = event.data as { lotId: string };
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
};
