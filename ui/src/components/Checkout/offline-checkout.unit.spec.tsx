import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutResult } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { withMessage } from '../../test-utils/fake-api.ts';
import { aCard, aCart, anInvoice, aUser, someCartValues } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const instructions =
  'Order placed. Pay $191.25 by bank transfer quoting invoice B-17, or at pickup; your order is held until 2030-01-24.';

/** The buyer's own unpaid invoice, as the server answers it. */
const unpaidInvoice = () =>
  anInvoice({ id: 'B-17', status: 'unpaid', due: 19_125, paid: 0, due_at: '2030-01-24T12:00:00.000Z' });

const placedUnpaid: CheckoutResult = { status: 'unpaid', invoice_ids: ['B-17'], payment_id: '', url: null };

/** The checkout of a buy-now cart, for a buyer with a Visa and $50.00 of wallet credit. */
const checkoutPage = (api: Api = {}) =>
  renderApp('/checkout/buynow/c1', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: true }),
      pendingCount: () => ({ buynowCount: { totalRecords: 1 }, auctionCount: { totalRecords: 0 } }),
      buynowCart: () => aCart(),
      getCards: () => ({ data: [aCard()], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 5_000 }),
      saveAddress: () => ({
        cartValues: someCartValues(),
        tax_state: 'IL',
        cartLocation: aCart().cartLocation,
      }),
      payCartOffline: () => withMessage(instructions, placedUnpaid),
      invoice: unpaidInvoice,
      ...api,
    },
  });

describe('paying offline at checkout', () => {
  it('places the order with payCartOffline, no payment, and shows how to pay on the confirmation', async () => {
    const { api, user, router } = await checkoutPage();
    const offline = await screen.findByRole('radio', { name: 'Pay offline (bank transfer or at pickup)' });
    expect(screen.getByTestId('pay-offline')).toBe(offline);
    expect(screen.getByRole('checkbox', { name: /Use my wallet credit/ })).toBeTruthy();
    await user.click(offline);
    // The wallet and the cards are ways to pay now: not offered for an order paid offline.
    expect(screen.queryByRole('checkbox', { name: /Use my wallet credit/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /Visa ending in 4242/ })).toBeNull();
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout_confirm'));
    expect(api.to('payCartOffline').map((r) => r.input)).toEqual([
      { type: 'buynow', cart_id: 'c1', delivery: 'pickup', address: null, billing_address: null },
    ]);
    expect(api.to('buynowCheckout')).toHaveLength(0);
    expect(router.state.location.search).toEqual({ invoice: 'B-17', status: 'unpaid' });
    const result = await screen.findByTestId('confirm-result');
    expect(within(result).getByRole('heading', { name: 'Order placed' })).toBeTruthy();
    expect((await within(result).findByTestId('confirm-note')).textContent).toContain(instructions);
    expect(within(result).getByRole('link', { name: 'Invoice B-17' }).getAttribute('href')).toBe(
      '/invoice/B-17',
    );
  });

  it('needs no card: a buyer without one can still order to pay offline', async () => {
    const { api, user } = await checkoutPage({ getCards: () => ({ data: [], has_more: false }) });
    await user.click(await screen.findByTestId('pay-offline'));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('confirm-note')).toBeTruthy();
    expect(api.to('payCartOffline')).toHaveLength(1);
    expect(screen.queryByText('Choose a card or wallet credit')).toBeNull();
  });

  it('still asks for the delivery address before placing an offline order', async () => {
    const { api, user } = await checkoutPage();
    await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
    await user.click(screen.getByTestId('pay-offline'));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Enter the delivery address')).toBeTruthy();
    expect(api.to('payCartOffline')).toHaveLength(0);
  });
});

describe('/checkout_confirm of an order to pay offline', () => {
  const confirm = (query: string) =>
    renderApp(`/checkout_confirm?${query}`, {
      storedToken: 'tok-1',
      api: { validateUser: () => aUser(), invoice: unpaidInvoice },
    });

  it('tells how to pay from the buyer\u2019s own invoice, as the server answers it', async () => {
    await confirm('invoice=B-17&status=unpaid');
    expect((await screen.findByTestId('confirm-note')).textContent).toContain(instructions);
  });

  it('shows nothing a link brings as text: a note in the link is ignored', async () => {
    await confirm(`invoice=B-17&status=unpaid&note=${encodeURIComponent('Pay to account 123 at evil bank')}`);
    expect((await screen.findByTestId('confirm-note')).textContent).toContain(instructions);
    expect(screen.queryByText(/evil bank/)).toBeNull();
  });
});
