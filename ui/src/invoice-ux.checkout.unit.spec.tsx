import { screen, waitFor, within } from '@testing-library/react';
import type { CardRecord, CheckoutResult, InputOf } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { cardInToken } from './test-utils/fake-api.ts';
import { aCard, aCart, aUser, someCartValues } from './test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const quote = (_input: InputOf<'saveAddress'>) => ({
  cartValues: someCartValues(),
  tax_state: 'IL',
  cartLocation: aCart().cartLocation,
});
const paid: CheckoutResult = { status: 'paid', invoice_ids: ['inv-7'], payment_id: 'pay-1', url: null };

/** The checkout of a buy-now cart; `cards` is the buyer's cards on file, changed by addCard. */
function checkoutPage(cards: CardRecord[], api: Api = {}) {
  return renderApp('/checkout/buynow/c1', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: cards.length > 0 }),
      pendingCount: () => ({ buynowCount: { totalRecords: 1 }, auctionCount: { totalRecords: 0 } }),
      buynowCart: () => aCart(),
      getCards: () => ({ data: cards, has_more: false }),
      addCard: (input) => {
        const card = cardInToken(input.card_token);
        cards.push(
          aCard({
            id: `card-${card.number.slice(-4)}`,
            last4: card.number.slice(-4),
            brand: 'mastercard',
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            is_default: cards.length === 0,
          }),
        );
        return { data: [...cards], has_more: false };
      },
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
      saveAddress: quote,
      buynowCheckout: () => paid,
      ...api,
    },
  });
}

describe('checkout: address line 2 and a card added there (issue 31)', () => {
  it('sends the second address line of the delivery and billing addresses', async () => {
    const { api, user } = await checkoutPage([aCard({ id: 'card-1' })]);
    // Pasted rather than typed key by key: the page re-prices as the address changes.
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
    const delivery = screen.getByRole('group', { name: 'Delivery address' });
    await fill(within(delivery).getByRole('textbox', { name: 'Address' }), '1 N State St');
    await fill(
      within(delivery).getByRole('textbox', { name: 'Apartment, suite, floor (optional)' }),
      'Suite 400',
    );
    await fill(within(delivery).getByRole('textbox', { name: 'City' }), 'Chicago');
    await user.click(within(delivery).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Illinois' }));
    await fill(within(delivery).getByRole('textbox', { name: 'ZIP code' }), '60602');
    await user.click(screen.getByRole('checkbox', { name: 'Billing address same as delivery' }));
    const billing = screen.getByRole('group', { name: 'Billing address' });
    await fill(within(billing).getByRole('textbox', { name: 'Address' }), '9 Elm St');
    await fill(within(billing).getByRole('textbox', { name: 'Apartment, suite, floor (optional)' }), 'Apt 2');
    await fill(within(billing).getByRole('textbox', { name: 'City' }), 'Springfield');
    await user.click(within(billing).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Illinois' }));
    await fill(within(billing).getByRole('textbox', { name: 'ZIP code' }), '62701');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.to('buynowCheckout')).toHaveLength(1));
    expect(api.to('buynowCheckout')[0]?.input).toMatchObject({
      address: {
        address1: '1 N State St',
        address2: 'Suite 400',
        city: 'Chicago',
        state: 'IL',
        zip: '60602',
      },
      billing_address: {
        address1: '9 Elm St',
        address2: 'Apt 2',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
      },
    });
  }, 60_000);

  it('adds a card in a dialog without leaving the checkout, chooses it and pays with it', async () => {
    const cards = [aCard({ id: 'card-1', is_default: true })];
    const { api, user, router } = await checkoutPage(cards);
    expect(await screen.findByRole('radio', { name: /Visa ending in 4242/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await expectNoAxeViolations(dialog);
    const year = String(new Date().getFullYear() + 2);
    await user.type(within(dialog).getByRole('textbox', { name: /Card number/ }), '5555 5555 5555 4444');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Expiry month/ }), '9');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Expiry year/ }), year);
    await user.type(within(dialog).getByRole('textbox', { name: /CVV/ }), '123');
    await user.type(within(dialog).getByRole('textbox', { name: /Name on card/ }), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/checkout/buynow/c1');
    expect(api.to('addCard')).toHaveLength(1);
    const added = await screen.findByRole('radio', { name: /Mastercard ending in 4444/ });
    expect(added).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.to('buynowCheckout')).toHaveLength(1));
    expect(api.to('buynowCheckout')[0]?.input).toMatchObject({ payment: { card_id: 'card-4444' } });
  });

  it('lets a buyer with no card add one there and pay', async () => {
    const { api, user } = await checkoutPage([]);
    expect(await screen.findByTestId('no-cards')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.type(within(dialog).getByRole('textbox', { name: /Card number/ }), '5555 5555 5555 4444');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Expiry month/ }), '9');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Expiry year/ }),
      String(new Date().getFullYear() + 2),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /CVV/ }), '123');
    await user.type(within(dialog).getByRole('textbox', { name: /Name on card/ }), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('radio', { name: /Mastercard ending in 4444/ })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(api.to('buynowCheckout')[0]?.input).toMatchObject({ payment: { card_id: 'card-4444' } }),
    );
  });
});
