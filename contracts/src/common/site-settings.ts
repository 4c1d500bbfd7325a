import { configurablePageIds } from '@wine/event-schemas';
import { z } from 'zod';

/** A configurable page's menu entry: its id (the path, `/{id}`) and the label the merchant chose. */
export const HeaderPage = z.object({
  id: z.enum(configurablePageIds),
  label: z.string().trim().min(1).max(60),
});
export type HeaderPage = z.infer<typeof HeaderPage>;

/**
 * The storefront's configuration variables (seeds 000 §3.2 "Default data bundle"), sent to the UI in
 * getDefault. The merchant's own words, in one language: the UI shows them as they are.
 */
export const SiteSettings = z.object({
  header_pages: z.array(HeaderPage).max(configurablePageIds.length),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
