import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { toSearchFilter } from '../../lib/search.ts';
import { browseParamsOf, filterSummary } from './filters.ts';

describe("a saved search of the collector's filters (issue 31)", () => {
  const search = {
    sale: 'buynow',
    producer: 'Opus One',
    closing: 'today',
    reserve: 'none',
    page: 1,
    limit: 25,
    orderby: 'p.date_closed',
    order: 'asc',
  } as const;
  const { filters = {} } = toSearchFilter(search, Date.parse('2030-01-10T12:00:00.000Z'));

  it('runs again as the same browse parameters, closing today being today again', () => {
    expect(browseParamsOf(filters)).toEqual({
      producer: 'Opus One',
      sale: 'buynow',
      reserve: 'none',
      closing: 'today',
    });
  });

  it('reads as its choices', () => {
    expect(filterSummary(filters, i18n.t)).toBe('Buy now · Producer: Opus One · Closing today · No reserve');
  });
});
