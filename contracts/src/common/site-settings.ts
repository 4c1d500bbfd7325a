import { configurablePageIds } from '@wine/event-schemas';
import { z } from 'zod';

/**
 * A configurable page's menu entry: its id (the path, `/{id}`) and its label, the page's own title;
 * `label_es` its Spanish title, when the page has one (issue 34 §2: the menu in the reader's language).
 */
export const HeaderPage = z.object({
  id: z.enum(configurablePageIds),
  label: z.string().trim().min(1).max(60),
  label_es: z.string().trim().min(1).max(60).optional(),
});
export type HeaderPage = z.infer<typeof HeaderPage>;

/**
 * The storefront's configuration variables (seeds 000 §3.2 "Default data bundle"), sent to the UI in
 * getDefault. The merchant's own words, in one language: the UI shows them as they are.
 */
export const SiteSettings = z.object({
  header_pages: z.array(HeaderPage).max(configurablePageIds.length),
  /** seeds 000 §1: the buyer's premium explained, per language ('' keeps the standard note). */
  premium_text: z.object({ en: z.string(), es: z.string() }),
  /** seeds 000 §4.8: the welcome popup's text, per language ('' keeps the standard text). */
  welcome_text: z.object({ en: z.string(), es: z.string() }),
  /** The staggered close a new auction starts with: lots closing each minute. */
  lots_per_minute: z.number().int(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
