import { screen, waitFor, within } from '@testing-library/react';
import type { LotView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { clockAt, renderWithApi } from '../../test-utils/component.tsx';
import { Failure, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { aLot, aUser } from '../../test-utils/fixtures.ts';
import { MakeOffer } from './MakeOffer.tsx';

/** A fixed-price lot of six bottles (two sold) at $90.00 a bottle. */
const buyNowLot = (over: Partial<LotView> = {}) =>
  aLot({
    id: 'lot-7',
    auction: 0,
    buynow: 1,
    bprice: 9_000,
    qty: 6,
    sold: 2,
    bid_count: 0,
    date_closed: '2030-01-20T12:00:00.000Z',
    ...over,
  });

const sent = () =>
  withMessage('Your offer was sent', { offer_id: 'offer-9', status: 'open' as const, invoice_id: null });

async function renderOffer(
  lot: LotView,
  options: { api?: Handlers; signedIn?: boolean; card?: boolean } = {},
) {
  const { signedIn = true, card = true } = options;
  return renderWithApi(<MakeOffer lot={lot} />, {
    ...(options.api && { api: options.api }),
    ...(signedIn && { signedInAs: aUser({ card_on_file: card }) }),
    mantineEnv: 'test',
  });
}

/** Opens the dialog and fills its fields (either left as it is when undefined). */
async function fill(
  user: Awaited<ReturnType<typeof renderOffer>>['user'],
  terms: { price?: string; qty?: string },
) {
  if (!screen.queryByRole('dialog')) await user.click(screen.getByRole('button', { name: 'Make an offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make an offer on 2015 Château Margaux' });
  const price = within(dialog).getByRole('textbox', { name: /Your price a bottle/ });
  const qty = within(dialog).getByRole('textbox', { name: /Bottles/ });
  if (terms.price !== undefined) {
    await user.clear(price);
    if (terms.price) await user.type(price, terms.price);
  }
  if (terms.qty !== undefined) {
    await user.clear(qty);
    if (terms.qty) await user.type(qty, terms.qty);
  }
  return dialog;
}

describe('Make an offer (issue 36)', () => {
  clockAt('2030-01-09T12:00:00.000Z');

  it.each([
    ['a fixed-price lot open for sale', buyNowLot(), true],
    ['an auction lot closed unsold', aLot({ market_status: 'unsold', auction: 1 }), true],
    ['an auction lot still open', aLot({ auction: 1, buynow: 0 }), false],
    ['a lot on auction with buy now', buyNowLot({ auction: 1 }), false],
    ['a fixed-price lot sold out', buyNowLot({ sold: 6 }), false],
    ['a lot sold at auction', aLot({ market_status: 'sold' }), false],
    ['the user’s own lot', buyNowLot({ own_lot: 1 }), false],
  ])('is offered on %s: %s', async (_name, lot, shown) => {
    await renderOffer(lot);
    expect(screen.queryByRole('button', { name: 'Make an offer' }) !== null).toBe(shown);
  });

  it('sends a visitor to sign in, back to the lot after', async () => {
    await renderOffer(buyNowLot(), { signedIn: false });
    expect(screen.getByRole('link', { name: 'Login to make an offer' }).getAttribute('href')).toBe(
      '/login?pid=lot-7',
    );
  });

  it('shows the asking price, the bottles left and what an offer commits to', async () => {
    const { user } = await renderOffer(buyNowLot());
    const dialog = await fill(user, {});
    expect(within(dialog).getByTestId('offer-asking').textContent).toBe('Asking price: $90.00 a bottle');
    expect(within(dialog).getByText('Bottles available: 4')).toBeTruthy();
    expect(dialog.textContent).toContain('Nothing is charged until your offer is accepted.');
    expect(dialog.textContent).toContain('The offer expires in 48 hours if it is not answered.');
  });

  it('sends the price in cents a bottle and the bottles, then says so with a link to the offers', async () => {
    const { user, api } = await renderOffer(buyNowLot(), { api: { makeOffer: sent } });
    const dialog = await fill(user, { price: '$1,085.5', qty: '2' });
    expect(within(dialog).getByTestId('offer-total').textContent).toBe('Your offer in all: $2,171.00');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect((await within(dialog).findByTestId('offer-answer')).textContent).toBe('Your offer was sent');
    expect(api.to('makeOffer').map((r) => r.input)).toEqual([
      { product_id: 'lot-7', qty: 2, price: 108_550 },
    ]);
    expect(within(dialog).getByRole('link', { name: 'See my offers' }).getAttribute('href')).toBe('/offers');
  });

  it.each([
    [
      'fractions of a cent',
      '85.505',
      '1',
      'price',
      'Enter a price of at least $0.01 a bottle, in whole cents',
    ],
    ['no price', '', '1', 'price', 'Enter a price of at least $0.01 a bottle, in whole cents'],
    ['a price of nothing', '0', '1', 'price', 'Enter a price of at least $0.01 a bottle, in whole cents'],
    ['words for a price', 'eighty', '1', 'price', 'Enter a price of at least $0.01 a bottle, in whole cents'],
    ['part of a bottle', '85', '1.5', 'qty', 'Enter a whole number of bottles, at least 1'],
    ['no bottles', '85', '0', 'qty', 'Enter a whole number of bottles, at least 1'],
    ['more bottles than are left', '85', '5', 'qty', 'Only 4 bottles are available'],
  ])('refuses %s, sending nothing', async (_name, price, qty, field, message) => {
    const { user, api } = await renderOffer(buyNowLot(), { api: { makeOffer: sent } });
    const dialog = await fill(user, { price, qty });
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    const input = within(dialog).getByRole('textbox', {
      name: field === 'price' ? /Your price a bottle/ : /Bottles/,
    });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain(message);
    expect(api.to('makeOffer')).toHaveLength(0);
  });

  it('keeps a refusal of the server in the dialog, under its field', async () => {
    const { user } = await renderOffer(buyNowLot(), {
      api: {
        makeOffer: () => {
          throw new Failure('Only 3 bottles are available', 409, { field: 'qty' }, 'OFFER_QUANTITY');
        },
      },
    });
    const dialog = await fill(user, { price: '85', qty: '4' });
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('Only 3 bottles are available')).toBeTruthy();
    expect(within(dialog).queryByTestId('offer-answer')).toBeNull();
  });

  it('says the server’s message and sends the buyer to add a card when there is none on file', async () => {
    const { user, alerts, router } = await renderOffer(buyNowLot(), {
      api: {
        makeOffer: () => {
          throw new Failure('Please add a card to place bid', 402, null, 'ADD_CARD');
        },
      },
    });
    const dialog = await fill(user, { price: '85', qty: '1' });
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(alerts()).toEqual([{ msg: 'Please add a card to place bid', type: 'error' }]);
  });

  it('sends a buyer without a card on file to add one before the dialog', async () => {
    const { user, alerts, router } = await renderOffer(buyNowLot(), { card: false });
    await user.click(screen.getByRole('button', { name: 'Make an offer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(alerts()).toEqual([{ msg: 'Please add a card to buy', type: 'error' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
