import { screen, waitFor } from '@testing-library/react';
import type { InputOf } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { withMessage } from '../../test-utils/fake-api.ts';
import { aCard, aCart, aCartItem, aUser, someCartValues } from '../../test-utils/fixtures.ts';

const quote = (_input: InputOf<'saveAddress'>) => ({
  cartValues: someCartValues(),
  tax_state: 'IL',
  cartLocation: aCart().cartLocation,
});

const page = (path: string) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: true }),
      pendingCount: () => ({ buynowCount: { totalRecords: 1 }, auctionCount: { totalRecords: 1 } }),
      auctionCart: () => aCart({ cartItems: [aCartItem({ product_id: 'lot-1', invoice_id: 'inv-1' })] }),
      buynowCart: () => aCart(),
      getCards: () => ({ data: [aCard({ id: 'card-1' })], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
      saveAddress: quote,
      updateCheckout: (input) =>
        withMessage('Your delivery choice is saved on your invoices', {
          ...quote(input as InputOf<'saveAddress'>),
        }),
    },
  });

describe('checkout: the delivery saved on won lots’ invoices without paying (seeds 001 cart/updateCheckout)', () => {
  it('writes the chosen delivery on the invoice, and says so', async () => {
    const { user, api } = await page('/checkout/auction/inv-1');
    await user.click(await screen.findByRole('button', { name: 'Save this delivery choice' }));
    await waitFor(() => expect(api.to('updateCheckout')).toHaveLength(1));
    expect(api.to('updateCheckout')[0]?.input).toMatchObject({
      type: 'auction',
      cart_id: 'inv-1',
      delivery: 'pickup',
    });
    expect(await screen.findByText('Your delivery choice is saved on your invoices')).toBeTruthy();
    expect(api.to('checkout')).toHaveLength(0);
  });

  it('is not offered on the buy-now checkout (its delivery is chosen as it is placed)', async () => {
    await page('/checkout/buynow/c1');
    expect(await screen.findByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save this delivery choice' })).toBeNull();
  });
});
