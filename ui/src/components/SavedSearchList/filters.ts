import type { FilterItem } from '@wine/contracts';
import type { TFunction } from 'i18next';
import type { BrowseSearchInput } from '../../lib/search.ts';

type Filters = Readonly<Record<string, FilterItem>>;

const listOf = (value: FilterItem['value']) =>
  (Array.isArray(value) ? value : [value]).filter((v) => v !== '');

/** The label of each filter name a summary shows (market_status is always 'open' on the browse page). */
const labels: Record<string, (t: TFunction) => string> = {
  searchbar: (t) => t('ui.savedSearch.filterText'),
  country: (t) => t('ui.lot.country'),
  region: (t) => t('ui.lot.region'),
  subregion: (t) => t('ui.lot.subregion'),
  producer: (t) => t('ui.lot.producer'),
  color: (t) => t('ui.lot.colour'),
  vintage: (t) => t('ui.lot.vintage'),
  bottlesize: (t) => t('ui.lot.bottleSize'),
  bprice: (t) => t('ui.savedSearch.filterPrice'),
  rating: (t) => t('ui.savedSearch.filterRating'),
  auctionid: (t) => t('ui.savedSearch.filterAuction'),
};

/** Issue 31: filters that are a choice, not values: shown as the choice. */
const flags: Record<string, (t: TFunction) => string> = {
  auction: (t) => t('ui.store.chipAuction'),
  buynow: (t) => t('ui.store.chipBuyNow'),
  noreserve: (t) => t('ui.store.noReserve'),
  closing: (t) => t('ui.store.closingToday'),
};

/** A saved search's filters in a line: "Colour: Red, White · Country: France". */
export function filterSummary(filters: Filters, t: TFunction): string {
  const parts = Object.entries(filters).flatMap(([name, item]) => {
    const flag = flags[name];
    if (flag) return [flag(t)];
    const label = labels[name];
    const values = listOf(item.value);
    if (!label || values.length === 0) return [];
    const shown = name === 'searchbar' ? values.map((v) => `"${v}"`) : values.map(String);
    return [`${label(t)}: ${shown.join(', ')}`];
  });
  return parts.length > 0 ? parts.join(' · ') : t('ui.savedSearch.allLots');
}

const first = (filters: Filters, name: string) => {
  const item = filters[name];
  const value = item ? listOf(item.value)[0] : undefined;
  return value === undefined ? undefined : String(value);
};
const all = (filters: Filters, name: string) => {
  const item = filters[name];
  return item ? listOf(item.value) : undefined;
};

/**
 * The browse page's URL parameters for a saved search (lib/search.ts toSearchFilter, the other way):
 * "Run" opens /search with them.
 */
export function browseParamsOf(filters: Filters): BrowseSearchInput {
  const params: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) params[key] = value;
  };
  set('searchQuery', first(filters, 'searchbar'));
  set('country', first(filters, 'country'));
  set('region', first(filters, 'region'));
  set('subregion', first(filters, 'subregion'));
  set('auction', first(filters, 'auctionid'));
  set('producer', first(filters, 'producer'));
  if (filters.auction) set('sale', 'auction');
  if (filters.buynow) set('sale', 'buynow');
  if (filters.noreserve) set('reserve', 'none');
  // 'Closing today' is today again when the search runs.
  if (filters.closing) set('closing', 'today');
  set('color', all(filters, 'color')?.map(String));
  set('vintage', all(filters, 'vintage')?.map(Number));
  set('bottlesize', all(filters, 'bottlesize')?.map(String));
  for (const [name, low, high] of [
    ['bprice', 'priceMin', 'priceMax'],
    ['rating', 'ratingMin', 'ratingMax'],
  ] as const) {
    const [from, to] = (first(filters, name) ?? '').split('-');
    if (from) set(low, Number(from));
    if (to) set(high, Number(to));
  }
  return params as BrowseSearchInput;
}
