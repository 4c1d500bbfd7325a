import type { PageEvent, RecordedEvent } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import type { ProjectedOperation, Projection } from '../core/projection.ts';

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
export const pagesProjection: Projection = {
  name: 'pages',
  collections: [STATIC_PAGES],
  handles: new Set(['StaticPagePublished']),
  project(event: RecordedEvent): ProjectedOperation[] {
    if (!event.streamName.startsWith('page-')) return [];
    const _id = event.streamName.slice('page-'.length);
    const e = { type: event.type, data: event.data } as PageEvent;
    switch (e.type) {
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
              title: e.data.title,
              content_type: e.data.contentType,
              content: e.data.content,
              file_path: e.data.filePath,
              meta_description: e.data.metaDescription,
              updated_at: event.metadata.occurredAt,
            },
          }),
        ];
      default:
        return [];
    }
  },
};
