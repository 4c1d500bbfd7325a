import { SearchFilter } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { aLot } from '../test-utils/fixtures.ts';
import {
  browseSearchSchema,
  hasFilters,
  isNewLotEvent,
  lotMatches,
  PRICE_MAX,
  rangeOf,
  sortOptions,
  toSearchFilter,
  withoutFilters,
} from './search.ts';

describe('browseSearchSchema', () => {
  it('defaults paging and sorting and repairs bad values instead of failing the page', () => {
    expect(browseSearchSchema.read({})).toMatchObject({
      page: 1,
      limit: 25,
      orderby: 'p.date_closed',
      order: 'asc',
    });
    expect(browseSearchSchema.read({ page: -3, limit: 7, orderby: 'p.secret', order: 'up' })).toMatchObject({
      page: 1,
      limit: 25,
      orderby: 'p.date_closed',
      order: 'asc',
    });
  });

  it('leaves out of the URL what is at its default, and keeps the rest', () => {
    const [withoutDefaults] = browseSearchSchema.middlewares;
    const written = withoutDefaults?.({
      search: browseSearchSchema.read({ page: 3, color: ['Red'] }),
      // The router's next step: the search as checked, with the defaults filled in.
      next: (search) => browseSearchSchema.read({ ...search, page: 1, order: 'desc' }),
    });
    expect(written).toEqual({ color: ['Red'], order: 'desc' });
  });

  it('reads a numeric-looking search query as text and single filter values as lists', () => {
    expect(browseSearchSchema.read({ searchQuery: 2015, color: 'Red', vintage: 2010 })).toMatchObject({
      searchQuery: '2015',
      color: ['Red'],
      vintage: [2010],
    });
  });
});

describe('toSearchFilter', () => {
  it('builds the search API filter object for open lots', () => {
    const search = browseSearchSchema.read({
      country: 'France',
      searchQuery: 'margaux',
      color: ['Red'],
      page: 2,
    });
    expect(toSearchFilter(search)).toEqual({
      limit: 25,
      page: 2,
      orderby: 'p.date_closed',
      order: 'asc',
      filters: {
        market_status: { value: ['open'], type: 'array', field: 'p.market_status' },
        searchbar: { value: 'margaux', type: 'like', field: 'p.title' },
        country: { value: ['France'], type: 'array', field: 'p.custitem_gvo_country' },
        color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' },
      },
    });
  });
});

describe('lotMatches', () => {
  it('matches the page filters like the server does', () => {
    const lot = aLot();
    expect(lotMatches(lot, { country: 'france', region: 'Bordeaux' })).toBe(true);
    expect(lotMatches(lot, { searchQuery: 'MARGAUX' })).toBe(true);
    expect(lotMatches(lot, { searchQuery: 'sku-1001' })).toBe(true);
    expect(lotMatches(lot, { country: 'Italy' })).toBe(false);
    expect(lotMatches(lot, { vintage: [2016] })).toBe(false);
    expect(lotMatches(aLot({ market_status: 'sold' }), {})).toBe(false);
  });

  it('knows which events list a new lot', () => {
    expect(isNewLotEvent('LotListed')).toBe(true);
    expect(isNewLotEvent('BidPlaced')).toBe(false);
  });
});

describe('the browse filters in the URL', () => {
  it('reads price and rating bounds as whole numbers and drops what cannot be one', () => {
    expect(
      browseSearchSchema.read({ priceMin: 100, priceMax: '500', ratingMin: 90, ratingMax: 100 }),
    ).toMatchObject({ priceMin: 100, priceMax: 500, ratingMin: 90, ratingMax: 100 });
    const bad = browseSearchSchema.read({
      priceMin: -1,
      priceMax: 'lots',
      ratingMin: 101,
      ratingMax: 9.5,
    });
    expect([bad.priceMin, bad.priceMax, bad.ratingMin, bad.ratingMax]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(browseSearchSchema.read({ priceMax: PRICE_MAX + 1 }).priceMax).toBeUndefined();
  });

  it('offers every sort of the seeds, each one the search API accepts', () => {
    for (const option of sortOptions) {
      const [orderby, order] = option.value.split(':');
      const parsed = browseSearchSchema.read({ orderby, order });
      expect([parsed.orderby, parsed.order]).toEqual([orderby, order]);
      expect(SearchFilter.safeParse(toSearchFilter(parsed)).success).toBe(true);
    }
    expect(sortOptions.map((o) => o.value)).toEqual(
      expect.arrayContaining(['p.bid_count:desc', 'p.rating:desc', 'p.title:asc', 'p.date_added:desc']),
    );
  });

  it('asks for price ranges in dollars on the shown price, and for rating ranges', () => {
    const search = browseSearchSchema.read({ priceMin: 100, priceMax: 500, ratingMin: 95 });
    const { filters } = toSearchFilter(search);
    expect(filters?.bprice).toEqual({ value: ['100-500'], type: 'array:mfield:range', field: 'p.wprice' });
    expect(filters?.rating).toEqual({ value: ['95-'], type: 'array:mfield:range', field: 'p.rating' });
    expect(toSearchFilter(browseSearchSchema.read({ priceMax: 50 })).filters?.bprice?.value).toEqual([
      '0-50',
    ]);
    expect(SearchFilter.safeParse(toSearchFilter(search)).success).toBe(true);
  });

  it('swaps reversed bounds instead of finding nothing', () => {
    expect(rangeOf(500, 100)).toBe('100-500');
    expect(rangeOf(undefined, undefined)).toBeUndefined();
    const lot = aLot({ wprice: 30_000, rating: 94 });
    expect(lotMatches(lot, { priceMin: 400, priceMax: 200 })).toBe(true);
    expect(lotMatches(lot, { priceMin: 301 })).toBe(false);
    expect(lotMatches(lot, { ratingMin: 95 })).toBe(false);
    expect(lotMatches(lot, { ratingMin: 90, ratingMax: 94 })).toBe(true);
    expect(lotMatches(aLot({ rating: null }), { ratingMin: 90 })).toBe(false);
  });

  it('clears every filter but keeps the sort and the page size', () => {
    const search = browseSearchSchema.read({
      searchQuery: 'margaux',
      country: 'France',
      color: ['Red'],
      priceMin: 10,
      ratingMax: 99,
      orderby: 'p.wprice',
      order: 'desc',
      limit: 50,
      page: 3,
    });
    expect(hasFilters(search)).toBe(true);
    const cleared = withoutFilters(search);
    expect(hasFilters(cleared)).toBe(false);
    expect(cleared).toEqual({ orderby: 'p.wprice', order: 'desc', limit: 50, page: 1 });
    expect(hasFilters(browseSearchSchema.read({}))).toBe(false);
  });
});
