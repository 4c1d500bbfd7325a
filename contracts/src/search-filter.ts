import { z } from 'zod';
import { searchLimits } from './search-limits.ts';

/**
 * seeds 000 §3.2 search filter object. Only the names below are accepted, each with the fields and
 * filter types it may use; anything else is an error, never a query (ARCHITECTURE.md "API shape").
 */
export const filterTypes = [
  'array',
  'array:like',
  'array:mfield:range',
  'notin',
  'in',
  'like',
  // A span of times, 'from/to' (ISO 8601, to excluded): the lots closing in it (issue 31, "closing today").
  'date:range',
] as const;
export type FilterType = (typeof filterTypes)[number];

export interface FilterRule {
  /** Wire field name (a leading table alias `p.` is accepted) -> read-model field(s). */
  fields: Record<string, string | readonly string[]>;
  types: readonly FilterType[];
  /** The kind of the values: numbers are compared as numbers. */
  values: 'string' | 'number';
  /** Range bounds are multiplied by this (prices are asked in dollars and stored in cents). */
  scale?: number;
}

export const searchFilterRules = {
  searchbar: {
    fields: {
      'p.title': ['title', 'custitem_gvo_producer', 'custitemctregion', 'custitem_gvo_country', 'itemId'],
      title: ['title', 'custitem_gvo_producer', 'custitemctregion', 'custitem_gvo_country', 'itemId'],
    },
    types: ['like', 'array:like'],
    values: 'string',
  },
  bprice: {
    fields: { 'p.bprice': 'bprice', 'p.wprice': 'wprice' },
    types: ['array:mfield:range'],
    values: 'number',
    scale: 100,
  },
  color: {
    fields: { 'p.custitem_gvo_color': 'custitem_gvo_color' },
    types: ['array', 'in'],
    values: 'string',
  },
  country: {
    fields: { 'p.custitem_gvo_country': 'custitem_gvo_country' },
    types: ['array', 'in'],
    values: 'string',
  },
  region: { fields: { 'p.custitemctregion': 'custitemctregion' }, types: ['array', 'in'], values: 'string' },
  subregion: {
    fields: { 'p.custitemctsubregion': 'custitemctsubregion' },
    types: ['array', 'in'],
    values: 'string',
  },
  producer: {
    fields: { 'p.custitem_gvo_producer': 'custitem_gvo_producer' },
    types: ['array', 'in'],
    values: 'string',
  },
  vintage: {
    fields: { 'p.vintage': 'vintage' },
    types: ['array', 'in', 'array:mfield:range'],
    values: 'number',
  },
  bottlesize: {
    fields: { 'p.custitem_gvo_bottlesize': 'custitem_gvo_bottlesize' },
    types: ['array', 'in'],
    values: 'string',
  },
  rating: { fields: { 'p.rating': 'rating' }, types: ['array:mfield:range'], values: 'number' },
  market_status: {
    fields: { 'p.market_status': 'market_status' },
    types: ['array', 'in', 'notin'],
    values: 'string',
  },
  id: { fields: { 'p.id': 'id' }, types: ['in', 'notin', 'array'], values: 'string' },
  auction: { fields: { 'p.auction': 'auction' }, types: ['in'], values: 'number' },
  buynow: { fields: { 'p.buynow': 'buynow' }, types: ['in'], values: 'number' },
  auctionid: { fields: { 'p.auctionid': 'auctionid' }, types: ['in', 'array'], values: 'string' },
  /** Lots sold without a reserve (issue 31): `no_reserve` is 1 when the lot has none; its amount stays hidden. */
  noreserve: { fields: { 'p.no_reserve': 'no_reserve' }, types: ['in'], values: 'number' },
  /** Lots whose (extended) close falls in a span of time ('closing today'). */
  closing: { fields: { 'p.date_closed': 'date_closed' }, types: ['date:range'], values: 'string' },
} as const satisfies Record<string, FilterRule>;

export type FilterName = keyof typeof searchFilterRules;

export const orderFields = {
  'p.date_closed': 'date_closed',
  'p.date_added': 'date_added',
  'p.wprice': 'wprice',
  'p.bprice': 'bprice',
  'p.title': 'title',
  'p.vintage': 'vintage',
  'p.bid_count': 'bid_count',
  'p.rating': 'rating',
  'p.id': 'id',
} as const;

/** seeds 000 §9: page sizes 25, 50, 100 (and 3 for testing). */
export const pageSizes = [3, 25, 50, 100] as const;

const FilterText = z
  .string()
  .max(searchLimits.valueLength, `a value is at most ${searchLimits.valueLength} characters`);
// The number of values is checked with the filter's rule below: a union would hide the message.
const FilterValue = z.union([FilterText, z.number(), z.array(z.union([FilterText, z.number()]))]);

export const FilterItem = z.strictObject({
  value: FilterValue,
  type: z.enum(filterTypes),
  field: z.string().min(1).max(64),
});
export type FilterItem = z.infer<typeof FilterItem>;

const withAlias = (field: string) => (field.startsWith('p.') ? field : `p.${field}`);

export const SearchFilter = z
  .strictObject({
    limit: z.number().int().min(1).max(100).default(25),
    page: z.number().int().min(1).max(searchLimits.page, `page is at most ${searchLimits.page}`).default(1),
    orderby: z.string().max(64).default('p.date_closed'),
    order: z.enum(['asc', 'desc']).default('asc'),
    filters: z.record(z.string().max(64), FilterItem).default({}),
  })
  .superRefine((input, ctx) => {
    if (!(withAlias(input.orderby) in orderFields)) {
      ctx.addIssue({ code: 'custom', path: ['orderby'], message: `cannot order by '${input.orderby}'` });
    }
    if (Object.keys(input.filters).length > searchLimits.filters) {
      ctx.addIssue({ code: 'custom', path: ['filters'], message: `at most ${searchLimits.filters} filters` });
      return;
    }
    for (const [name, item] of Object.entries(input.filters)) {
      const rule: FilterRule | undefined = (searchFilterRules as Record<string, FilterRule>)[name];
      if (!rule) {
        ctx.addIssue({ code: 'custom', path: ['filters', name], message: `unknown filter '${name}'` });
        continue;
      }
      if (!(withAlias(item.field) in rule.fields)) {
        ctx.addIssue({
          code: 'custom',
          path: ['filters', name, 'field'],
          message: `filter '${name}' cannot use field '${item.field}'`,
        });
      }
      if (!rule.types.includes(item.type)) {
        ctx.addIssue({
          code: 'custom',
          path: ['filters', name, 'type'],
          message: `filter '${name}' cannot use type '${item.type}'`,
        });
      }
      const most = item.type === 'array:like' ? searchLimits.likeValues : searchLimits.values;
      if (Array.isArray(item.value) && item.value.length > most) {
        ctx.addIssue({
          code: 'custom',
          path: ['filters', name, 'value'],
          message: `at most ${most} values in ${item.type === 'array:like' ? "an 'array:like'" : 'a'} filter`,
        });
      }
      if (item.type === 'date:range') {
        const spans = Array.isArray(item.value) ? item.value : [item.value];
        for (const span of spans) {
          const [from, to, ...rest] = String(span).split('/');
          const iso = (v: string | undefined) => !!v && z.iso.datetime().safeParse(v).success;
          if (rest.length || !iso(from) || !iso(to)) {
            ctx.addIssue({
              code: 'custom',
              path: ['filters', name, 'value'],
              message: `'${span}' is not a span of times like '2026-11-28T06:00:00.000Z/2026-11-29T06:00:00.000Z'`,
            });
          }
        }
      }
      if (item.type === 'array:mfield:range') {
        const ranges = Array.isArray(item.value) ? item.value : [item.value];
        for (const r of ranges) {
          if (typeof r === 'number') continue;
          if (r !== '' && !/^\d+(\.\d+)?-(\d+(\.\d+)?)?$/.test(r)) {
            ctx.addIssue({
              code: 'custom',
              path: ['filters', name, 'value'],
              message: `'${r}' is not a range like '90-95' or '100-'`,
            });
          }
        }
      }
    }
  });
export type SearchFilter = z.input<typeof SearchFilter>;
export type ParsedSearchFilter = z.output<typeof SearchFilter>;

export function ruleFor(name: string): FilterRule | undefined {
  return (searchFilterRules as Record<string, FilterRule>)[name];
}

export function fieldsFor(rule: FilterRule, field: string): readonly string[] {
  const target = rule.fields[withAlias(field)];
  if (target === undefined) return [];
  return typeof target === 'string' ? [target] : target;
}

export function orderField(orderby: string): string {
  return orderFields[withAlias(orderby) as keyof typeof orderFields];
}
