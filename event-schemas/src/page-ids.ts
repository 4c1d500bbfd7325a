/**
 * seeds 000 §2.2 / §2.5: the pages of the header's More menu whose menu labels come from
 * configuration (contracts site settings): the four header pages and two further "more" tabs.
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

/**
 * The static content pages of seeds 000 §2.2 (and the pages of §2.1 that read the same record:
 * /aboutus, /howitworks, /terms-conditions), by the id taken from the path. Apart from the event
 * schemas (page-events.ts), so the route that checks a page id does not load zod with it (issue 11).
 */
export const knownPageIds = [
  'about',
  'services',
  'help',
  'guidelines',
  'privacy_policy',
  'terms_of_use',
  'faq',
  'delivery',
  'selling_wine',
  'contact_us',
  ...configurablePageIds,
  'aboutus',
  'howitworks',
  'terms-conditions',
] as const;
export type KnownPageId = (typeof knownPageIds)[number];

/**
 * A page id's shape (page-events.ts PageId): here, apart from the schema, so a route that checks an id
 * before it loads a page does not bring zod into the first load (issue 11).
 */
export const PAGE_ID_PATTERN = /^[a-z][a-z0-9_-]*$/;
/** Whether `id` could be a page id (its shape and length), without zod. */
export const isPageId = (id: string): boolean => id.length <= 64 && PAGE_ID_PATTERN.test(id);
