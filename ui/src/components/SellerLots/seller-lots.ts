import { queryOptions } from '@tanstack/react-query';
import { sellerLotsPageSizes } from '@wine/contracts';
import * as z from 'zod/mini';
import { call } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';
import { lazySearch, pageParam, pageSizeParam, type SearchOf } from '../../lib/search-param.ts';

/** Which of the seller lists: for sale (/myWines/selling) or sold (/myWines/sold). */
export type SellerLotsKind = 'selling' | 'sold';

const actionOf = { selling: 'mySellingLots', sold: 'mySoldLots' } as const;

/** /myWines/selling and /myWines/sold query parameters: the page and its size (seeds 000 §9: 25, 50, 100). */
export const sellerLotsSearchSchema = lazySearch(() =>
  z.object({
    page: pageParam(),
    limit: pageSizeParam(sellerLotsPageSizes),
  }),
);
export type SellerLotsSearch = SearchOf<typeof sellerLotsSearchSchema>;

export const pageSizeOptions = sellerLotsPageSizes;

/** One page of the signed-in user's own lots of one list. */
export const sellerLotsQuery = (kind: SellerLotsKind, input: SellerLotsSearch) => {
  const name = actionOf[kind];
  return queryOptions({
    queryKey: actionKey(name, input),
    queryFn: ({ signal }) => call(name, input, { signal }),
  });
};

/** The action that serves a list, to mark its pages stale. */
export const sellerLotsAction = (kind: SellerLotsKind) => actionOf[kind];
