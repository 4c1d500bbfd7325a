import { describe, expect, it } from 'vitest';
import { aLot } from '../test-utils/fixtures.ts';
import { browseSearchSchema, isNewLotEvent, lotMatches, toSearchFilter } from './search.ts';

describe('browseSearchSchema', () => {
  it('defaults paging and sorting and repairs bad values instead of failing the page', () => {
    expect(browseSearchSchema.parse({})).toMatchObject({
      page: 1,
      limit: 25,
      orderby: 'p.date_closed',
      order: 'asc',
    });
    expect(browseSearchSchema.parse({ page: -3, limit: 7, orderby: 'p.secret', order: 'up' })).toMatchObject({
      page: 1,
      limit: 25,
      orderby: 'p.date_closed',
      order: 'asc',
    });
  });

  it('reads a numeric-looking search query as text and single filter values as lists', () => {
    expect(browseSearchSchema.parse({ searchQuery: 2015, color: 'Red', vintage: 2010 })).toMatchObject({
      searchQuery: '2015',
      color: ['Red'],
      vintage: [2010],
    });
  });
});

describe('toSearchFilter', () => {
  it('builds the search API filter object for open lots', () => {
    const search = browseSearchSchema.parse({
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
