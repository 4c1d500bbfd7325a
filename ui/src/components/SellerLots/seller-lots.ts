import { queryOptions } from '@tanstack/react-query';
import { sellerLotsPageSizes } from '@wine/contracts';
import { z } from 'zod';
import { call } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';

/** Which of the seller lists: for sale (/myWines/selling) or sold (/myWines/sold). */
export type SellerLotsKind = 'selling' | 'sold';

const actionOf = { selling: 'mySellingLots', sold: 'mySoldLots' } as const;

/** /myWines/selling and /myWines/sold query parameters: the page and its size (seeds 000 §9: 25, 50, 100). */
export const sellerLotsSearchSchema = z.object({
  page: z.number().int().min(1).max(10_000).default(1).catch(1),
  limit: z
    .union([z.literal(25), z.literal(50), z.literal(100)])
    .default(25)
    .catch(25),
});
export type SellerLotsSearch = z.output<typeof sellerLotsSearchSchema>;

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
