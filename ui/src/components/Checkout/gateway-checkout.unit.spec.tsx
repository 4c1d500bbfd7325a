import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutResult } from '@wine/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aCard, aCart, aUser, someCartValues } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const pageUrl =
  '/api/paymentThird/cashfree/page?to=https%3A%2F%2Fsandbox.cashfree.com%2Fpg%2Fview%2Fsessions%2Fcheckout&payment_session_id=session_1';

const result = (over: Partial<CheckoutResult> = {}): CheckoutResult => ({
  status: 'requires_action',
  invoice_ids: ['B-17'],
  payment_id: 'pay-1',
  url: pageUrl,
  ...over,
});

/** The checkout of a buy-now cart for a buyer with a Visa, on a site that takes Paytm and Cashfree unless told. */
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
      paymentGateways: () => ({ paypal: false, hosted: ['paytm', 'cashfree'] }),
      buynowCheckout: () => result(),
      ...api,
    },
  });

afterEach(() => vi.restoreAllMocks());

describe('hosted gateways at checkout (seeds 001 "Payments": Paytm, Cashfree)', () => {
  it('lists each gateway the site took beside the cards, sends the checkout with it and no card, and goes to its page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { api, user } = await checkoutPage();
    const cashfree = await screen.findByRole('radio', { name: /^Cashfree/ });
    expect(screen.getByTestId('pay-paytm')).toBe(screen.getByRole('radio', { name: /^Paytm/ }));
    const choices = screen.getByRole('radiogroup', { name: 'Card or another way to pay' });
    expect(within(choices).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByText('You pay on Cashfree’s page, then come back here.')).toBeTruthy();
    await user.click(cashfree);
    expect(cashfree).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('checkbox', { name: /Use my wallet credit/ }));
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(pageUrl));
    expect(api.to('buynowCheckout').map((r) => r.input)).toEqual([
      {
        type: 'buynow',
        cart_id: 'c1',
        delivery: 'pickup',
        address: null,
        billing_address: null,
        payment: { use_wallet: true, card_id: null, gateway: 'cashfree' },
      },
    ]);
  });

  it('pays by card again when the buyer picks a card after a gateway', async () => {
    const { api, user } = await checkoutPage({ buynowCheckout: () => result({ status: 'paid', url: null }) });
    await user.click(await screen.findByRole('radio', { name: /^Paytm/ }));
    await user.click(screen.getByRole('radio', { name: /Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.to('buynowCheckout')).toHaveLength(1));
    expect(api.to('buynowCheckout')[0]?.input).toMatchObject({
      payment: { use_wallet: false, card_id: 'card-1' },
    });
    expect(api.to('buynowCheckout')[0]?.input).not.toHaveProperty('payment.gateway');
  });

  it('lists no gateway where the site took none', async () => {
    const { api } = await checkoutPage({ paymentGateways: () => ({ paypal: false, hosted: [] }) });
    expect(await screen.findByRole('radio', { name: /Visa ending in 4242/ })).toBeTruthy();
    await waitFor(() => expect(api.to('paymentGateways')).toHaveLength(1));
    expect(screen.queryByRole('radio', { name: /^Paytm/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /^Cashfree/ })).toBeNull();
  });
});

describe('/checkout_confirm back from a hosted gateway', () => {
  it('answers Paytm’s return with paytm_response and its fields as Paytm gave them, once', async () => {
    const fields = new URLSearchParams({
      ORDERID: 'pay-1-paytm',
      STATUS: 'TXN_SUCCESS',
      CHECKSUMHASH: 'abc+/=',
    });
    const { api, router } = await renderApp(
      `/checkout_confirm?payment_id=pay-1&invoice=B-17&gateway=paytm&fields=${encodeURIComponent(fields.toString())}`,
      {
        storedToken: 'tok-1',
        api: {
          validateUser: () => aUser(),
          paytmResponse: ({ invoice_ids }) => result({ status: 'paid', invoice_ids, url: null }),
        },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(api.to('paytmResponse').map((r) => r.input)).toEqual([
      {
        payment_id: 'pay-1',
        invoice_ids: ['B-17'],
        fields: { ORDERID: 'pay-1-paytm', STATUS: 'TXN_SUCCESS', CHECKSUMHASH: 'abc+/=' },
      },
    ]);
    expect(api.to('confirmPayment')).toHaveLength(0);
    expect(router.state.location.search).toEqual({ invoice: 'B-17', status: 'paid' });
  });

  it('answers Cashfree’s return with cashfree_response and its order id', async () => {
    const { api } = await renderApp(
      '/checkout_confirm?payment_id=pay-2&invoice=B-18&gateway=cashfree&fields=order_id%3Dpay-2-cashfree',
      {
        storedToken: 'tok-1',
        api: {
          validateUser: () => aUser(),
          cashfreeResponse: ({ invoice_ids }) => result({ status: 'paid', invoice_ids, url: null }),
        },
      },
    );
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(api.to('cashfreeResponse').map((r) => r.input)).toEqual([
      { payment_id: 'pay-2', invoice_ids: ['B-18'], fields: { order_id: 'pay-2-cashfree' } },
    ]);
  });

  it('answers a membership payment’s return (no invoices) and shows the deposit held in the wallet', async () => {
    const { api, router } = await renderApp(
      '/checkout_confirm?payment_id=G-1&gateway=cashfree&fields=order_id%3DG-1',
      {
        storedToken: 'tok-1',
        api: {
          validateUser: () => aUser(),
          cashfreeResponse: () => result({ status: 'paid', invoice_ids: [], payment_id: 'G-1', url: null }),
          alltransactions: () => ({ records: [], totalRecords: 0 }),
          getCards: () => ({ data: [], has_more: false }),
          getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
          deposits: () => ({ records: [], totalRecords: 0, setDisp: '', held: 25_000 }),
          allinvoices: () => ({ records: [], totalRecords: 0 }),
        },
      },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(await screen.findByText('Paid: your bid deposit is held.')).toBeTruthy();
    expect(api.to('cashfreeResponse').map((r) => r.input)).toEqual([
      { payment_id: 'G-1', invoice_ids: [], fields: { order_id: 'G-1' } },
    ]);
  });
});
