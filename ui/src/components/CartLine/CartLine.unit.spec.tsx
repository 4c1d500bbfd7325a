import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aCart, aCartItem, aUser } from '../../test-utils/fixtures.ts';

/** /buynowcart for a buyer whose checkout of lot-2 lapsed unpaid (issue 31). */
const cartWithLapsedHold = () =>
  renderApp('/buynowcart', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: true }),
      pendingCount: () => ({ buynowCount: { totalRecords: 2 }, auctionCount: { totalRecords: 0 } }),
      refreshCart: () => ({ removed: [], repriced: [] }),
      buynowCart: () =>
        aCart({
          cartItems: [
            aCartItem(),
            aCartItem({ product_id: 'lot-2', title: '2010 Pétrus', hold_expired: true }),
          ],
          nonCartItems: [],
        }),
    },
  });

describe('a cart line whose hold expired (issue 31)', () => {
  it('says the hold expired and what to do, on that line only', async () => {
    await cartWithLapsedHold();
    const lines = await screen.findAllByTestId('cart-line');
    const [fresh, lapsed] = lines as [HTMLElement, HTMLElement];
    expect(within(fresh).queryByTestId('line-hold-expired')).toBeNull();
    expect(within(lapsed).getByTestId('line-hold-expired').textContent).toBe('Hold expired');
    expect(within(lapsed).getByTestId('line-hold-help').textContent).toContain(
      'Check out again: they are held for you again if they are still available.',
    );
    expect(within(lapsed).getByRole('link', { name: 'Check availability' }).getAttribute('href')).toBe(
      '/productview/lot-2',
    );
    await expectNoAxeViolations(screen.getByRole('main'));
  }, 30_000);
});
