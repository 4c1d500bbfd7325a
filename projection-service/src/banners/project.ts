import type { HomeBanner } from '@wine/contracts';
import type { BannerEvent, RecordedEvent } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import type { ProjectedOperation, Projection } from '../core/projection.ts';

export const BANNERS = 'banners';

/** A home banner as getDefault serves it (seeds 000 §3.2), keyed by its id. */
export interface BannerDocument extends Omit<HomeBanner, 'id'> {
  _id: string;
  [key: string]: unknown;
  published_at: string;
  _position: string;
}

/** The home banners read model: the last published record of each, and whether it is active. */
export const bannersProjection: Projection = {
  name: 'banners',
  collections: [BANNERS],
  handles: new Set(['BannerPublished', 'BannerDeactivated']),
  indexes: { [BANNERS]: [{ key: { active: 1, sort_order: 1 }, name: 'active_order' }] },
  project(event: RecordedEvent): ProjectedOperation[] {
    if (!event.streamName.startsWith('banner-')) return [];
    const _id = event.streamName.slice('banner-'.length);
    const e = { type: event.type, data: event.data } as BannerEvent;
    switch (e.type) {
      case 'BannerPublished':
        return [
          {
            collection: BANNERS,
            operation: {
              updateOne: { filter: { _id }, update: { $setOnInsert: { _position: START } }, upsert: true },
            },
          },
          guardedUpdate(BANNERS, _id, event, {
            $set: {
              title: e.data.title,
              subtitle: e.data.subtitle,
              image: e.data.image,
              link: e.data.link,
              link_label: e.data.linkLabel,
              sort_order: e.data.sortOrder,
              active: 1,
              published_at: event.metadata.occurredAt,
            },
          }),
        ];
      case 'BannerDeactivated':
        return [guardedUpdate(BANNERS, _id, event, { $set: { active: 0 } })];
      default:
        return [];
    }
  },
};

/** seeds 000 §3.2: the banners the home page shows, active ones only, in their order. */
export const activeBanners = (docs: readonly BannerDocument[]): HomeBanner[] =>
  docs
    .filter((d) => d.active === 1)
    .sort((a, b) => a.sort_order - b.sort_order || a._id.localeCompare(b._id))
    .map((d) => ({
      id: d._id,
      title: d.title,
      subtitle: d.subtitle,
      image: d.image,
      link: d.link,
      link_label: d.link_label,
      sort_order: d.sort_order,
      active: 1,
    }));
