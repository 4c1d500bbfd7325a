import { describe, expect, it } from 'vitest';
import { SearchFilter } from './search-filter.ts';
import { searchLimits } from './search-limits.ts';

const issues = (input: unknown) => SearchFilter.safeParse(input).error?.issues.map((i) => i.message) ?? [];
const words = (n: number, length = 10) => Array.from({ length: n }, (_, i) => `${i}`.padEnd(length, 'x'));

describe('search limits', () => {
  it('accepts what the storefront sends', () => {
    expect(
      issues({
        limit: 100,
        page: 3,
        filters: {
          market_status: { value: ['open'], type: 'array', field: 'p.market_status' },
          searchbar: { value: 'Château Lafite', type: 'like', field: 'p.title' },
          color: { value: ['Red', 'White', 'Rosé'], type: 'array', field: 'p.custitem_gvo_color' },
          vintage: { value: [2015, 2016, 2018], type: 'array', field: 'p.vintage' },
        },
      }),
    ).toEqual([]);
  });

  it('refuses 100 array:like values of 190 characters (the slow search of the security test)', () => {
    const search = (value: string[]) => ({
      filters: { searchbar: { value, type: 'array:like', field: 'p.title' } },
    });
    expect(issues(search(words(100, 190)))).toContain('a value is at most 100 characters');
    expect(issues(search(words(100, 90)))).toEqual(["at most 5 values in an 'array:like' filter"]);
  });

  it(`refuses more than ${searchLimits.likeValues} array:like values, and takes ${searchLimits.likeValues}`, () => {
    const like = (n: number) => ({
      filters: { searchbar: { value: words(n), type: 'array:like', field: 'p.title' } },
    });
    expect(issues(like(searchLimits.likeValues + 1))).toEqual(["at most 5 values in an 'array:like' filter"]);
    expect(issues(like(searchLimits.likeValues))).toEqual([]);
  });

  it(`refuses more than ${searchLimits.values} values in any filter`, () => {
    const list = (n: number) => ({ filters: { id: { value: words(n), type: 'in', field: 'p.id' } } });
    expect(issues(list(searchLimits.values + 1))).toEqual(['at most 20 values in a filter']);
    expect(issues(list(searchLimits.values))).toEqual([]);
  });

  it(`refuses a text value over ${searchLimits.valueLength} characters, alone or in a list`, () => {
    const long = 'x'.repeat(searchLimits.valueLength + 1);
    expect(issues({ filters: { searchbar: { value: long, type: 'like', field: 'p.title' } } })).toEqual([
      'a value is at most 100 characters',
    ]);
    expect(
      issues({
        filters: { country: { value: ['France', long], type: 'array', field: 'p.custitem_gvo_country' } },
      }),
    ).toEqual(['a value is at most 100 characters']);
    expect(
      issues({ filters: { searchbar: { value: 'x'.repeat(100), type: 'like', field: 'p.title' } } }),
    ).toEqual([]);
  });

  it(`refuses more than ${searchLimits.filters} filters`, () => {
    const filters = Object.fromEntries(
      words(searchLimits.filters + 1).map((name) => [name, { value: 'x', type: 'in', field: 'p.id' }]),
    );
    expect(issues({ filters })).toEqual(['at most 20 filters']);
  });

  it(`refuses a page past ${searchLimits.page}, a page size over 100, and numbers given as text`, () => {
    expect(issues({ page: searchLimits.page + 1 })).toEqual(['page is at most 1000']);
    expect(issues({ page: searchLimits.page })).toEqual([]);
    expect(issues({ limit: 101 })).not.toEqual([]);
    expect(issues({ page: '2' })).not.toEqual([]);
    expect(issues({ limit: true })).not.toEqual([]);
    expect(issues({ page: [2] })).not.toEqual([]);
  });
});
