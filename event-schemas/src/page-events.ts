import { z } from 'zod';
import { PAGE_ID_PATTERN } from './page-ids.ts';
import { defineEvent } from './registry.ts';

/**
 * A page id: one of the known pages, or a new one as a safe slug (lower-case letters, digits, '_' and
 * '-', starting with a letter), so it can be a path segment and a stream name as it is.
 */
export const PageId = z
  .string()
  .max(64)
  .regex(PAGE_ID_PATTERN, 'a page id is lower-case letters, digits, "_" and "-"');

/**
 * A PDF in the static-files upload folder (seeds 000 §2.2 "the file coming from the static-files
 * upload folder"): a plain file name, never a path.
 */
export const PageFileName = z
  .string()
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*\.pdf$/i, 'a PDF file name without folders');

/**
 * The Spanish version of a page (seeds 000 "Language": for_spanish beside for_english): what it says in
 * Spanish, each field '' (or null) where it is not translated, so the English one is shown there.
 */
export const SpanishPage = z.object({
  title: z.string().max(200),
  content: z.string().max(200_000),
  /** A PDF page's Spanish file; null shows the English one. */
  filePath: PageFileName.nullable(),
  metaDescription: z.string().max(300),
});
export type SpanishPageData = z.infer<typeof SpanishPage>;

const StaticPagePublishedV2 = z.object({
  pageId: PageId,
  title: z.string().min(1).max(200),
  contentType: z.enum(['html', 'file']),
  content: z.string().max(200_000),
  filePath: PageFileName.nullable(),
  metaDescription: z.string().max(300),
  /** Issue 34 §2: the page in Spanish, or null when it has no Spanish version. */
  spanish: SpanishPage.nullable(),
});

/**
 * An admin published a page: its whole record as it now reads (seeds 000 §3.2 "Static page"), in English
 * and, when translated, in Spanish. `content` is HTML already sanitised when the command was decided
 * (both languages); a file page names its PDF in `filePath`. Version 1 had no Spanish: it reads as
 * `spanish: null`.
 */
export const StaticPagePublished = defineEvent({
  type: 'StaticPagePublished',
  version: 2,
  schema: StaticPagePublishedV2,
  upcasters: { 1: (data) => ({ ...(data as object), spanish: null }) },
});
export type StaticPagePublishedData = z.infer<typeof StaticPagePublished.schema>;

export type PageEvent = { type: 'StaticPagePublished'; data: StaticPagePublishedData };
export const pageEventDefinitions = [StaticPagePublished] as const;
