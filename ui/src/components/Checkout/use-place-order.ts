import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { CardDetails, CheckoutResult } from '@wine/contracts';
import { useState } from 'react';
import { call, onceKeys } from '../../api/client.ts';
import { cardProviderQuery, invalidateAction, invalidateCarts } from '../../api/queries.ts';
import { browser } from '../../lib/browser.ts';
import { CardTokenError, confirmNewCardPayment, type NewCardPayment } from '../../lib/card-tokens.ts';
import { invalidateOffers } from '../Offers/offer-queries.ts';
import type { OrderRequest } from './checkout-form.ts';

/**
 * seeds 001 §7 cart/checkout (paid now; the buy-now cart's at its own path, buynow/checkout) or
 * offline/payCartOffline (placed unpaid).
 */
const send = (order: OrderRequest, commandId: string): Promise<CheckoutResult> =>
  order.action !== 'checkout'
    ? call('payCartOffline', order.input, { commandId })
    : order.input.type === 'buynow'
      ? call('buynowCheckout', { ...order.input, type: 'buynow' }, { commandId })
      : call('checkout', order.input, { commandId });

/** What 'Place order' sends: the order, and a new card's details (never sent to the product). */
export interface PlaceOrder {
  order: OrderRequest;
  /** Paid with a new card (the order's `payment.element`): given to the provider in the browser. */
  card?: CardDetails | undefined;
}

interface Placed {
  result: CheckoutResult;
  /** What the provider answered the browser's confirmation of a new card's payment. */
  newCard: NewCardPayment | null;
}

/** The confirmation page's search for a payment to confirm: the 3-D Secure return's own. */
const confirmSearchOf = (result: CheckoutResult) => ({
  payment_id: result.payment_id,
  invoice: result.invoice_ids.join(','),
});

/**
 * 'Place order': the order goes to checkout (paid now) or to payCartOffline (placed unpaid); then the
 * confirmation page, or the card issuer's page when the payment needs it. With a new card (seeds 001
 * stripe_payment_element) the browser then confirms the provider's payment with the card (lib
 * card-tokens), and the confirmation page confirms it with the product, as back from 3-D Secure.
 */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  // 'Place order' pressed again after the network failed is the same request: the card is charged once.
  const [keys] = useState(() => onceKeys());
  /** Where the provider's 3-D Secure page sends the buyer back: this site's confirmation page. */
  const returnUrlOf = (result: CheckoutResult) =>
    new URL(
      router.buildLocation({ to: '/checkout_confirm', search: confirmSearchOf(result) }).href,
      window.location.origin,
    ).toString();
  return useMutation({
    mutationFn: async ({ order, card }: PlaceOrder): Promise<Placed> => {
      // Asked before the order is placed: after it, only the provider's own answers can fail.
      const provider = card ? await queryClient.fetchQuery(cardProviderQuery()) : null;
      const result = await send(order, keys.keyFor(order));
      if (!card || !provider || !result.client_secret) return { result, newCard: null };
      const newCard = await confirmNewCardPayment(card, provider, {
        client_secret: result.client_secret,
        return_url: returnUrlOf(result),
      });
      return { result, newCard };
    },
    onSettled: (_placed, error) => {
      // The provider refused the new card itself or did not answer: the order's payment still waits
      // for a card, and the next press is the same request (the same payment), confirmed again.
      if (!(error instanceof CardTokenError)) keys.settled(error);
    },
    onSuccess: ({ result, newCard }: Placed, { order }: PlaceOrder) => {
      void invalidateCarts(queryClient);
      // Issue 36: an accepted offer paid leaves the temporary cart.
      if (order.input.type === 'offer') void invalidateOffers(queryClient);
      void invalidateAction(queryClient, 'getCreditHistory');
      // seeds 001 §4: a payment that needs the card issuer goes there in the same tab.
      if (newCard?.status === 'requires_action') return browser.assign(newCard.url);
      // Paid, declined or otherwise answered: the product confirms it (or gives it up, saying why).
      if (newCard) return void navigate({ to: '/checkout_confirm', search: confirmSearchOf(result) });
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
