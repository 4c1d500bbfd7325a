import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/**
 * Which ways to pay the site takes besides wallet credit and saved cards (PayPal when configured):
 * it changes with a restart only. Keyed as every action's query is (api/queries.ts: name, input).
 */
export const paymentGatewaysQuery = () =>
  queryOptions({
    queryKey: ['paymentGateways', {}] as const,
    queryFn: ({ signal }) => call('paymentGateways', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Whether the checkout offers PayPal: only once the server said so (not while asking, nor when it failed). */
export function usePayPalOffered(): boolean {
  return useQuery(paymentGatewaysQuery()).data?.paypal === true;
}

/** The hosted gateways the checkout offers (seeds 001 "Payments": Paytm, Cashfree), once the server said so. */
export function useHostedGateways(): readonly HostedGateway[] {
  return useQuery(paymentGatewaysQuery()).data?.hosted ?? noGateways;
}

export type HostedGateway = 'paytm' | 'cashfree';
/** Each hosted gateway's name as shown (the checkout's choice, the wallet's deposit button). */
export const gatewayLabel = {
  paytm: 'ui.checkout.paytm',
  cashfree: 'ui.checkout.cashfree',
} as const satisfies Record<HostedGateway, string>;
const noGateways: readonly HostedGateway[] = [];
