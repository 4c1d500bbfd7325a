import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CheckoutResult } from '@wine/contracts';
import { call } from '../../api/client.ts';
import { invalidateAction, invalidateCarts } from '../../api/queries.ts';
import { browser } from '../../lib/browser.ts';
import type { OrderRequest } from './checkout-form.ts';

/** seeds 001 §7 cart/checkout (paid now) or offline/payCartOffline (placed unpaid). */
const send = (order: OrderRequest): Promise<CheckoutResult> =>
  order.action === 'checkout' ? call('checkout', order.input) : call('payCartOffline', order.input);

/**
 * 'Place order': the order goes to checkout (paid now) or to payCartOffline (placed unpaid); then the
 * confirmation page, or the card issuer's page when the payment needs it.
 */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result: CheckoutResult) => {
      void invalidateCarts(queryClient);
      void invalidateAction(queryClient, 'getCreditHistory');
      // seeds 001 §4: a payment that needs the card issuer goes there in the same tab.
      if (result.status === 'requires_action' && result.url) return browser.assign(result.url);
      void navigate({
        to: '/checkout_confirm',
        search: {
          invoice: result.invoice_ids.join(','),
          status: result.status === 'paid' ? 'paid' : 'unpaid',
        },
      });
    },
  });
}
