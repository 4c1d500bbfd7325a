import { SearchFilter } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { toMongoQuery } from './to-mongo.ts';

const parse = (input: unknown) => SearchFilter.parse(input);

describe('toMongoQuery', () => {
  it('defaults to the first 25 lots closing soonest', () => {
    expect(toMongoQuery(parse({}))).toEqual({
      filter: {},
      sort: { date_closed: 1, _id: 1 },
      skip: 0,
      limit: 25,
    });
  });

  it('turns array filters into $in and pages with skip', () => {
    const q = toMongoQuery(
      parse({
        page: 3,
        limit: 50,
        orderby: 'p.wprice',
        order: 'desc',
        filters: {
          country: { value: ['France', 'Italy'], type: 'array', field: 'p.custitem_gvo_country' },
          vintage: { value: ['2015'], type: 'array', field: 'p.vintage' },
        },
      }),
    );
    expect(q.filter).toEqual({
      $and: [{ custitem_gvo_country: { $in: ['France', 'Italy'] } }, { vintage: { $in: [2015] } }],
    });
    expect(q).toMatchObject({ skip: 100, limit: 50, sort: { wprice: -1, _id: -1 } });
  });

  it('searches the search bar text across title, producer, region, country and SKU, as literal text', () => {
    const q = toMongoQuery(
      parse({ filters: { searchbar: { value: 'Ch. (Margaux)', type: 'like', field: 'p.title' } } }),
    );
    const condition = { $regex: 'Ch\\. \\(Margaux\\)', $options: 'i' };
    expect(q.filter).toEqual({
      $or: [
        {
          $or: ['title', 'custitem_gvo_producer', 'custitemctregion', 'custitem_gvo_country', 'itemId'].map(
            (f) => ({
              [f]: condition,
            }),
          ),
        },
      ],
    });
  });

  it('reads price ranges in dollars and compares cents, open-ended ranges included', () => {
    const q = toMongoQuery(
      parse({
        filters: { bprice: { value: ['100-500', '1000-'], type: 'array:mfield:range', field: 'p.bprice' } },
      }),
    );
    expect(q.filter).toEqual({
      $or: [{ bprice: { $gte: 10_000, $lte: 50_000 } }, { bprice: { $gte: 100_000 } }],
    });
  });

  it('excludes ids with notin (similar products leave out the lot itself)', () => {
    const q = toMongoQuery(parse({ filters: { id: { value: ['lot-1'], type: 'notin', field: 'p.id' } } }));
    expect(q.filter).toEqual({ id: { $nin: ['lot-1'] } });
  });

  it('ignores filters with no value, as the storefront sends them', () => {
    const q = toMongoQuery(
      parse({ filters: { color: { value: [], type: 'array', field: 'p.custitem_gvo_color' } } }),
    );
    expect(q.filter).toEqual({});
  });
});

describe('SearchFilter whitelist', () => {
  const issues = (input: unknown) => SearchFilter.safeParse(input).error?.issues.map((i) => i.message) ?? [];

  it('refuses a filter name that is not whitelisted', () => {
    expect(issues({ filters: { password: { value: 'x', type: 'in', field: 'p.password' } } })).toEqual([
      "unknown filter 'password'",
    ]);
  });

  it('refuses a whitelisted name on a field or type it may not use', () => {
    expect(issues({ filters: { country: { value: 'x', type: 'in', field: 'p.reserve' } } })).toEqual([
      "filter 'country' cannot use field 'p.reserve'",
    ]);
    expect(
      issues({ filters: { country: { value: 'x', type: 'notin', field: 'p.custitem_gvo_country' } } }),
    ).toEqual(["filter 'country' cannot use type 'notin'"]);
  });

  it('refuses ordering by a field that is not whitelisted, operators smuggled as values, and huge pages', () => {
    expect(issues({ orderby: 'p.reserve' })).toEqual(["cannot order by 'p.reserve'"]);
    expect(
      issues({ filters: { country: { value: { $ne: null }, type: 'in', field: 'p.custitem_gvo_country' } } }),
    ).not.toEqual([]);
    expect(issues({ limit: 10_000 })).not.toEqual([]);
    expect(issues({ filters: {}, extra: 1 })).not.toEqual([]);
  });

  it('refuses a range that is not a range', () => {
    expect(
      issues({ filters: { rating: { value: ['ninety'], type: 'array:mfield:range', field: 'p.rating' } } }),
    ).toEqual(["'ninety' is not a range like '90-95' or '100-'"]);
  });

  it('turns a span of times into a close from its start, before its end (closing today)', () => {
    const q = toMongoQuery(
      parse({
        filters: {
          closing: {
            value: ['2026-11-23T06:00:00.000Z/2026-11-24T06:00:00.000Z'],
            type: 'date:range',
            field: 'p.date_closed',
          },
          noreserve: { value: [1], type: 'in', field: 'p.no_reserve' },
        },
      }),
    );
    expect(q.filter).toEqual({
      $and: [
        { $or: [{ date_closed: { $gte: '2026-11-23T06:00:00.000Z', $lt: '2026-11-24T06:00:00.000Z' } }] },
        { no_reserve: { $in: [1] } },
      ],
    });
  });
});
