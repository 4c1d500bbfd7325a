import { type FilterItem, type LotView, type SearchFilter, searchLimits } from '@wine/contracts';
import * as z from 'zod/mini';
import {
  choiceParam,
  lazySearch,
  optionalChoiceParam,
  pageParam,
  pageSizeParam,
  type SearchInputOf,
  type SearchOf,
  searchText,
} from './search-param.ts';

/** seeds 000 §9: page sizes 25, 50, 100 (the page offers the first three). */
export const pageSizeOptions = [25, 50, 100] as const;

/** The sort orders the browse page offers: an order field of the search API and a direction (label: its text's key). */
export const sortOptions = [
  { value: 'p.date_closed:asc', label: 'ui.sort.closingSoonest' },
  { value: 'p.date_added:desc', label: 'ui.sort.newlyListed' },
  { value: 'p.wprice:asc', label: 'ui.sort.priceLowHigh' },
  { value: 'p.wprice:desc', label: 'ui.sort.priceHighLow' },
  { value: 'p.vintage:desc', label: 'ui.sort.vintageNewest' },
  { value: 'p.vintage:asc', label: 'ui.sort.vintageOldest' },
  { value: 'p.title:asc', label: 'ui.sort.nameAZ' },
  { value: 'p.bid_count:desc', label: 'ui.browseSearch.mostBids' },
  { value: 'p.rating:desc', label: 'ui.browseSearch.ratingHighest' },
] as const;

const orderFields = [
  'p.date_closed',
  'p.date_added',
  'p.wprice',
  'p.vintage',
  'p.title',
  'p.bid_count',
  'p.rating',
] as const;

/** The highest price a buyer can ask for, in dollars (contracts: prices are at most $999,999.99). */
export const PRICE_MAX = 999_999;
/** Critic scores are on the 100-point scale. */
export const RATING_MAX = 100;

// The search contract's limits (contracts searchLimits): the page never asks what the API refuses.
const text = () => searchText({ max: searchLimits.valueLength });
/** A whole number between 0 and `max` (the router reads '100' as a number; '100' as text is accepted too). */
const bound = (max: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,7}$/)), z.transform(Number))]),
        z.int().check(z.minimum(0), z.maximum(max)),
      ),
    ),
    undefined,
  );
const list = <T extends z.ZodMiniType>(item: T) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([item, z.array(item).check(z.maxLength(searchLimits.values))]),
        z.transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]),
      ),
    ),
    undefined,
  );

/** /search query parameters (seeds 000 §2.1: country, region, subregion, searchQuery) plus paging and filters. */
export const browseSearchSchema = lazySearch(() =>
  z.object({
    country: text(),
    region: text(),
    subregion: text(),
    searchQuery: text(),
    /** One auction's lots (from /auction). */
    auction: text(),
    /** Auction lots or buy-now lots (issue 31: the collector's filters). */
    sale: optionalChoiceParam(['auction', 'buynow']),
    producer: text(),
    /** Lots closing today (the reader's day). */
    closing: optionalChoiceParam(['today']),
    /** Lots without a reserve. */
    reserve: optionalChoiceParam(['none']),
    color: list(z.string().check(z.maxLength(40))),
    vintage: list(z.int()),
    bottlesize: list(z.string().check(z.maxLength(40))),
    /** The price shown on the lot (current bid or buy-now price), in whole dollars. */
    priceMin: bound(PRICE_MAX),
    priceMax: bound(PRICE_MAX),
    /** The best critic score (seeds 000 §3.2 rating filter). */
    ratingMin: bound(RATING_MAX),
    ratingMax: bound(RATING_MAX),
    page: pageParam(searchLimits.page),
    limit: pageSizeParam(pageSizeOptions),
    orderby: choiceParam(orderFields, 'p.date_closed'),
    order: choiceParam(['asc', 'desc'], 'asc'),
  }),
);
export type BrowseSearch = SearchOf<typeof browseSearchSchema>;
export type BrowseSearchInput = SearchInputOf<typeof browseSearchSchema>;

/** The parameters that narrow the results (the rest are paging and sorting). */
export const filterKeys = [
  'searchQuery',
  'country',
  'region',
  'subregion',
  'auction',
  'sale',
  'producer',
  'closing',
  'reserve',
  'color',
  'vintage',
  'bottlesize',
  'priceMin',
  'priceMax',
  'ratingMin',
  'ratingMax',
] as const satisfies readonly (keyof BrowseSearch)[];
export type FilterKey = (typeof filterKeys)[number];

/** Whether any filter narrows the results. */
export const hasFilters = (search: BrowseSearch): boolean =>
  filterKeys.some((key) => search[key] !== undefined);

/** The same search without any filter: the sort order and page size stay, the page is the first. */
export const withoutFilters = (search: BrowseSearch): BrowseSearch => {
  const cleared: BrowseSearch = { ...search, page: 1 };
  for (const key of filterKeys) delete cleared[key];
  return cleared;
};

/** A 'low-high' range of the search API ('low-' has no upper bound); none when neither bound is set. */
export function rangeOf(low: number | undefined, high: number | undefined): string | undefined {
  if (low === undefined && high === undefined) return undefined;
  if (low !== undefined && high !== undefined && low > high) return `${high}-${low}`;
  return `${low ?? 0}-${high ?? ''}`;
}

/** Only open lots are listed (seeds 000 §4.1: bid and buy controls exist for open lots only). */
const openOnly: FilterItem = { value: ['open'], type: 'array', field: 'p.market_status' };

const DAY_MS = 86_400_000;

/**
 * 'Today' in the reader's time zone, from its midnight to the next, as the search API's span of times.
 * Whole days, so a page's filter (and its cache key) stays the same all day; past closes are closed
 * lots, which the browse page does not list anyway.
 */
export function todaySpan(now: number): string {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  const end = new Date(start.getTime() + DAY_MS + 2 * 3_600_000);
  end.setHours(0, 0, 0, 0); // a day of 23 or 25 hours (daylight saving) still ends at midnight
  return `${start.toISOString()}/${end.toISOString()}`;
}

/**
 * The search API's filter object (seeds 000 §3.2) for the browse page's parameters; `now` (the server's
 * clock as the reader sees it) says which day 'closing today' is.
 */
export function toSearchFilter(search: BrowseSearch, now: number = Date.now()): SearchFilter {
  const filters: Record<string, FilterItem> = { market_status: openOnly };
  if (search.searchQuery) filters.searchbar = { value: search.searchQuery, type: 'like', field: 'p.title' };
  if (search.country)
    filters.country = { value: [search.country], type: 'array', field: 'p.custitem_gvo_country' };
  if (search.region) filters.region = { value: [search.region], type: 'array', field: 'p.custitemctregion' };
  if (search.subregion) {
    filters.subregion = { value: [search.subregion], type: 'array', field: 'p.custitemctsubregion' };
  }
  if (search.auction) filters.auctionid = { value: [search.auction], type: 'array', field: 'p.auctionid' };
  if (search.sale === 'auction') filters.auction = { value: [1], type: 'in', field: 'p.auction' };
  if (search.sale === 'buynow') filters.buynow = { value: [1], type: 'in', field: 'p.buynow' };
  if (search.producer) {
    filters.producer = { value: [search.producer], type: 'array', field: 'p.custitem_gvo_producer' };
  }
  if (search.closing === 'today') {
    filters.closing = { value: [todaySpan(now)], type: 'date:range', field: 'p.date_closed' };
  }
  if (search.reserve === 'none') filters.noreserve = { value: [1], type: 'in', field: 'p.no_reserve' };
  if (search.color?.length)
    filters.color = { value: search.color, type: 'array', field: 'p.custitem_gvo_color' };
  if (search.vintage?.length) filters.vintage = { value: search.vintage, type: 'array', field: 'p.vintage' };
  if (search.bottlesize?.length) {
    filters.bottlesize = { value: search.bottlesize, type: 'array', field: 'p.custitem_gvo_bottlesize' };
  }
  const price = rangeOf(search.priceMin, search.priceMax);
  // seeds 000 §3.2 bprice: asked in dollars, on the price the lot shows (wprice).
  if (price) filters.bprice = { value: [price], type: 'array:mfield:range', field: 'p.wprice' };
  const rating = rangeOf(search.ratingMin, search.ratingMax);
  if (rating) filters.rating = { value: [rating], type: 'array:mfield:range', field: 'p.rating' };
  return { limit: search.limit, page: search.page, orderby: search.orderby, order: search.order, filters };
}

/** The home page: the 25 open lots closing soonest. */
export const CLOSING_SOON_LIMIT = 25;
export const closingSoonFilter: SearchFilter = {
  limit: CLOSING_SOON_LIMIT,
  page: 1,
  orderby: 'p.date_closed',
  order: 'asc',
  filters: { market_status: openOnly },
};

/** Within the bounds as the server reads a range (reversed bounds are swapped). */
function inRange(value: number, low: number | undefined, high: number | undefined): boolean {
  const [a, b] = low !== undefined && high !== undefined && low > high ? [high, low] : [low, high];
  return (a === undefined || value >= a) && (b === undefined || value <= b);
}

const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/** Whether a lot belongs in the results for these parameters (mirrors the server's filters). */
export function lotMatches(lot: LotView, search: Partial<BrowseSearch>): boolean {
  if (lot.market_status !== 'open') return false;
  if (search.country && !same(lot.custitem_gvo_country, search.country)) return false;
  if (search.region && !same(lot.custitemctregion, search.region)) return false;
  if (search.subregion && !same(lot.custitemctsubregion, search.subregion)) return false;
  if (search.auction && lot.auctionid !== search.auction) return false;
  if (search.sale === 'auction' && lot.auction !== 1) return false;
  if (search.sale === 'buynow' && lot.buynow !== 1) return false;
  if (search.producer && lot.custitem_gvo_producer !== search.producer) return false;
  if (search.closing === 'today') {
    const [from = '', to = ''] = todaySpan(Date.now()).split('/');
    if (!(lot.date_closed >= from && lot.date_closed < to)) return false;
  }
  // Whether a lot has a reserve is not in its view: the refetch the match leads to asks the server.
  if (search.color?.length && !search.color.some((c) => same(lot.custitem_gvo_color, c))) return false;
  if (search.vintage?.length && (lot.vintage === null || !search.vintage.includes(lot.vintage))) return false;
  if (search.bottlesize?.length && !search.bottlesize.some((b) => same(lot.custitem_gvo_bottlesize, b))) {
    return false;
  }
  if (!inRange(lot.wprice / 100, search.priceMin, search.priceMax)) return false;
  if ((search.ratingMin !== undefined || search.ratingMax !== undefined) && lot.rating === null) return false;
  if (lot.rating !== null && !inRange(lot.rating, search.ratingMin, search.ratingMax)) return false;
  if (search.searchQuery) {
    // contracts searchFilterRules.searchbar: title, producer, region, country and SKU.
    const q = search.searchQuery.toLowerCase();
    const fields = [
      lot.title,
      lot.custitem_gvo_producer,
      lot.custitemctregion,
      lot.custitem_gvo_country,
      lot.itemId,
    ];
    if (!fields.some((f) => (f ?? '').toLowerCase().includes(q))) return false;
  }
  return true;
}

/** Events that put a lot on the market (a new lot may belong on a page it is not on yet). */
export function isNewLotEvent(event: string): boolean {
  return /^Lot(Listed|Relisted)/.test(event);
}
