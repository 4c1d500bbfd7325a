import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client.ts';
import { actionKey, defaultBundleQuery } from '../../api/queries.ts';
import { merchantQuery } from '../BankTransfer/merchant.ts';

/** seeds 000 §2.4 / §9: all countries (address forms); they do not change while the page is open. */
export const countriesQuery = () =>
  queryOptions({
    queryKey: actionKey('getAllCountries', {}),
    queryFn: ({ signal }) => call('getAllCountries', {}, { signal }).then((a) => a.records),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** seeds 000 §2.4 / §9: the states of a country, the default country (US) at start. */
export const statesQuery = (country = 'US') =>
  queryOptions({
    queryKey: actionKey('getAllStates', { country }),
    queryFn: ({ signal }) => call('getAllStates', { country }, { signal }).then((a) => a.records),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * seeds 000 §2.4: at start the global variables (getDefault), all countries and all states are
 * fetched, beside the stored token's user. A failure here is not the visitor's problem: the screens
 * that need a list ask again.
 */
export function useStartupData(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(defaultBundleQuery());
    // Issue 31: the merchant's configured details (header, footer, contact pages, bank details).
    void queryClient.prefetchQuery(merchantQuery());
    void queryClient.prefetchQuery(countriesQuery());
    void queryClient.prefetchQuery(statesQuery());
  }, [queryClient]);
}
