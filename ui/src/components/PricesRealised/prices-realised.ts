import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { call } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';
import { lazySearch, pageParam, type SearchOf, searchText } from '../../lib/search-param.ts';

/** The prices realised come 25 to a page (seeds 000 §9's first page size). */
export const PRICES_REALISED_PAGE_SIZE = 25;

/** /prices-realised query parameters: the words, the producer, the vintage and the page. */
export const pricesRealisedSearchSchema = lazySearch(() =>
  z.object({
    q: searchText({ max: 100 }),
    producer: searchText({ max: 100 }),
    vintage: z.catch(z.optional(z.int().check(z.minimum(1000), z.maximum(9999))), undefined),
    page: pageParam(1000),
  }),
);
export type PricesRealisedSearch = SearchOf<typeof pricesRealisedSearchSchema>;

/** Issue 31: one page of the lots sold at auction, with their hammer prices. */
export const pricesRealisedQuery = ({ q, producer, vintage, page }: PricesRealisedSearch) =>
  queryOptions({
    queryKey: actionKey('pricesRealised', { q, producer, vintage, page }),
    queryFn: ({ signal }) =>
      call(
        'pricesRealised',
        {
          ...(q && { q }),
          ...(producer && { producer }),
          ...(vintage !== undefined && { vintage }),
          page,
          limit: PRICES_REALISED_PAGE_SIZE,
        },
        { signal },
      ),
  });
