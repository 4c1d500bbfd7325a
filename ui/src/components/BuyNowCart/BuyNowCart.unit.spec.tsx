import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { withMessage } from '../../test-utils/fake-api.ts';
import { aCart, aCartItem, aUser } from '../../test-utils/fixtures.ts';
import { AuctionCart } from '../AuctionCart/AuctionCart.tsx';
import { BuyNowCart } from './BuyNowCart.tsx';

const counts = () => ({ buynowCount: { totalRecords: 1 }, auctionCount: { totalRecords: 0 } });

describe('the buy-now cart: saved for later (seeds 001 buynow/changeStatus)', () => {
  it('saves a line for later and lists the saved lines apart, each with Move to cart', async () => {
    const { user, api, alerts, container } = await renderWithApi(<BuyNowCart />, {
      signedInAs: aUser(),
      mantineEnv: 'test',
      api: {
        refreshCart: () => ({ removed: [], repriced: [] }),
        pendingCount: counts,
        buynowCart: () =>
          aCart({
            cartItems: [aCartItem({ product_id: 'lot-1' })],
            nonCartItems: [
              aCartItem({ product_id: 'lot-2', title: '2010 Pétrus', saved: true }),
              aCartItem({ product_id: 'lot-3', title: '1990 Krug', remaining: 0 }),
            ],
          }),
        buynowChangeStatus: (input) =>
          withMessage('Saved for later: it waits outside your cart until you move it back', input),
      },
    });
    const saved = await screen.findByTestId('saved-lines');
    expect(within(saved).getByText('2010 Pétrus')).toBeTruthy();
    expect(within(saved).queryByText('1990 Krug')).toBeNull();
    expect(within(saved).getByRole('button', { name: 'Move to cart: 2010 Pétrus' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save for later: 2015 Château Margaux' }));
    await waitFor(() => expect(api.to('buynowChangeStatus')).toHaveLength(1));
    expect(api.to('buynowChangeStatus')[0]?.input).toEqual({ product_id: 'lot-1', status: 'saved' });
    expect(alerts()).toContainEqual({
      msg: 'Saved for later: it waits outside your cart until you move it back',
      type: 'success',
    });
    await expectNoAxeViolations(container);
  });
});

describe('the auction cart: an invoice set aside (seeds 001 cart/changeStatus)', () => {
  it('sets an invoice aside from Pay all and lists it apart, to put back', async () => {
    const { user, api } = await renderWithApi(<AuctionCart />, {
      signedInAs: aUser(),
      mantineEnv: 'test',
      api: {
        auctionCart: () =>
          aCart({
            cartItems: [aCartItem({ product_id: 'lot-1', invoice_id: 'inv-1' })],
            nonCartItems: [
              aCartItem({ product_id: 'lot-2', title: '2010 Pétrus', invoice_id: 'inv-2', saved: true }),
            ],
          }),
        cartChangeStatus: (input) => withMessage('Set aside', input),
      },
    });
    const aside = await screen.findByTestId('invoices-aside');
    expect(within(aside).getByText('2010 Pétrus')).toBeTruthy();
    await user.click(within(aside).getByRole('button', { name: 'Pay invoice inv-2 with the others' }));
    await user.click(screen.getByRole('button', { name: 'Pay invoice inv-1 later' }));
    await waitFor(() => expect(api.to('cartChangeStatus')).toHaveLength(2));
    expect(api.to('cartChangeStatus').map((r) => r.input)).toEqual([
      { invoice_id: 'inv-2', status: 'cart' },
      { invoice_id: 'inv-1', status: 'saved' },
    ]);
    expect(screen.getByTestId('pay-all')).toBeTruthy();
  });

  it('offers no Pay all when every invoice is set aside', async () => {
    await renderWithApi(<AuctionCart />, {
      signedInAs: aUser(),
      mantineEnv: 'test',
      api: {
        auctionCart: () =>
          aCart({
            cartItems: [],
            nonCartItems: [aCartItem({ product_id: 'lot-2', invoice_id: 'inv-2', saved: true })],
          }),
      },
    });
    expect(await screen.findByTestId('nothing-to-pay-now')).toBeTruthy();
    expect(screen.queryByTestId('pay-all')).toBeNull();
    expect(screen.queryByTestId('cart-empty')).toBeNull();
  });
});
