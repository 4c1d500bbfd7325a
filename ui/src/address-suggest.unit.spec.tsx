import { screen, waitFor, within } from '@testing-library/react';
import type { InputOf, PlaceAddressView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure } from './test-utils/fake-api.ts';
import { aUser } from './test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const wacker: PlaceAddressView = {
  place_id: 'sandbox-chi-wacker-233',
  address1: '233 S Wacker Dr',
  city: 'Chicago',
  state: 'IL',
  zip: '60606',
  country: 'US',
  full_address: '233 S Wacker Dr, Chicago, IL 60606, USA',
  latitude: 41.8789,
  longitude: -87.6359,
};

/** A buyer with an empty address book, and the maps port answering Wacker Drive. */
const api = (over: Api = {}): Api => ({
  validateUser: () => aUser(),
  myAddressBook: () => ({ records: [], max: 10 }),
  saveAddressBookEntry: () => ({ id: 'ad-1', max: 10 }),
  addressAutocomplete: ({ text }: InputOf<'addressAutocomplete'>) => ({
    suggestions: /wack/i.test(text)
      ? [
          { description: '233 S Wacker Dr, Chicago, IL, USA', place_id: wacker.place_id },
          { description: '1 N Wacker Dr, Chicago, IL, USA', place_id: 'sandbox-chi-wacker-1' },
        ]
      : [],
  }),
  addressDetails: () => wacker,
  ...over,
});

describe('the address form suggests addresses (issue 35 §5)', () => {
  it('suggests once typing pauses (200 ms), and a choice by keyboard fills street, city, state and ZIP', async () => {
    const { api: sent, user } = await renderApp('/account/addresses', { storedToken: 'tok-1', api: api() });
    const form = await screen.findByRole('group', { name: 'The address' });
    const street = within(form).getByRole('textbox', { name: 'Address' });
    await user.type(street, '233 S Wack');
    // Nothing is asked while the buyer types: one request, for the text as it stood at the pause.
    expect(sent.to('addressAutocomplete')).toHaveLength(0);
    const options = await screen.findAllByTestId('address-suggestion');
    expect(options.map((o) => o.textContent)).toEqual([
      '233 S Wacker Dr, Chicago, IL, USA',
      '1 N Wacker Dr, Chicago, IL, USA',
    ]);
    const asked = sent.to('addressAutocomplete');
    expect(asked.map((r) => (r.input as { text: string }).text)).toEqual(['233 S Wack']);
    const [first] = asked;
    if (!first) throw new Error('no suggestion asked');
    const { session } = first.input as { session: string };
    expect(session).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sent.languageOf(first)).toBe('en');
    expect(screen.getByRole('listbox', { name: 'Suggested addresses' })).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'City' })).toHaveProperty('value', 'Chicago'),
    );
    expect(sent.to('addressDetails').map((r) => r.input)).toEqual([{ place_id: wacker.place_id, session }]);
    expect(street).toHaveProperty('value', '233 S Wacker Dr');
    expect(within(form).getByRole('combobox', { name: 'State' })).toHaveProperty('value', 'Illinois');
    expect(within(form).getByRole('textbox', { name: 'ZIP code' })).toHaveProperty('value', '60606');
    expect(screen.queryByTestId('address-suggestion')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(sent.to('saveAddressBookEntry')).toHaveLength(1));
    expect(sent.to('saveAddressBookEntry')[0]?.input).toEqual({
      label: '',
      // Where the maps port put it goes with the address (seeds 001 §3).
      address: {
        address1: '233 S Wacker Dr',
        city: 'Chicago',
        state: 'IL',
        zip: '60606',
        latitude: 41.8789,
        longitude: -87.6359,
        place_id: wacker.place_id,
      },
    });
  }, 60_000);

  it('chooses with the mouse too, and keeps what was typed when the service does not answer', async () => {
    const { api: sent, user } = await renderApp('/account/addresses', {
      storedToken: 'tok-1',
      api: api({
        addressAutocomplete: () => {
          throw new Failure(
            'Address suggestions are not available right now',
            503,
            null,
            'ADDRESS_LOOKUP_UNAVAILABLE',
          );
        },
      }),
    });
    const form = await screen.findByRole('group', { name: 'The address' });
    const street = within(form).getByRole('textbox', { name: 'Address' });
    await user.type(street, '9 Elm St');
    await waitFor(() => expect(sent.to('addressAutocomplete')).toHaveLength(1));
    expect(screen.queryByTestId('address-suggestion')).toBeNull();
    expect(street).toHaveProperty('value', '9 Elm St');
    expect(sent.to('addressDetails')).toHaveLength(0);
  });

  it('fills the form from a suggestion clicked', async () => {
    const { api: sent, user } = await renderApp('/account/addresses', { storedToken: 'tok-1', api: api() });
    const form = await screen.findByRole('group', { name: 'The address' });
    await user.type(within(form).getByRole('textbox', { name: 'Address' }), 'Wacker');
    await user.click(await screen.findByRole('option', { name: '233 S Wacker Dr, Chicago, IL, USA' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'ZIP code' })).toHaveProperty('value', '60606'),
    );
    expect(sent.to('addressDetails')).toHaveLength(1);
  });
});
