import { DEFAULT_LOTS_PER_MINUTE } from '../auctions/schedule.ts';
import type { SiteSettings } from './site-settings.ts';

/*
 * The configurable pages and the labels a new shop starts with: plain data, apart from the schemas
 * (site-settings.ts), so the header that shows them does not load zod with them (issue 11).
 */

// The configurable pages are page ids (event-schemas): the header's More menu names them.
export { type ConfigurablePageId, configurablePageIds } from '@wine/event-schemas';

/**
 * A new shop's configuration: no configurable page in the menu until its page is published. The menu
 * labels are the published pages' own titles (getDefault), never a list kept apart from the pages:
 * such a list named one page and linked another (issue 31).
 */
export const defaultSiteSettings: SiteSettings = {
  header_pages: [],
  premium_text: { en: '', es: '' },
  welcome_text: { en: '', es: '' },
  lots_per_minute: DEFAULT_LOTS_PER_MINUTE,
};
