import { screen, waitFor, within } from '@testing-library/react';
import type { LotView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { clockAt, renderWithApi } from '../../test-utils/component.tsx';
import { type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { aLot, aUser } from '../../test-utils/fixtures.ts';
import { BuyNowBox } from './BuyNowBox.tsx';

/** A buy-now lot of six bottles at $90.00 each, $80.00 from six. */
const lot = (over: Partial<LotView> = {}) =>
  aLot({
    id: 'lot-7',
    auction: 0,
    buynow: 1,
    bprice: 9_000,
    qty: 6,
    sold: 0,
    bid_count: 0,
    discount_buynow_records: [{ id: 'discount-1', quantity: 6, bprice: 8_000 }],
    date_closed: '2030-01-20T12:00:00.000Z',
    ...over,
  });

const added = () =>
  withMessage('Added to cart', { lines: [{ product_id: 'lot-7', qty: 2, unit_price: 9_000 }] });

async function renderBox(
  shown: LotView,
  options: { api?: Handlers; signedIn?: boolean; card?: boolean } = {},
) {
  const { signedIn = true, card = true } = options;
  return renderWithApi(<BuyNowBox lot={shown} bprice={shown.bprice ?? 0} />, {
    ...(options.api && { api: options.api }),
    ...(signedIn && { signedInAs: aUser({ card_on_file: card }) }),
    mantineEnv: 'test',
  });
}

const quantity = () => screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;

async function setQuantity(user: Awaited<ReturnType<typeof renderBox>>['user'], value: string) {
  await user.clear(quantity());
  if (value) await user.type(quantity(), value);
  await user.click(screen.getByRole('button', { name: 'Buy Now' }));
}

describe('BuyNowBox (seeds 000 §4.4 / §5)', () => {
  clockAt('2030-01-09T12:00:00.000Z');

  it('shows the price per bottle, the discounts and the stock, and starts at one bottle', async () => {
    await renderBox(lot());
    expect(screen.getByTestId('buy-now-price').textContent).toBe('$90.00');
    expect(screen.getByTestId('discount-table')).toBeTruthy();
    expect(screen.getByText('Available: 6')).toBeTruthy();
    expect(quantity().value).toBe('1');
  });

  it('bounds the quantity by the stock and asks for one, with the seeds’ texts, sending nothing', async () => {
    const { user, api } = await renderBox(lot({ sold: 2 }), { api: { addToCart: added } });
    await setQuantity(user, '5');
    expect(screen.getByTestId('buy-error').textContent).toBe('Max Quantity 4');
    await setQuantity(user, '');
    expect(screen.getByRole('alert').textContent).toBe('Enter quantity');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('addToCart')).toHaveLength(0);
  });

  it('starts at the enforced minimum quantity and refuses fewer', async () => {
    const { user } = await renderBox(lot({ minimumquantity: 3, enforceminqtyinternally: 1 }));
    expect(quantity().value).toBe('3');
    await setQuantity(user, '2');
    expect(screen.getByTestId('buy-error').textContent).toBe('Minimum Quantity 3');
  });

  it('buys the quantity at its price once confirmed, and says so', async () => {
    const { user, api, alerts } = await renderBox(lot(), { api: { addToCart: added } });
    await setQuantity(user, '2');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm buy now' });
    expect(dialog.textContent).toContain('Buy 2 × 2015 Château Margaux at $90.00 each, $180.00 in all?');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.to('addToCart')).toHaveLength(1));
    expect(api.to('addToCart')[0]?.input).toEqual({ cart: [{ product_id: 'lot-7', qty: 2 }] });
    await waitFor(() => expect(alerts()).toEqual([{ msg: 'Added to cart', type: 'success' }]));
  });

  it('prices six bottles at the discount', async () => {
    const { user } = await renderBox(lot());
    await setQuantity(user, '6');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm buy now' });
    expect(within(dialog).getByTestId('buy-total').textContent).toBe('$480.00');
  });

  it('says a lot with nothing left is sold out, and sends nothing', async () => {
    const { user, api } = await renderBox(lot({ sold: 6 }), { api: { addToCart: added } });
    expect(screen.getByText('Available: 0')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByTestId('buy-error').textContent).toBe('This lot is sold out');
    expect(api.to('addToCart')).toHaveLength(0);
  });

  it('sends a buyer without a card to add one', async () => {
    const { user, api, alerts, router } = await renderBox(lot(), { card: false });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(alerts()).toEqual([{ msg: 'Please add a card to buy', type: 'error' }]);
    expect(api.to('addToCart')).toHaveLength(0);
  });

  it('asks a signed-out visitor to sign in, and offers nothing to buy on a closed lot', async () => {
    const out = await renderBox(lot(), { signedIn: false });
    expect(screen.getByRole('link', { name: 'Login to buy' }).getAttribute('href')).toBe('/login?pid=lot-7');
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    out.unmount();
    await renderBox(lot({ market_status: 'closed', date_closed: '2030-01-08T12:00:00.000Z' }));
    expect(screen.getByTestId('buy-now-price').textContent).toBe('$90.00');
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Quantity' })).toBeNull();
  });
});

describe('BuyNowBox: this lot alone (seeds 001 buynow/addToBuynow)', () => {
  clockAt('2030-01-09T12:00:00.000Z');

  it('puts the lot in the cart alone and goes straight to its checkout', async () => {
    const { user, api, router } = await renderBox(lot(), {
      api: {
        addToBuynow: () =>
          withMessage('Ready to check out this lot; the rest of your cart is saved for later', {
            lines: [{ product_id: 'lot-7', qty: 2, unit_price: 9_000 }],
            saved: ['lot-1'],
          }),
      },
    });
    await user.clear(quantity());
    await user.type(quantity(), '2');
    await user.click(screen.getByRole('button', { name: 'Check out this lot alone' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/checkout\/buynow\/[0-9a-f]{32}$/));
    expect(api.to('addToBuynow').map((r) => r.input)).toEqual([{ product_id: 'lot-7', qty: 2 }]);
  });

  it('asks for a card first and sends nothing without one', async () => {
    const { user, api } = await renderBox(lot(), { card: false, api: {} });
    await user.click(screen.getByRole('button', { name: 'Check out this lot alone' }));
    expect(api.to('addToBuynow')).toHaveLength(0);
  });
});
