import { isPageId, type KnownPageId, knownPageIds, PageFileName, PageId } from '@wine/event-schemas';
import { z } from 'zod';
import { FileBytes } from '../photos/actions.ts';
import { plainText } from '../text.ts';

export { isPageId, type KnownPageId, knownPageIds, PageFileName, PageId };

/** How a page shows (seeds 000 §3.2 "Static page": content_type file, or HTML content otherwise). */
export const PageContentType = z.enum(['html', 'file']);
export type PageContentType = z.infer<typeof PageContentType>;

/** The folder (under the API host) the static-files uploads are served from. */
export const PAGE_FILES_URL = '/uploads/files/';
/** The file store's folder of the static-files uploads (served at PAGE_FILES_URL). */
export const PAGE_FILES_FOLDER = 'files';
/** The largest PDF a page takes (issue 34 §2: a page's PDF, not an archive). */
export const MAX_PAGE_FILE_BYTES = 10 * 1024 * 1024;

/**
 * The languages a page is written in (seeds 000 "Language": for_english, the default, and
 * for_spanish), by the codes of contracts/src/i18n `languages`.
 */
export const PageLanguage = z.enum(['en', 'es']);
export type PageLanguage = z.infer<typeof PageLanguage>;

/**
 * A page record as getStaticPage answers it, in the seeds' field names (seeds 000 §3.2 "Static
 * page", §7 getStaticPage): `content` is sanitised HTML, `file_path` the PDF's file name in the
 * static-files upload folder. Each field in the language asked for, or in English where the page has
 * no Spanish for it; `language` is the language of the page's body (its content or its PDF).
 */
export const StaticPageRecord = z.object({
  id: PageId,
  title: z.string(),
  content_type: PageContentType,
  content: z.string(),
  file_path: z.string().nullable(),
  meta_description: z.string(),
  updated_at: z.string(),
  language: PageLanguage,
});
export type StaticPageRecord = z.infer<typeof StaticPageRecord>;

/** getStaticPage's input: the id taken from the path, and the reader's language (English if none). */
export const StaticPageInput = z.strictObject({ id: PageId, language: PageLanguage.default('en') });
export type StaticPageInput = z.input<typeof StaticPageInput>;

/**
 * A page's Spanish version as an admin writes it: each field optional ('' or null shows the English
 * one there). The HTML is sanitised by the server as the English is.
 */
export const SpanishPageInput = z.strictObject({
  title: plainText('Spanish title').max(200).default(''),
  meta_description: plainText('Spanish meta description').max(300).default(''),
  content: z.string().max(100_000).default(''),
  /** A PDF page's Spanish file (in the upload folder); null shows the English PDF. */
  file_path: PageFileName.nullable().default(null),
});
export type SpanishPageInput = z.input<typeof SpanishPageInput>;
/** A page's Spanish version as it is kept and shown to the staff (null: not translated). */
export const SpanishPage = z.object({
  title: z.string(),
  meta_description: z.string(),
  content: z.string(),
  file_path: z.string().nullable(),
});
export type SpanishPage = z.infer<typeof SpanishPage>;

const PageFields = {
  id: PageId,
  // What a reader and a search engine show: no control, bidi or invisible characters (text.ts).
  title: plainText('Title').min(1).max(200),
  meta_description: plainText('Meta description').max(300).default(''),
  /** Issue 34 §2: the page in Spanish (for_spanish), optional. */
  spanish: SpanishPageInput.nullable().default(null),
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

/** A page's PDF upload: the file's bytes in `file_upload` (its name and type, the caller's, are ignored). */
export const PageUploadInput = z.strictObject({ file_upload: FileBytes });

/** The stored PDF: its name in the static-files folder (the hash of its content) and its size. */
export const PageUploadResult = z.object({ file_name: PageFileName, size: z.number().int().min(0) });
export type PageUploadResult = z.infer<typeof PageUploadResult>;

/** What a page record holds in both languages: the English fields and the Spanish version, if any. */
export interface BilingualPage {
  title: string;
  content_type: PageContentType;
  content: string;
  file_path: string | null;
  meta_description: string;
  spanish: SpanishPage | null;
}

/** True when the HTML shows nothing (no text, no image): a Spanish body left empty. */
const blank = (html: string) => !/<img\b/i.test(html) && html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';

/**
 * A page in one language (issue 34 §2, seeds 000 "Language": English is the fallback): each Spanish
 * field where it is written, the English one where it is not. The body (an HTML page's content, a PDF
 * page's file) says which language it is in. The server's getStaticPage and the editor's preview both
 * read a page this way.
 */
export function pageInLanguage(
  page: BilingualPage,
  language: PageLanguage,
): Pick<
  StaticPageRecord,
  'title' | 'content_type' | 'content' | 'file_path' | 'meta_description' | 'language'
> {
  const english = {
    title: page.title,
    content_type: page.content_type,
    content: page.content,
    file_path: page.content_type === 'file' ? page.file_path : null,
    meta_description: page.meta_description,
    language: 'en' as const,
  };
  const es = language === 'es' ? page.spanish : null;
  if (!es) return english;
  const bodyInSpanish = page.content_type === 'file' ? Boolean(es.file_path) : !blank(es.content);
  return {
    ...english,
    title: es.title.trim() || english.title,
    meta_description: es.meta_description.trim() || english.meta_description,
    content: blank(es.content) ? english.content : es.content,
    file_path: page.content_type === 'file' ? (es.file_path ?? english.file_path) : null,
    language: bodyInSpanish ? 'es' : 'en',
  };
}
