import type { PageEvent } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const STATIC_PAGES = 'static_pages';

/** A page record as getStaticPage reads it, in the seeds' field names (seeds 000 §3.2 "Static page"). */
export interface StaticPageDocument {
  /** The page id (`page-<id>`). */
  _id: string;
  [key: string]: unknown;
  title: string;
  content_type: 'html' | 'file';
  content: string;
  file_path: string | null;
  meta_description: string;
  updated_at: string;
  _position: string;
}

/** The static pages read model: each page's latest published record. */
export const pagesProjection = defineProjection<PageEvent>({
  name: 'pages',
  collections: [STATIC_PAGES],
  handles: ['StaticPagePublished'],
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('page-')) return [];
    const _id = event.streamName.slice('page-'.length);
    switch (event.type) {
      case 'StaticPagePublished':
        return [
          {
            collection: STATIC_PAGES,
            operation: {
              updateOne: {
                filter: { _id },
                update: { $setOnInsert: { _position: START } },
                upsert: true,
              },
            },
          },
          guardedUpdate(STATIC_PAGES, _id, event, {
            $set: {
              title: event.data.title,
              content_type: event.data.contentType,
              content: event.data.content,
              file_path: event.data.filePath,
              meta_description: event.data.metaDescription,
              updated_at: event.metadata.occurredAt,
            },
          }),
        ];
      default:
        return [];
    }
  },
});
