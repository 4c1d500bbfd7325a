import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutResult } from '@wine/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMoreTexts } from '../../i18n/index.ts';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { Failure } from '../../test-utils/fake-api.ts';
import { aCard, aCart, aUser, someCartValues } from '../../test-utils/fixtures.ts';
import { SandboxPayPal } from '../SandboxPayPal/SandboxPayPal.tsx';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const approveUrl = '/sandbox/paypal/approve/5O190127TN364715T';

const result = (over: Partial<CheckoutResult> = {}): CheckoutResult => ({
  status: 'requires_action',
  invoice_ids: ['B-17'],
  payment_id: 'pay-1',
  url: approveUrl,
  ...over,
});

/** The checkout of a buy-now cart for a buyer with a Visa, on a site that takes PayPal unless told. */
const checkoutPage = (api: Api = {}) =>
  renderApp('/checkout/buynow/c1', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: true }),
      pendingCount: () => ({ buynowCount: { totalRecords: 1 }, auctionCount: { totalRecords: 0 } }),
      buynowCart: () => aCart(),
      getCards: () => ({ data: [aCard({ id: 'card-1' })], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 5_000 }),
      saveAddress: () => ({
        cartValues: someCartValues(),
        tax_state: 'IL',
        cartLocation: aCart().cartLocation,
      }),
      paymentGateways: () => ({ paypal: true, hosted: [] }),
      buynowCheckout: () => result(),
      ...api,
    },
  });

afterEach(() => vi.restoreAllMocks());

describe('PayPal at checkout (seeds 001 "Payments")', () => {
  it('offers PayPal beside the cards, sends the checkout with PayPal and no card, and goes to PayPal’s page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { api, user } = await checkoutPage();
    const paypal = await screen.findByRole('radio', { name: /^PayPal/ });
    expect(screen.getByTestId('pay-paypal')).toBe(paypal);
    expect(screen.getByRole('radio', { name: 'Pay now by card, PayPal or wallet credit' })).toBeTruthy();
    const choices = screen.getByRole('radiogroup', { name: 'Card or PayPal' });
    expect(within(choices).getAllByRole('radio')).toHaveLength(2);
    await user.click(paypal);
    expect(paypal).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('checkbox', { name: /Use my wallet credit/ }));
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(approveUrl));
    expect(api.to('buynowCheckout').map((r) => r.input)).toEqual([
      {
        type: 'buynow',
        cart_id: 'c1',
        delivery: 'pickup',
        address: null,
        billing_address: null,
        payment: { use_wallet: true, card_id: null, paypal: true },
      },
    ]);
  });

  it('pays by card again when the buyer picks a card after PayPal', async () => {
    const { api, user } = await checkoutPage({ buynowCheckout: () => result({ status: 'paid', url: null }) });
    await user.click(await screen.findByRole('radio', { name: /^PayPal/ }));
    await user.click(screen.getByRole('radio', { name: /Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.to('buynowCheckout')).toHaveLength(1));
    expect(api.to('buynowCheckout')[0]?.input).toMatchObject({
      payment: { use_wallet: false, card_id: 'card-1' },
    });
    expect(api.to('buynowCheckout')[0]?.input).not.toHaveProperty('payment.paypal');
  });

  it('offers PayPal to a buyer without a card', async () => {
    await checkoutPage({ getCards: () => ({ data: [], has_more: false }) });
    expect(await screen.findByRole('radio', { name: /^PayPal/ })).toBeTruthy();
    expect(screen.getByTestId('no-cards')).toBeTruthy();
  });

  it('offers no PayPal where the site does not take it', async () => {
    const { api } = await checkoutPage({ paymentGateways: () => ({ paypal: false, hosted: [] }) });
    expect(await screen.findByRole('radio', { name: /Visa ending in 4242/ })).toBeTruthy();
    await waitFor(() => expect(api.to('paymentGateways')).toHaveLength(1));
    expect(screen.queryByRole('radio', { name: /^PayPal/ })).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Card' })).toBeTruthy();
  });
});

describe('/checkout_confirm back from PayPal', () => {
  it('answers PayPal’s return with paypal_response (its token), not the card’s confirmation, once', async () => {
    const { api, router } = await renderApp(
      '/checkout_confirm?payment_id=pay-1&invoice=B-17&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ',
      {
        storedToken: 'tok-1',
        api: {
          validateUser: () => aUser(),
          paypalResponse: ({ invoice_ids }) => result({ status: 'paid', invoice_ids, url: null }),
        },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(api.to('paypalResponse').map((r) => r.input)).toEqual([
      { payment_id: 'pay-1', invoice_ids: ['B-17'], token: '5O190127TN364715T' },
    ]);
    expect(api.to('confirmPayment')).toHaveLength(0);
    expect(router.state.location.search).toEqual({ invoice: 'B-17', status: 'paid' });
  });

  it('shows a payment cancelled on PayPal as not completed, with a way back to the cart', async () => {
    await renderApp('/checkout_confirm?payment_id=pay-1&invoice=B-17&token=5O190127TN364715T', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        paypalResponse: () => {
          throw new Failure(
            'Your payment was declined: the payment was cancelled on PayPal',
            402,
            null,
            'PAYMENT_DECLINED',
          );
        },
      },
    });
    const failed = await screen.findByTestId('confirm-failed');
    expect(within(failed).getByRole('alert').textContent).toBe(
      'Your payment was declined: the payment was cancelled on PayPal',
    );
    expect(within(failed).getByRole('link', { name: 'Back to cart' })).toBeTruthy();
  });
});

describe('the PayPal sandbox’s approve page', () => {
  beforeAll(() => loadMoreTexts());

  it('pays or cancels with the sandbox’s action, then follows its redirect, a path of this site', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const back = '/checkout_confirm?payment_id=pay-1&invoice=B-17&token=ORDER1&PayerID=P1';
    const { api, user } = await renderWithApi(<SandboxPayPal orderId="ORDER1" />, {
      signedInAs: aUser(),
      api: { sandboxPayPalApprove: () => ({ redirect_to: back }) },
    });
    expect(screen.getByRole('heading', { name: 'PayPal sandbox — test mode' })).toBeTruthy();
    expect(screen.getByText('PayPal order ORDER1')).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('sandbox-paypal'));
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(back));
    expect(api.to('sandboxPayPalApprove').map((r) => r.input)).toEqual([
      { order_id: 'ORDER1', approve: true },
    ]);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
  });

  it('cancels, and never follows a redirect off the site', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { api, user } = await renderWithApi(<SandboxPayPal orderId="ORDER2" />, {
      signedInAs: aUser(),
      api: { sandboxPayPalApprove: () => ({ redirect_to: 'https://elsewhere.example/checkout_confirm' }) },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('sandbox-paypal-bad-return')).toBeTruthy();
    expect(screen.getByText('Payment cancelled: back to the shop.')).toBeTruthy();
    expect(api.to('sandboxPayPalApprove').map((r) => r.input)).toEqual([
      { order_id: 'ORDER2', approve: false },
    ]);
    expect(assign).not.toHaveBeenCalled();
  });
});
