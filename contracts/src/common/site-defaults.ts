import type { SiteSettings } from './site-settings.ts';

/*
 * The configurable pages and the labels a new shop starts with: plain data, apart from the schemas
 * (site-settings.ts), so the header that shows them does not load zod with them (issue 11).
 */

// The configurable pages are page ids (event-schemas): the header's More menu names them.
export { type ConfigurablePageId, configurablePageIds } from '@wine/event-schemas';

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
