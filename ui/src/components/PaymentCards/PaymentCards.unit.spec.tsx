import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { type CardRecord, cardMessages } from '@wine/contracts';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { cardInToken, Failure, fakeApi, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { aCard, aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { AlertToasts } from '../AlertToasts/AlertToasts.tsx';
import { PaymentCards } from './PaymentCards.tsx';

let restore = () => {};
afterEach(() => {
  restore();
  notifications.clean();
});

/** The sandbox provider's card that always declines. */
const DECLINED = '4000000000000002';

/** A card vault behind the fake API: the card actions change it and answer the whole list. */
function cardVault(initial: CardRecord[]): Handlers {
  let cards = initial;
  let added = 0;
  const list = () => ({ data: cards, has_more: false });
  return {
    validateUser: () => aUser({ card_on_file: cards.length > 0 }),
    getCards: () => list(),
    addCard: (input) => {
      const card = cardInToken(input.card_token);
      if (card.number === DECLINED)
        throw new Failure('Your card was declined.', 402, { field: 'card_number' });
      added += 1;
      cards = [
        ...cards,
        aCard({
          id: `card-new-${added}`,
          brand: card.number.startsWith('5') ? 'mastercard' : 'visa',
          last4: card.number.slice(-4),
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          name_on_card: input.name_on_card,
          is_default: cards.length === 0,
        }),
      ];
      return withMessage(cardMessages.added, list());
    },
    updateCard: (input) => {
      cards = cards.map((c) =>
        c.id === input.id
          ? {
              ...c,
              exp_month: Number(input.exp_month),
              exp_year: Number(input.exp_year),
              name_on_card: input.name_on_card,
            }
          : c,
      );
      return withMessage(cardMessages.updated, list());
    },
    deleteCard: ({ id }) => {
      cards = cards.filter((c) => c.id !== id);
      return withMessage(cardMessages.removed, list());
    },
    defaultCard: ({ id }) => {
      cards = cards.map((c) => ({ ...c, is_default: c.id === id }));
      return withMessage(cardMessages.defaultSet, list());
    },
  };
}

const visa = aCard();
const mastercard = aCard({
  id: 'card-2',
  brand: 'mastercard',
  last4: '4444',
  exp_month: 11,
  exp_year: 2029,
  name_on_card: 'A. Lovelace',
  is_default: false,
});

async function renderCards(handlers: Handlers) {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch, getToken: () => 't' });
  const store = createStore();
  store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() });
  const rendered = await render(
    <>
      <AlertToasts />
      <PaymentCards />
    </>,
    { store, withNotifications: true },
  );
  return { ...rendered, api };
}

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);
const cardItems = () => screen.queryAllByTestId('card-on-file');
const cardLabels = () => cardItems().map((c) => within(c).getByTestId('card-label').textContent);
const cardItem = (last4: string) =>
  cardItems().find((c) => c.textContent?.includes(last4)) ?? expect.fail(`no card ending in ${last4}`);

describe('PaymentCards', () => {
  it('lists the cards on file with brand, last 4 digits, expiry, name and the default badge', async () => {
    await renderCards(cardVault([visa, mastercard]));
    await waitFor(() => expect(cardItems()).toHaveLength(2));
    expect(cardLabels()).toEqual(['Visa •••• ending in 4242', 'Mastercard •••• ending in 4444']);
    const first = cardItem('4242');
    const second = cardItem('4444');
    expect(within(first).getByTestId('card-expiry').textContent).toBe('04/2031');
    expect(within(first).getByTestId('card-name').textContent).toBe('Ada Lovelace');
    expect(within(first).getByText('Default')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /^Make default/ })).toBeNull();
    expect(within(second).getByTestId('card-expiry').textContent).toBe('11/2029');
    expect(within(second).queryByText('Default')).toBeNull();
    expect(
      within(second).getByRole('button', { name: 'Make default Mastercard ending in 4444' }),
    ).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('payment-cards'));
  });

  it("says 'Unable to fetch cards' when the list cannot be loaded, and tries again", async () => {
    let fail = true;
    const { user } = await renderCards({
      getCards: () => {
        if (fail) throw new Failure('Card vault unavailable', 502);
        return { data: [visa], has_more: false };
      },
    });
    expect((await screen.findByTestId('cards-error')).textContent).toContain('Unable to fetch cards');
    await expectNoAxeViolations(screen.getByTestId('payment-cards'));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardItems()).toHaveLength(1));
    expect(screen.queryByTestId('cards-error')).toBeNull();
  });

  it("adds a card: gives the digits to the provider, sends its token, says 'Card added', lists it and reloads the user", async () => {
    const { user, api } = await renderCards(cardVault([]));
    expect(await screen.findByTestId('cards-empty')).toBeTruthy();
    expect(api.to('validateUser')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect(within(dialog).getByTestId('sandbox-note').textContent).toBe('Sandbox: use 4242 4242 4242 4242');
    await expectNoAxeViolations(dialog);
    const year = String(new Date().getFullYear() + 2);
    await user.type(within(dialog).getByRole('textbox', { name: /Card number/ }), '5555 5555 5555 4444');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Expiry month/ }), '9');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Expiry year/ }), year);
    await user.type(within(dialog).getByRole('textbox', { name: /CVV/ }), '123');
    await user.type(within(dialog).getByRole('textbox', { name: /Name on card/ }), ' Ada Lovelace ');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('addCard').map((r) => r.input)).toEqual([
      { card_token: expect.stringMatching(/^tok_fake_\d+$/), name_on_card: 'Ada Lovelace' },
    ]);
    // The card's digits went to the provider's vault only, never to one of the product's actions.
    expect(JSON.stringify(api.requests)).not.toMatch(/5555|"cvv"|"123"/);
    expect(cardLabels()).toEqual(['Mastercard •••• ending in 4444']);
    expect(within(cardItem('4444')).getByTestId('card-expiry').textContent).toBe(`09/${year}`);
    await waitFor(() => expect(alertTexts()).toContain('Card added'));
    // seeds 000 §4.8: the user is reloaded, so card_on_file follows.
    await waitFor(() => expect(api.to('validateUser')).toHaveLength(1));
  });

  it('checks the card form with the contract before sending anything', async () => {
    const { user, api } = await renderCards(cardVault([]));
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.type(within(dialog).getByRole('textbox', { name: /Card number/ }), '4242');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText('Enter a valid card number')).toBeTruthy();
    expect(within(dialog).getByText('Invalid month')).toBeTruthy();
    expect(within(dialog).getByText('Invalid year')).toBeTruthy();
    expect(within(dialog).getByText('Enter the 3 or 4 digit security code')).toBeTruthy();
    expect(within(dialog).getByText('Required!')).toBeTruthy();
    expect(api.to('addCard')).toHaveLength(0);
  });

  it("shows a decline in the dialog: 'Your card was declined.'", async () => {
    const { user, api } = await renderCards(cardVault([visa]));
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.type(within(dialog).getByRole('textbox', { name: /Card number/ }), '4000 0000 0000 0002');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Expiry month/ }), '1');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Expiry year/ }),
      String(new Date().getFullYear() + 1),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /CVV/ }), '123');
    await user.type(within(dialog).getByRole('textbox', { name: /Name on card/ }), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));

    // The server names the field: the message (already cut at 'REF') shows under the card number.
    expect(await within(dialog).findByText('Your card was declined.')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Card number/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(api.to('addCard')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add a card' })).toBeTruthy();
    expect(cardLabels()).toEqual(['Visa •••• ending in 4242']);
    expect(api.to('validateUser')).toHaveLength(0);
  });

  it('asks before removing a card, then removes it with deleteCard', async () => {
    const { user, api } = await renderCards(cardVault([visa, mastercard]));
    await waitFor(() => expect(cardItems()).toHaveLength(2));

    await user.click(within(cardItem('4444')).getByRole('button', { name: /^Remove/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove card' });
    expect(dialog.textContent).toContain('Remove the Mastercard card ending in 4444?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('deleteCard')).toHaveLength(0);

    await user.click(within(cardItem('4444')).getByRole('button', { name: /^Remove/ }));
    dialog = await screen.findByRole('dialog', { name: 'Remove card' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(cardItems()).toHaveLength(1));
    expect(api.to('deleteCard').map((r) => r.input)).toEqual([{ id: 'card-2' }]);
    expect(cardLabels()).toEqual(['Visa •••• ending in 4242']);
    await waitFor(() => expect(alertTexts()).toContain('Card removed'));
    await waitFor(() => expect(api.to('validateUser')).toHaveLength(1));
  });

  it('makes another card the default with defaultCard', async () => {
    const { user, api } = await renderCards(cardVault([visa, mastercard]));
    await waitFor(() => expect(cardItems()).toHaveLength(2));
    await user.click(within(cardItem('4444')).getByRole('button', { name: /^Make default/ }));

    await waitFor(() => expect(within(cardItem('4444')).queryByText('Default')).toBeTruthy());
    expect(api.to('defaultCard').map((r) => r.input)).toEqual([{ id: 'card-2' }]);
    expect(within(cardItem('4242')).queryByText('Default')).toBeNull();
    expect(within(cardItem('4242')).getByRole('button', { name: /^Make default/ })).toBeTruthy();
    await waitFor(() => expect(alertTexts()).toContain('Default card updated'));
    await waitFor(() => expect(api.to('validateUser')).toHaveLength(1));
  });

  it('says in the dialog what went wrong when the server names no field', async () => {
    const { user } = await renderCards({
      ...cardVault([visa]),
      deleteCard: () => {
        throw new Failure(cardMessages.notFound, 404);
      },
    });
    await waitFor(() => expect(cardItems()).toHaveLength(1));
    await user.click(within(cardItem('4242')).getByRole('button', { name: /^Remove/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove card' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Card not found');
    expect(cardItems()).toHaveLength(1);
  });

  it('edits the expiry and the name on a card with updateCard', async () => {
    const { user, api } = await renderCards(cardVault([visa]));
    await waitFor(() => expect(cardItems()).toHaveLength(1));
    await user.click(within(cardItem('4242')).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Visa ending in 4242' });
    const month = within(dialog).getByRole('combobox', { name: /Expiry month/ }) as HTMLSelectElement;
    expect(month.value).toBe('4');
    await user.selectOptions(month, '12');
    const name = within(dialog).getByRole('textbox', { name: /Name on card/ });
    await user.clear(name);
    await user.type(name, 'Augusta Ada King');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('updateCard').map((r) => r.input)).toEqual([
      { id: 'card-1', exp_month: 12, exp_year: 2031, name_on_card: 'Augusta Ada King' },
    ]);
    expect(within(cardItem('4242')).getByTestId('card-expiry').textContent).toBe('12/2031');
    expect(within(cardItem('4242')).getByTestId('card-name').textContent).toBe('Augusta Ada King');
    await waitFor(() => expect(alertTexts()).toContain('Card updated'));
    await waitFor(() => expect(api.to('validateUser')).toHaveLength(1));
  });
});
