/*
 * Apart from the schemas (search-filter.ts), so the browse page, which bounds its URL with them, does
 * not load zod with them (issue 11).
 */

/**
 * What one search may ask for. Each text value becomes a pattern matched against up to five fields
 * (the search bar's), so the lists and the texts are kept short: 100 values of 190 characters
 * took seconds a request. The storefront sends one value per filter, a few for colours and vintages.
 */
export const searchLimits = {
  /** Values in one filter's list ('array', 'in', 'notin', 'array:mfield:range'). */
  values: 20,
  /** Values in an 'array:like' list: each is a pattern over every field of the filter. */
  likeValues: 5,
  /** Characters in one text value. */
  valueLength: 100,
  /** Filters in one search: more than there are filter names. */
  filters: 20,
  /** The deepest page: with 100 a page, the first 100,000 results. */
  page: 1000,
} as const;
