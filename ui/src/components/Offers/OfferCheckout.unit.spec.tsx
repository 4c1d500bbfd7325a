import { screen, waitFor, within } from '@testing-library/react';
import type { InputOf } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { aCard, aCart, anInvoice, aUser, someCartValues } from '../../test-utils/fixtures.ts';
import { anOffer, pageOf } from './test-offers.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

/** Two accepted offers waiting to be paid, each on its invoice. */
const tempCart = () =>
  pageOf([
    anOffer({ id: 'o-1', status: 'accepted', turn: null, invoice_id: 'inv-9', qty: 6, price: 8_000 }),
    anOffer({
      id: 'o-2',
      status: 'accepted',
      turn: null,
      invoice_id: 'inv-10',
      product_id: 'lot-8',
      title: '2010 Pétrus',
      qty: 1,
      price: 250_000,
    }),
  ]);

const quote = (_input: InputOf<'saveAddress'>) => ({
  cartValues: someCartValues({ subtotal: 48_000, tax: 3_000, total: 51_000, due: 51_000 }),
  tax_state: 'IL',
  cartLocation: aCart().cartLocation,
});

const checkoutPage = (path: string, api: Api = {}) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: true }),
      tempCart,
      getCards: () => ({ data: [aCard({ id: 'card-1', is_default: true })], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
      saveAddress: quote,
      checkout: () => ({ status: 'paid', invoice_ids: ['inv-9'], payment_id: 'pay-1', url: null }),
      ...api,
    },
  });

describe('/checkout/offer/:cart_id (issue 36)', () => {
  it('pays one accepted offer’s invoice: its line from the temporary cart, the order of type offer', async () => {
    const { api, user, router } = await checkoutPage('/checkout/offer/inv-9');
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines.map((l) => l.dataset.productId)).toEqual(['lot-7']);
    expect(within(lines[0] as HTMLElement).getByTestId('line-unit-price').textContent).toBe('$80.00');
    expect(within(lines[0] as HTMLElement).getByTestId('line-amount').textContent).toBe('$480.00');
    // The pickup place comes with the quote.
    expect(await screen.findByTestId('pickup-location')).toBeTruthy();
    expect(api.to('saveAddress')[0]?.input).toEqual({
      type: 'offer',
      cart_id: 'inv-9',
      delivery: 'pickup',
      address: null,
      billing_address: null,
    });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout_confirm'));
    expect(api.to('checkout').map((r) => r.input)).toEqual([
      {
        type: 'offer',
        cart_id: 'inv-9',
        delivery: 'pickup',
        address: null,
        billing_address: null,
        payment: { use_wallet: false, card_id: 'card-1' },
      },
    ]);
  });

  it('pays them all at once', async () => {
    await checkoutPage('/checkout/offer/all');
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines.map((l) => l.dataset.productId)).toEqual(['lot-7', 'lot-8']);
  });

  it('has nothing to pay for an invoice not in the temporary cart, and leads back to the offers', async () => {
    await checkoutPage('/checkout/offer/inv-77');
    const nothing = await screen.findByTestId('checkout-nothing');
    expect(within(nothing).getByRole('link').getAttribute('href')).toBe('/offers');
  });

  it('offers Pay now on an unpaid offer invoice, to its checkout, and names its kind', async () => {
    await renderApp('/invoice/inv-9', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        invoice: () => anInvoice({ id: 'inv-9', kind: 'offer', status: 'unpaid', paid_at: null }),
      },
    });
    const pay = await screen.findByTestId('pay-now');
    expect(pay.getAttribute('href')).toBe('/checkout/offer/inv-9');
    expect(screen.getByText('Offer')).toBeTruthy();
  });
});
