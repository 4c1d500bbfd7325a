import { screen, waitFor, within } from '@testing-library/react';
import type { CardRecord, InputOf } from '@wine/contracts';
import { createStore } from 'jotai';
import { describe, expect, it, onTestFinished } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { fakeApi, withMessage } from '../../test-utils/fake-api.ts';
import { aCard, aCart, aCartItem, aUser, someCartValues } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { PaymentCards } from '../PaymentCards/PaymentCards.tsx';

const quote = (_input: InputOf<'saveAddress'>) => ({
  cartValues: someCartValues(),
  tax_state: 'IL',
  cartLocation: aCart().cartLocation,
});
const HOLD = { id: 'H-1', amount: 13_230, expires_at: '2026-12-08T12:00:00.000Z' };

/** The checkout of a won lot's invoice, with a card whose hold the fake API places and gives back. */
function page(path: string) {
  let card: CardRecord = aCard({ id: 'card-1' });
  return renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: true }),
      pendingCount: () => ({ buynowCount: { totalRecords: 1 }, auctionCount: { totalRecords: 1 } }),
      auctionCart: () => aCart({ cartItems: [aCartItem({ product_id: 'lot-1', invoice_id: 'inv-1' })] }),
      buynowCart: () => aCart(),
      getCards: () => ({ data: [card], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
      saveAddress: quote,
      authorizeCard: (input) => {
        card = { ...card, hold: HOLD };
        return withMessage('$132.30 held on your card: nothing is taken until you pay with it', {
          hold_id: HOLD.id,
          card_id: input.card_id,
          amount: HOLD.amount,
          invoice_ids: ['inv-1'],
          expires_at: HOLD.expires_at,
        });
      },
      releaseCardHold: () => {
        const { hold: _released, ...rest } = card;
        card = rest;
        return withMessage('The hold was given back to your card', null);
      },
    },
  });
}

describe('checkout: the total held on a card before paying (seeds 001 payment/authorize)', () => {
  it('holds the total on the chosen card with the delivery chosen, shows the hold, and gives it back', async () => {
    const { user, api } = await page('/checkout/auction/inv-1');
    await user.click(await screen.findByRole('button', { name: 'Hold the total on this card' }));
    await waitFor(() => expect(api.to('authorizeCard')).toHaveLength(1));
    expect(api.to('authorizeCard')[0]?.input).toMatchObject({
      type: 'auction',
      cart_id: 'inv-1',
      delivery: 'pickup',
      card_id: 'card-1',
    });
    expect(
      await screen.findByText('$132.30 held on your card: nothing is taken until you pay with it'),
    ).toBeTruthy();
    expect(await screen.findByText(/\$132\.30 held on this card until 12-08-2026/)).toBeTruthy();
    // Nothing was paid: the hold is taken when the order is placed with the card.
    expect(api.to('checkout')).toHaveLength(0);
    await expectNoAxeViolations(document.body);

    await user.click(screen.getByRole('button', { name: /^Give the hold back/ }));
    await waitFor(() => expect(api.to('releaseCardHold')).toHaveLength(1));
    expect(api.to('releaseCardHold')[0]?.input).toEqual({ hold_id: 'H-1' });
    expect(await screen.findByRole('button', { name: 'Hold the total on this card' })).toBeTruthy();
  });

  it('is not offered on the buy-now checkout (its total is known when it is placed)', async () => {
    await page('/checkout/buynow/c1');
    expect(await screen.findByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hold the total on this card' })).toBeNull();
  });
});

describe('My Account: a hold on a card on file (seeds 001 payment/authorize)', () => {
  it('shows the amount and until when on the card, and gives it back from there', async () => {
    let card: CardRecord = aCard({ id: 'card-1', hold: HOLD });
    const api = fakeApi({
      validateUser: () => aUser({ card_on_file: true }),
      getCards: () => ({ data: [card], has_more: false }),
      releaseCardHold: () => {
        const { hold: _released, ...rest } = card;
        card = rest;
        return withMessage('The hold was given back to your card', null);
      },
    });
    onTestFinished(configureApi({ fetch: api.fetch, getToken: () => 't' }));
    const store = createStore();
    store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() });
    const { user } = await render(<PaymentCards />, { store, withNotifications: true });
    const hold = await screen.findByTestId('card-hold');
    expect(within(hold).getByText('$132.30 held until 12-08-2026')).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('payment-cards'));
    await user.click(within(hold).getByRole('button', { name: 'Give the hold back: $132.30 on Visa 4242' }));
    await waitFor(() => expect(screen.queryByTestId('card-hold')).toBeNull());
    expect(api.to('releaseCardHold').map((r) => r.input)).toEqual([{ hold_id: 'H-1' }]);
  });
});
