import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantDetails } from '@wine/contracts';
import { call } from '../../api/client.ts';

/**
 * Issue 31: the merchant's details from the server's configuration (getFooterLinks answers them),
 * fetched once per visit: contact details and the bank a transfer goes to.
 */
export const merchantQuery = () =>
  queryOptions({
    queryKey: ['getFooterLinks', {}] as const,
    queryFn: ({ signal }) => call('getFooterLinks', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The merchant's details once the server has answered; undefined until then. */
export function useMerchant(): MerchantDetails | undefined {
  return useQuery(merchantQuery()).data?.merchant;
}
