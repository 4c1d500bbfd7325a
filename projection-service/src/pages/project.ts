import type { SpanishPage } from '@wine/contracts';
import type { PageEvent, SpanishPageData } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const STATIC_PAGES = 'static_pages';
/** Every published version of every page (issue 34 §2 "Content": the staff's history of a page). */
export const STATIC_PAGE_VERSIONS = 'static_page_versions';

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
  /** The page in Spanish (issue 34 §2), or null when it has none. */
  spanish: SpanishPage | null;
  updated_at: string;
  /** How many times the page was published. */
  versions: number;
  _position: string;
}

/** One published version of a page, as the log recorded it: `<page id>@<revision>`. */
export interface StaticPageVersionDocument {
  _id: string;
  [key: string]: unknown;
  page_id: string;
  /** 1 for the first publication (the event's revision in the page's stream, plus one). */
  version: number;
  published_at: string;
  /** The acting admin (the event's metadata). */
  published_by: string;
  title: string;
  content_type: 'html' | 'file';
  content: string;
  file_path: string | null;
  meta_description: string;
  spanish: SpanishPage | null;
  _position: string;
}

/** A version's id: its page and its revision, zero-padded so the ids sort as the versions. */
export const versionId = (pageId: string, revision: number): string =>
  `${pageId}@${String(revision).padStart(6, '0')}`;

/** The Spanish version in the seeds' field names; events of version 1 (read as null) have none. */
const spanishOf = (spanish: SpanishPageData | null | undefined): SpanishPage | null =>
  spanish
    ? {
        title: spanish.title,
        meta_description: spanish.metaDescription,
        content: spanish.content,
        file_path: spanish.filePath,
      }
    : null;

/**
 * The static pages read model: each page's latest published record, and every version published
 * (each written once, by its revision: a replayed event inserts nothing again).
 */
export const pagesProjection = defineProjection<PageEvent>({
  name: 'pages',
  collections: [STATIC_PAGES, STATIC_PAGE_VERSIONS],
  handles: ['StaticPagePublished'],
  indexes: {
    [STATIC_PAGE_VERSIONS]: [{ key: { page_id: 1, version: -1 }, name: 'page_version' }],
  },
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
              spanish: spanishOf(event.data.spanish),
              updated_at: event.metadata.occurredAt,
            },
            $inc: { versions: 1 },
          }),
          {
            collection: STATIC_PAGE_VERSIONS,
            operation: {
              updateOne: {
                filter: { _id: versionId(_id, event.revision) },
                update: {
                  $setOnInsert: {
                    page_id: _id,
                    version: event.revision + 1,
                    published_at: event.metadata.occurredAt,
                    published_by: event.metadata.actor.id,
                    title: event.data.title,
                    content_type: event.data.contentType,
                    content: event.data.content,
                    file_path: event.data.filePath,
                    meta_description: event.data.metaDescription,
                    spanish: spanishOf(event.data.spanish),
                    _position: event.position,
                  },
                },
                upsert: true,
              },
            },
          },
        ];
      default:
        return [];
    }
  },
});
