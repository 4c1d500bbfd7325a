import { z } from 'zod';

/**
 * seeds 000 §2.2 / §2.5: the pages of the header's More menu whose menu labels come from
 * configuration: the four header pages and two further "more" tabs.
 */
export const configurablePageIds = [
  'header_first_page',
  'header_second_page',
  'header_third_page',
  'header_fourth_page',
  'more_third_tab',
  'more_fourth_tab',
] as const;
export type ConfigurablePageId = (typeof configurablePageIds)[number];

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

/** The labels a new shop starts with (the merchant renames them in configuration). */
export const defaultSiteSettings: SiteSettings = {
  header_pages: [
    { id: 'header_first_page', label: 'Wine Storage' },
    { id: 'header_second_page', label: 'Appraisals' },
    { id: 'header_third_page', label: 'Private Sales' },
    { id: 'header_fourth_page', label: 'Events' },
    { id: 'more_third_tab', label: 'Press' },
    { id: 'more_fourth_tab', label: 'Careers' },
  ],
};
