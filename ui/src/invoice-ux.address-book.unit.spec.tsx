import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutResult, InputOf, SavedAddressView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure } from './test-utils/fake-api.ts';
import { aCard, aCart, aUser, someCartValues } from './test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const home: SavedAddressView = {
  id: 'ad-1',
  label: 'Home',
  address1: '1 N State St',
  address2: 'Suite 400',
  city: 'Chicago',
  state: 'IL',
  zip: '60602',
};
const office: SavedAddressView = {
  id: 'ad-2',
  label: '',
  address1: '9 Elm St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};
const paid: CheckoutResult = { status: 'paid', invoice_ids: ['inv-7'], payment_id: 'pay-1', url: null };

/** A buyer whose address book is `book` (saves and removals change it). */
function withBook(book: SavedAddressView[]): Api {
  return {
    validateUser: () => aUser({ card_on_file: true }),
    myAddressBook: () => ({ records: [...book], max: 10 }),
    saveAddressBookEntry: (input: InputOf<'saveAddressBookEntry'>) => {
      if (book.length >= 10) throw new Failure('Your address book is full', 400, null, 'ADDRESS_BOOK_FULL');
      const id = `ad-${book.length + 10}`;
      book.push({ id, label: input.label ?? '', ...input.address });
      return { id, max: 10 };
    },
    removeAddressBookEntry: ({ address_id }) => {
      book.splice(
        book.findIndex((a) => a.id === address_id),
        1,
      );
      return { id: address_id };
    },
  };
}

const checkoutApi = (book: SavedAddressView[]): Api => ({
  ...withBook(book),
  pendingCount: () => ({ buynowCount: { totalRecords: 1 }, auctionCount: { totalRecords: 0 } }),
  buynowCart: () => aCart(),
  getCards: () => ({ data: [aCard({ id: 'card-1' })], has_more: false }),
  getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
  saveAddress: () => ({ cartValues: someCartValues(), tax_state: 'IL', cartLocation: aCart().cartLocation }),
  buynowCheckout: () => paid,
});

describe('the address book (issue 31)', () => {
  it('fills the delivery address from a saved one at checkout and orders to it', async () => {
    const { api, user } = await renderApp('/checkout/buynow/c1', {
      storedToken: 'tok-1',
      api: checkoutApi([home, office]),
    });
    await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
    await user.click(await screen.findByRole('combobox', { name: 'Use a saved address' }));
    await user.click(
      await screen.findByRole('option', { name: 'Home: 1 N State St, Suite 400, Chicago, IL 60602' }),
    );
    const delivery = screen.getByRole('group', { name: 'Delivery address' });
    expect(within(delivery).getByRole('textbox', { name: 'Address' })).toHaveProperty(
      'value',
      '1 N State St',
    );
    expect(
      within(delivery).getByRole('textbox', { name: 'Apartment, suite, floor (optional)' }),
    ).toHaveProperty('value', 'Suite 400');
    expect(within(delivery).getByRole('textbox', { name: 'ZIP code' })).toHaveProperty('value', '60602');
    // The book has it already: it is not offered to be saved again.
    expect(screen.getByRole('button', { name: 'Save to my address book' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.to('buynowCheckout')).toHaveLength(1));
    expect(api.to('buynowCheckout')[0]?.input).toMatchObject({
      delivery: 'delivery',
      address: {
        address1: '1 N State St',
        address2: 'Suite 400',
        city: 'Chicago',
        state: 'IL',
        zip: '60602',
      },
    });
  }, 60_000);

  it('saves the address typed at checkout to the address book', async () => {
    const book: SavedAddressView[] = [];
    const { api, user } = await renderApp('/checkout/buynow/c1', {
      storedToken: 'tok-1',
      api: checkoutApi(book),
    });
    await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
    expect(screen.queryByRole('combobox', { name: 'Use a saved address' })).toBeNull();
    const delivery = screen.getByRole('group', { name: 'Delivery address' });
    const fill = async (name: string, text: string) => {
      await user.click(within(delivery).getByRole('textbox', { name }));
      await user.paste(text);
    };
    await fill('Address', '9 Elm St');
    await fill('City', 'Springfield');
    await user.click(within(delivery).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Illinois' }));
    await fill('ZIP code', '62701');
    await user.click(screen.getByRole('button', { name: 'Save to my address book' }));
    expect(await screen.findByText('Saved to your address book')).toBeTruthy();
    expect(api.to('saveAddressBookEntry').map((r) => r.input)).toEqual([
      { label: '', address: { address1: '9 Elm St', city: 'Springfield', state: 'IL', zip: '62701' } },
    ]);
    expect(await screen.findByRole('combobox', { name: 'Use a saved address' })).toBeTruthy();
  }, 60_000);

  it('lists, adds and removes addresses on the account page, linked from the account settings', async () => {
    const book = [home];
    const { api, user } = await renderApp('/account/addresses', {
      storedToken: 'tok-1',
      api: withBook(book),
    });
    await screen.findByRole('heading', { name: 'Address book', level: 1 });
    expect(screen.getByRole('link', { name: 'Address book' }).getAttribute('href')).toBe(
      '/account/addresses',
    );
    const entries = await screen.findAllByTestId('address-book-entry');
    expect(entries.map((e) => e.textContent)).toEqual([
      'Home: 1 N State St, Suite 400, Chicago, IL 60602Remove',
    ]);
    await expectNoAxeViolations(screen.getByRole('main'));

    const form = screen.getByRole('group', { name: 'The address' });
    await user.click(screen.getByRole('textbox', { name: 'Name (optional, e.g. Home)' }));
    await user.paste('Office');
    await user.click(within(form).getByRole('textbox', { name: 'Address' }));
    await user.paste('9 Elm St');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    // The contract's own messages, before anything is sent.
    expect(await within(form).findAllByText(/required|Enter/i)).not.toHaveLength(0);
    expect(api.to('saveAddressBookEntry')).toHaveLength(0);
    await user.click(within(form).getByRole('textbox', { name: 'City' }));
    await user.paste('Springfield');
    await user.click(within(form).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Illinois' }));
    await user.click(within(form).getByRole('textbox', { name: 'ZIP code' }));
    await user.paste('62701');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getAllByTestId('address-book-entry')).toHaveLength(2));
    expect(api.to('saveAddressBookEntry')[0]?.input).toEqual({
      label: 'Office',
      address: { address1: '9 Elm St', city: 'Springfield', state: 'IL', zip: '62701' },
    });

    await user.click(
      screen.getByRole('button', { name: 'Remove Home: 1 N State St, Suite 400, Chicago, IL 60602' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('address-book-entry')).toHaveLength(1));
    expect(api.to('removeAddressBookEntry').map((r) => r.input)).toEqual([{ address_id: 'ad-1' }]);
  }, 60_000);

  it('says the book is full at its cap instead of offering the form', async () => {
    const full = Array.from({ length: 10 }, (_, i) => ({ ...office, id: `ad-${i}`, label: `Place ${i}` }));
    await renderApp('/account/addresses', { storedToken: 'tok-1', api: withBook(full) });
    expect(await screen.findByTestId('address-book-full')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save address' })).toBeNull();
  });
});
