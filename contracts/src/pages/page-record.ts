import { type KnownPageId, knownPageIds, PageFileName, PageId } from '@wine/event-schemas';
import { z } from 'zod';
import { plainText } from '../text.ts';

export { type KnownPageId, knownPageIds, PageFileName, PageId };

/** How a page shows (seeds 000 §3.2 "Static page": content_type file, or HTML content otherwise). */
export const PageContentType = z.enum(['html', 'file']);
export type PageContentType = z.infer<typeof PageContentType>;

/** The folder (under the API host) the static-files uploads are served from. */
export const PAGE_FILES_URL = '/uploads/files/';

/**
 * A page record as getStaticPage answers it, in the seeds' field names (seeds 000 §3.2 "Static
 * page", §7 getStaticPage): `content` is sanitised HTML, `file_path` the PDF's file name in the
 * static-files upload folder.
 */
export const StaticPageRecord = z.object({
  id: PageId,
  title: z.string(),
  content_type: PageContentType,
  content: z.string(),
  file_path: z.string().nullable(),
  meta_description: z.string(),
  updated_at: z.string(),
});
export type StaticPageRecord = z.infer<typeof StaticPageRecord>;

/** getStaticPage's input: the id taken from the path. */
export const StaticPageInput = z.strictObject({ id: PageId });
export type StaticPageInput = z.infer<typeof StaticPageInput>;

const PageFields = {
  id: PageId,
  // What a reader and a search engine show: no control, bidi or invisible characters (text.ts).
  title: plainText('Title').min(1).max(200),
  meta_description: plainText('Meta description').max(300).default(''),
};

/**
 * What an admin publishes: an HTML page (its content is sanitised again by the server) or a PDF
 * page naming a file already in the upload folder, by its plain name: no folders, no '..'.
 */
export const PublishPageInput = z.discriminatedUnion('content_type', [
  z.strictObject({
    ...PageFields,
    content_type: z.literal('html'),
    content: z.string().min(1).max(100_000),
  }),
  z.strictObject({
    ...PageFields,
    content_type: z.literal('file'),
    file_path: PageFileName,
    content: z.string().max(100_000).default(''),
  }),
]);
export type PublishPageInput = z.input<typeof PublishPageInput>;
