import { z } from 'zod';
import { PageContentType, PageId, SpanishPage } from './page-record.ts';

/** The staff list of pages takes nothing: every known page and every published one. */
export const StaffPagesInput = z.strictObject({});

/**
 * A page in the staff list (issue 34 §2 "Content"): a known page never published has no title, no
 * content type and no date, and no versions.
 */
export const StaffPageRow = z.object({
  id: PageId,
  title: z.string().nullable(),
  content_type: PageContentType.nullable(),
  updated_at: z.string().nullable(),
  versions: z.number().int().min(0),
  /** One of the storefront's own pages (knownPageIds): it has a path of its own. */
  known: z.boolean(),
  /** The current version has a Spanish version (issue 34 §2: for_spanish). */
  translated: z.boolean(),
});
export type StaffPageRow = z.infer<typeof StaffPageRow>;

export const StaffPageList = z.object({
  records: z.array(StaffPageRow),
  totalRecords: z.number().int(),
});
export type StaffPageList = z.infer<typeof StaffPageList>;

/** One page's published versions: by its id. */
export const StaffPageHistoryInput = z.strictObject({ id: PageId });

/** Who published a version: the acting admin's id and name (their id when the read side has no name). */
export const PublishedBy = z.object({ id: z.string(), name: z.string() });

/** A published version of a page, as the log recorded it, so an admin can read or restore it. */
export const StaffPageVersion = z.object({
  /** 1 for the first publication, counting up. */
  version: z.number().int().min(1),
  published_at: z.string(),
  published_by: PublishedBy,
  title: z.string(),
  content_type: PageContentType,
  content: z.string(),
  file_path: z.string().nullable(),
  meta_description: z.string(),
  /** The version in Spanish, or null when it had none. */
  spanish: SpanishPage.nullable(),
});
export type StaffPageVersion = z.infer<typeof StaffPageVersion>;

/** Newest first. */
export const StaffPageHistory = z.object({ records: z.array(StaffPageVersion) });
export type StaffPageHistory = z.infer<typeof StaffPageHistory>;
