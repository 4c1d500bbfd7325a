import { z } from 'zod';
import { defineEvent } from './registry.ts';

/**
 * A page id: one of the known pages, or a new one as a safe slug (lower-case letters, digits, '_' and
 * '-', starting with a letter), so it can be a path segment and a stream name as it is.
 */
export const PageId = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9_-]*$/, 'a page id is lower-case letters, digits, "_" and "-"');

/**
 * A PDF in the static-files upload folder (seeds 000 §2.2 "the file coming from the static-files
 * upload folder"): a plain file name, never a path.
 */
export const PageFileName = z
  .string()
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*\.pdf$/i, 'a PDF file name without folders');

/**
 * An admin published a page: its whole record as it now reads (seeds 000 §3.2 "Static page"). `content`
 * is HTML already sanitised when the command was decided; a file page names its PDF in `filePath`.
 */
export const StaticPagePublished = defineEvent({
  type: 'StaticPagePublished',
  version: 1,
  schema: z.object({
    pageId: PageId,
    title: z.string().min(1).max(200),
    contentType: z.enum(['html', 'file']),
    content: z.string().max(200_000),
    filePath: PageFileName.nullable(),
    metaDescription: z.string().max(300),
  }),
});
export type StaticPagePublishedData = z.infer<typeof StaticPagePublished.schema>;

export type PageEvent = { type: 'StaticPagePublished'; data: StaticPagePublishedData };
export const pageEventDefinitions = [StaticPagePublished] as const;
