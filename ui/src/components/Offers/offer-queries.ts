import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { InputOf } from '@wine/contracts';
import { call } from '../../api/client.ts';
import { actionKey, invalidateAction, invalidateCarts } from '../../api/queries.ts';

/** seeds 001 §7 makeoffer/search: one page of the buyer's offers, of one standing. */
export const myOffersQuery = (input: InputOf<'myOffers'>) =>
  queryOptions({
    queryKey: actionKey('myOffers', input),
    queryFn: ({ signal }) => call('myOffers', input, { signal }),
  });

/** seeds 001 §7 buynowtemp/searchTemp: the accepted offers waiting to be paid (the temporary cart). */
export const tempCartQuery = () =>
  queryOptions({
    queryKey: actionKey('tempCart', {}),
    queryFn: ({ signal }) => call('tempCart', {}, { signal }),
  });

/**
 * The seller's side's offers, the pending first: a seller's on their own lots (seeds 001 §6
 * seller/offer), or every lot's for admins (adminoffers).
 */
export const staffOffersQuery = (scope: 'seller' | 'admin', input: InputOf<'sellerOffers'>) => {
  const action = scope === 'admin' ? 'adminOffers' : 'sellerOffers';
  return queryOptions({
    queryKey: [action, input] as const,
    queryFn: ({ signal }) => call(action, input, { signal }),
  });
};

/** What a change of an offer makes stale: every offer list, the temporary cart and its count. */
const offerViews = ['myOffers', 'tempCart', 'pendingCountTemp', 'sellerOffers', 'adminOffers'] as const;

/**
 * The offers load again (an answer given here, an `offerChanged` message); an accepted offer issues
 * an invoice, so the carts and invoices too.
 */
export const invalidateOffers = (client: QueryClient): Promise<void> =>
  Promise.all([...offerViews.map((name) => invalidateAction(client, name)), invalidateCarts(client)]).then(
    () => undefined,
  );
