import { act, screen, waitFor, within } from '@testing-library/react';
import type { CartView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure } from './test-utils/fake-api.ts';
import { aCart, aCartItem, aUser, someCartValues } from './test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const counts = (buynow: number, auction = 0) => ({
  buynowCount: { totalRecords: buynow },
  auctionCount: { totalRecords: auction },
});

/** A page for a signed-in buyer, with the header's counts. */
const signedIn = (path: string, api: Api = {}) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: { validateUser: () => aUser({ card_on_file: true }), pendingCount: () => counts(1), ...api },
  });

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);

describe('the header cart', () => {
  it('shows the buy-now count, links to /buynowcart and asks again on a cartChanged message', async () => {
    let count = 2;
    const { api, openSocket } = await signedIn('/', { pendingCount: () => counts(count, 1) });
    const cart = await screen.findByRole('link', { name: 'Shopping cart, items: 2' });
    expect(cart.getAttribute('href')).toBe('/buynowcart');
    expect(screen.getByTestId('cart-count').textContent).toBe('2');

    count = 3;
    const socket = await openSocket();
    await act(async () => socket.receive({ type: 'cartChanged', position: '0000000000000042' }));
    await screen.findByRole('link', { name: 'Shopping cart, items: 3' });
    expect(api.to('pendingCount').length).toBeGreaterThanOrEqual(2);
  });

  it('is not there for a visitor', async () => {
    await renderApp('/');
    expect(screen.queryByTestId('cart-button')).toBeNull();
  });
});

describe('/buynowcart', () => {
  const cart = (over: Partial<CartView> = {}) =>
    aCart({
      cartItems: [
        aCartItem(),
        aCartItem({
          product_id: 'lot-2',
          title: '2010 Pétrus',
          qty: 1,
          unit_price: 250_000,
          amount: 250_000,
        }),
      ],
      nonCartItems: [aCartItem({ product_id: 'lot-3', title: '1990 Krug', remaining: 0 })],
      cartValues: someCartValues({ subtotal: 268_000, tax: 16_750, total: 284_750 }),
      ...over,
    });

  it('refreshes the cart once, then lists its lines, the lines no longer for sale and the totals', async () => {
    const { api } = await signedIn('/buynowcart', {
      refreshCart: () => ({ removed: ['lot-3'], repriced: [] }),
      buynowCart: () => cart(),
    });
    const lines = await screen.findAllByTestId('cart-line');
    expect(api.to('refreshCart')).toHaveLength(1);
    expect(api.requests.findIndex((r) => r.action === 'refreshCart')).toBeLessThan(
      api.requests.findIndex((r) => r.action === 'buynowCart'),
    );
    expect(lines.map((line) => line.dataset.productId)).toEqual(['lot-1', 'lot-2', 'lot-3']);
    const first = lines[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: '2015 Château Margaux' }).getAttribute('href')).toBe(
      '/productview/lot-1',
    );
    expect(within(first).getByTestId('line-unit-price').textContent).toBe('$90.00');
    expect(within(first).getByTestId('line-amount').textContent).toBe('$180.00');
    expect(within(first).getByText('Buy 6 or more for $80.00 each')).toBeTruthy();
    expect(within(lines[2] as HTMLElement).getByTestId('line-unavailable').textContent).toBe(
      'No longer available',
    );
    expect((lines[2] as HTMLElement).dataset.unavailable).toBe('true');
    expect(screen.getByTestId('total-subtotal').textContent).toBe('$2,680.00');
    expect(screen.getByText('Tax (6.25%)')).toBeTruthy();
    expect(screen.getByTestId('total-total').textContent).toBe('$2,847.50');
    await waitFor(() => expect(alertTexts()).toContain('Cart updated'));
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('removes a line after asking, with cancelItem', async () => {
    let shown = cart();
    const { api, user } = await signedIn('/buynowcart', {
      refreshCart: () => ({ removed: [], repriced: [] }),
      buynowCart: () => shown,
      cancelItem: () => {
        shown = cart({ cartItems: shown.cartItems.slice(1) });
        return null;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove 2015 Château Margaux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from cart' });
    expect(within(dialog).getByText('Remove 2015 Château Margaux from your cart?')).toBeTruthy();
    expect(api.to('cancelItem')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('confirm-remove'));
    await waitFor(() => expect(api.to('cancelItem').map((r) => r.input)).toEqual([{ product_id: 'lot-1' }]));
    await waitFor(() =>
      expect(screen.getAllByTestId('cart-line').map((line) => line.dataset.productId)).toEqual([
        'lot-2',
        'lot-3',
      ]),
    );
    await waitFor(() => expect(alertTexts()).toContain('Item removed from cart'));
  });

  it('removes a line no longer for sale too', async () => {
    const { api, user } = await signedIn('/buynowcart', {
      refreshCart: () => ({ removed: [], repriced: [] }),
      buynowCart: () => cart(),
      cancelItem: () => null,
    });
    await user.click(await screen.findByRole('button', { name: 'Remove 1990 Krug' }));
    await user.click(await screen.findByTestId('confirm-remove'));
    await waitFor(() => expect(api.to('cancelItem').map((r) => r.input)).toEqual([{ product_id: 'lot-3' }]));
  });

  it('sets a new quantity with addToCart and shows the discounted unit price it answers', async () => {
    let shown = cart();
    const { api, user } = await signedIn('/buynowcart', {
      refreshCart: () => ({ removed: [], repriced: [] }),
      buynowCart: () => shown,
      // The server prices 6 at the lot's discount row.
      addToCart: ({ cart: lines }) => {
        const [line] = lines;
        shown = cart({
          cartItems: shown.cartItems.map((item) =>
            item.product_id === line?.product_id
              ? { ...item, qty: line.qty, unit_price: 8_000, amount: line.qty * 8_000 }
              : item,
          ),
        });
        return { lines: lines.map((l) => ({ product_id: l.product_id, qty: l.qty, unit_price: 8_000 })) };
      },
    });
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of 2015 Château Margaux' });
    await user.clear(quantity);
    await user.type(quantity, '6');
    await waitFor(() =>
      expect(api.to('addToCart').map((r) => r.input)).toEqual([{ cart: [{ product_id: 'lot-1', qty: 6 }] }]),
    );
    const first = screen.getAllByTestId('cart-line')[0] as HTMLElement;
    await waitFor(() => expect(within(first).getByTestId('line-unit-price').textContent).toBe('$80.00'));
    expect(within(first).getByTestId('line-amount').textContent).toBe('$480.00');
  });

  it('refuses more than the lot has left without asking the server', async () => {
    const { api, user } = await signedIn('/buynowcart', {
      refreshCart: () => ({ removed: [], repriced: [] }),
      buynowCart: () => cart(),
    });
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of 2015 Château Margaux' });
    await user.clear(quantity);
    await user.type(quantity, '13');
    expect(await screen.findByText('Max Quantity 12')).toBeTruthy();
    expect(api.to('addToCart')).toHaveLength(0);
  });

  it('says a line whose lot has nothing left is sold out, not "Max Quantity 0"', async () => {
    const { api, user } = await signedIn('/buynowcart', {
      refreshCart: () => ({ removed: [], repriced: [] }),
      buynowCart: () => cart({ cartItems: [aCartItem({ remaining: 0 })] }),
    });
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of 2015 Château Margaux' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(await screen.findByText('This lot is sold out')).toBeTruthy();
    expect(screen.queryByText('Max Quantity 0')).toBeNull();
    expect(api.to('addToCart')).toHaveLength(0);
  });

  it('shows the server refusing a quantity and keeps the old one', async () => {
    const { user } = await signedIn('/buynowcart', {
      refreshCart: () => ({ removed: [], repriced: [] }),
      buynowCart: () => cart(),
      addToCart: () => {
        throw new Failure('Only 4 left', 409, { field: 'qty' }, 'BUY_NOW_QUANTITY');
      },
    });
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of 2015 Château Margaux' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(await screen.findByText('Only 4 left')).toBeTruthy();
    await waitFor(() => expect((quantity as HTMLInputElement).value).toBe('2'));
  });

  it('goes to a fresh checkout of the buy-now cart', async () => {
    const { user, router } = await signedIn('/buynowcart', {
      refreshCart: () => ({ removed: [], repriced: [] }),
      buynowCart: () => cart(),
    });
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/checkout\/buynow\/[A-Za-z0-9_-]{1,64}$/),
    );
  });

  it('says an empty cart is empty, with a way to browse, and points to won lots waiting', async () => {
    await signedIn('/buynowcart', {
      pendingCount: () => counts(0, 2),
      refreshCart: () => ({ removed: [], repriced: [] }),
      buynowCart: () => aCart({ cartItems: [], nonCartItems: [] }),
    });
    const empty = await screen.findByTestId('cart-empty');
    expect(within(empty).getByRole('link', { name: 'Browse wines' }).getAttribute('href')).toBe('/search');
    const notice = await screen.findByTestId('won-lots-notice');
    expect(within(notice).getByRole('link', { name: 'Pay for won lots' }).getAttribute('href')).toBe('/cart');
  });
});

describe('/cart', () => {
  it('groups the won lots by invoice, each with Pay, and offers Pay all with premium and tax', async () => {
    await signedIn('/cart', {
      auctionCart: () =>
        aCart({
          cartItems: [
            aCartItem({ product_id: 'lot-1', invoice_id: 'inv-1', amount: 100_000 }),
            aCartItem({ product_id: 'lot-2', title: '2010 Pétrus', invoice_id: 'inv-2', amount: 50_000 }),
            aCartItem({ product_id: 'lot-3', title: '1990 Krug', invoice_id: 'inv-1', amount: 20_000 }),
          ],
          cartValues: someCartValues({
            subtotal: 170_000,
            premium_percent: 20,
            premium: 34_000,
            tax_rate: 1025,
            tax: 20_910,
            total: 224_910,
          }),
        }),
    });
    const groups = await screen.findAllByTestId('invoice-group');
    expect(groups.map((g) => g.dataset.invoiceId)).toEqual(['inv-1', 'inv-2']);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByTestId('cart-line')
        .map((l) => l.dataset.productId),
    ).toEqual(['lot-1', 'lot-3']);
    expect(screen.getByRole('link', { name: 'Pay invoice inv-1' }).getAttribute('href')).toBe(
      '/checkout/auction/inv-1',
    );
    expect(screen.getByRole('link', { name: 'Pay all' }).getAttribute('href')).toBe('/checkout/auction/all');
    expect(screen.getByText('Buyer’s premium (20%)')).toBeTruthy();
    expect(screen.getByTestId('total-premium').textContent).toBe('$340.00');
    expect(screen.getByText('Tax (10.25%)')).toBeTruthy();
    expect(screen.getByTestId('total-total').textContent).toBe('$2,249.10');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('says when no won lot is waiting', async () => {
    await signedIn('/cart', { auctionCart: () => aCart({ cartItems: [] }) });
    expect((await screen.findByTestId('cart-empty')).textContent).toContain(
      'No won lots are waiting for payment.',
    );
  });
});
