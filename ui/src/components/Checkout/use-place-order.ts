import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CheckoutResult } from '@wine/contracts';
import { useState } from 'react';
import { call, onceKeys } from '../../api/client.ts';
import { invalidateAction, invalidateCarts } from '../../api/queries.ts';
import { browser } from '../../lib/browser.ts';
import type { OrderRequest } from './checkout-form.ts';

/** seeds 001 §7 cart/checkout (paid now) or offline/payCartOffline (placed unpaid). */
const send = (order: OrderRequest, commandId: string): Promise<CheckoutResult> =>
  order.action === 'checkout'
    ? call('checkout', order.input, { commandId })
    : call('payCartOffline', order.input, { commandId });

/**
 * 'Place order': the order goes to checkout (paid now) or to payCartOffline (placed unpaid); then the
 * confirmation page, or the card issuer's page when the payment needs it.
 */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // 'Place order' pressed again after the network failed is the same request: the card is charged once.
  const [keys] = useState(() => onceKeys());
  return useMutation({
    mutationFn: (order: OrderRequest) => send(order, keys.keyFor(order)),
    onSettled: (_result, error) => keys.settled(error),
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
