import type { LotListedData } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import type { FilterItem } from '../search-filter.ts';
import { bestScore, lotMatchesFilters, type MatchableLot, matchableListing } from './match.ts';

const lot: MatchableLot = {
  id: 'lot-1',
  title: '2015 Château Margaux',
  itemId: 'SKU-77',
  custitem_gvo_producer: 'Château Margaux',
  custitemctregion: 'Bordeaux',
  custitem_gvo_country: 'France',
  custitem_gvo_color: 'Red',
  vintage: 2015,
  rating: 96,
  wprice: 120_000,
  bprice: null,
  market_status: 'open',
};
const matches = (filters: Record<string, FilterItem>) => lotMatchesFilters(lot, filters);

describe('lotMatchesFilters (the same meaning as the search query)', () => {
  it("'date:range' and no reserve: a listing closing in the span, and one without a reserve (issue 31)", () => {
    const listed = matchableListing({
      lotId: 'l9',
      sku: 'S',
      lotNumber: null,
      auctionId: null,
      sellerId: 's',
      title: 'T',
      producer: 'P',
      vintage: null,
      country: 'France',
      region: '',
      subregion: '',
      colour: 'Red',
      bottleSize: '750ml',
      scores: {},
      description: '',
      images: [],
      quantity: 1,
      minimumQuantity: 1,
      enforceMinimumQuantity: false,
      availability: null,
      auction: true,
      buyNow: false,
      openingBid: 100,
      reserve: 5_000,
      buyNowPrice: null,
      discounts: [],
      startsAt: '2026-11-20T12:00:00.000Z',
      closesAt: '2026-11-23T20:00:00.000Z',
      meta: { title: '', description: '', keywords: '' },
    } as LotListedData);
    const closing = (span: string): Record<string, FilterItem> => ({
      closing: { value: [span], type: 'date:range', field: 'p.date_closed' },
    });
    expect(lotMatchesFilters(listed, closing('2026-11-23T06:00:00.000Z/2026-11-24T06:00:00.000Z'))).toBe(
      true,
    );
    expect(lotMatchesFilters(listed, closing('2026-11-23T06:00:00.000Z/2026-11-23T20:00:00.000Z'))).toBe(
      false,
    );
    const noReserve: Record<string, FilterItem> = {
      noreserve: { value: [1], type: 'in', field: 'p.no_reserve' },
    };
    expect(lotMatchesFilters(listed, noReserve)).toBe(false);
    expect(lotMatchesFilters({ ...listed, no_reserve: 1 }, noReserve)).toBe(true);
  });

  it("'array' and 'in': the field is one of the values, exactly", () => {
    expect(
      matches({ color: { value: ['White', 'Red'], type: 'array', field: 'p.custitem_gvo_color' } }),
    ).toBe(true);
    expect(matches({ color: { value: ['red'], type: 'array', field: 'p.custitem_gvo_color' } })).toBe(false);
    expect(matches({ vintage: { value: ['2015'], type: 'in', field: 'p.vintage' } })).toBe(true);
    expect(matches({ vintage: { value: [2016], type: 'in', field: 'p.vintage' } })).toBe(false);
  });

  it("'notin': the field is none of the values", () => {
    expect(
      matches({ market_status: { value: ['sold', 'closed'], type: 'notin', field: 'p.market_status' } }),
    ).toBe(true);
    expect(matches({ market_status: { value: ['open'], type: 'notin', field: 'p.market_status' } })).toBe(
      false,
    );
  });

  it("'array:like': any value is in any of the search bar's fields, ignoring case", () => {
    const bar = (value: string[]) => ({
      searchbar: { value, type: 'array:like' as const, field: 'p.title' },
    });
    expect(matches(bar(['margaux']))).toBe(true);
    expect(matches(bar(['sku-77']))).toBe(true);
    expect(matches(bar(['bordeaux']))).toBe(true);
    expect(matches(bar(['Barolo', 'france']))).toBe(true);
    expect(matches(bar(['Barolo']))).toBe(false);
  });

  it("'array:mfield:range': within any range, prices asked in dollars, an open top", () => {
    const price = (value: string[]) => ({
      bprice: { value, type: 'array:mfield:range' as const, field: 'p.wprice' },
    });
    expect(matches(price(['1000-1500']))).toBe(true);
    expect(matches(price(['0-100', '1200-']))).toBe(true);
    expect(matches(price(['0-1000']))).toBe(false);
    const rating = (value: string[]) => ({
      rating: { value, type: 'array:mfield:range' as const, field: 'p.rating' },
    });
    expect(matches(rating(['95-100']))).toBe(true);
    expect(matches(rating(['90-94']))).toBe(false);
    // A lot without a buy-now price is in no buy-now price range.
    expect(matches({ bprice: { value: ['0-'], type: 'array:mfield:range', field: 'p.bprice' } })).toBe(false);
  });

  it('needs every filter to hold; empty values are no filter; an unknown name matches nothing', () => {
    const red: FilterItem = { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' };
    expect(
      matches({ color: red, country: { value: ['Italy'], type: 'array', field: 'p.custitem_gvo_country' } }),
    ).toBe(false);
    expect(
      matches({ color: red, country: { value: [''], type: 'array', field: 'p.custitem_gvo_country' } }),
    ).toBe(true);
    expect(matches({ nonsense: red })).toBe(false);
    expect(matches({})).toBe(true);
  });
});

describe('matchableListing', () => {
  it('names a listing by the read model fields, its best score as the rating', () => {
    const listing = {
      lotId: 'lot-9',
      sku: 'SKU-9',
      title: '2019 Puligny-Montrachet',
      producer: 'Leflaive',
      vintage: 2019,
      country: 'France',
      region: 'Burgundy',
      subregion: 'Puligny',
      colour: 'White',
      bottleSize: '750ml',
      scores: { ws: '94-96', wa: '93' },
      auction: true,
      buyNow: false,
      openingBid: 10_000,
      buyNowPrice: null,
      auctionId: null,
    } as LotListedData;
    const fields = matchableListing(listing);
    expect(fields).toMatchObject({
      id: 'lot-9',
      custitem_gvo_color: 'White',
      rating: 96,
      market_status: 'open',
    });
  });
});

describe('bestScore', () => {
  it('takes the highest score on the 100-point scale, a range by its top', () => {
    expect(bestScore({ wa: '95', js: '94-96', jr: '18.5' })).toBe(96);
    expect(bestScore({ vm: '101', jr: '17' })).toBe(17);
    expect(bestScore({})).toBeNull();
  });
});
