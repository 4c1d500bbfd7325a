import type { HomeBanner } from '@wine/contracts';
import type { BannerEvent } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const BANNERS = 'banners';

/** A home banner as getDefault serves it (seeds 000 §3.2), keyed by its id. */
export interface BannerDocument extends Omit<HomeBanner, 'id'> {
  _id: string;
  [key: string]: unknown;
  published_at: string;
  _position: string;
}

/** The home banners read model: the last published record of each, and whether it is active. */
export const bannersProjection = defineProjection<BannerEvent>({
  name: 'banners',
  collections: [BANNERS],
  handles: ['BannerPublished', 'BannerDeactivated'],
  indexes: { [BANNERS]: [{ key: { active: 1, sort_order: 1 }, name: 'active_order' }] },
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('banner-')) return [];
    const _id = event.streamName.slice('banner-'.length);
    switch (event.type) {
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
              title: event.data.title,
              subtitle: event.data.subtitle,
              image: event.data.image,
              link: event.data.link,
              link_label: event.data.linkLabel,
              sort_order: event.data.sortOrder,
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
});

/** A banner document as the wire carries it. */
export const homeBannerOf = (d: BannerDocument): HomeBanner => ({
  id: d._id,
  title: d.title,
  subtitle: d.subtitle,
  image: d.image,
  link: d.link,
  link_label: d.link_label,
  sort_order: d.sort_order,
  active: d.active,
});

/** seeds 000 §3.2: the banners the home page shows, active ones only, in their order. */
export const activeBanners = (docs: readonly BannerDocument[]): HomeBanner[] =>
  docs
    .filter((d) => d.active === 1)
    .sort((a, b) => a.sort_order - b.sort_order || a._id.localeCompare(b._id))
    .map(homeBannerOf);
