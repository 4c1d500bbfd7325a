import { screen, waitFor, within } from '@testing-library/react';
import type { AddressValidationView, InputOf, SavedAddressView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { aUser } from './test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

/**
 * seeds 001 §7 "tax/avalara isValidAddress" in the address book: an address added is checked first; the
 * service's way of writing it is offered, a refused one is not saved.
 */
function withCheck(answer: (input: InputOf<'isValidAddress'>) => unknown): Api {
  const book: SavedAddressView[] = [];
  return {
    validateUser: () => aUser(),
    myAddressBook: () => ({ records: [...book], max: 10 }),
    saveAddressBookEntry: (input: InputOf<'saveAddressBookEntry'>) => {
      const id = `ad-${book.length + 1}`;
      book.push({ id, label: input.label ?? '', ...input.address });
      return { id, max: 10 };
    },
    isValidAddress: answer as never,
  };
}

const valid = (address: AddressValidationView['address']): AddressValidationView => ({
  valid: true,
  reason: null,
  address,
  fallback: false,
});

async function typeAddress(user: Awaited<ReturnType<typeof renderApp>>['user'], street: string) {
  const form = await screen.findByRole('group', { name: 'The address' });
  await user.click(within(form).getByRole('textbox', { name: 'Address' }));
  await user.paste(street);
  await user.click(within(form).getByRole('textbox', { name: 'City' }));
  await user.paste('Springfield');
  await user.click(within(form).getByRole('combobox', { name: 'State' }));
  await user.click(await screen.findByRole('option', { name: 'Illinois' }));
  await user.click(within(form).getByRole('textbox', { name: 'ZIP code' }));
  await user.paste('62701');
  await user.click(screen.getByRole('button', { name: 'Save address' }));
}

const typed = { address1: '9 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' };
const written = { address1: '9 ELM ST', city: 'SPRINGFIELD', state: 'IL', zip: '62701' };

describe('the address book checks an address before saving it', () => {
  it("offers the service's way of writing it, and saves the one chosen", async () => {
    const { api, user } = await renderApp('/account/addresses', {
      storedToken: 'tok-1',
      api: withCheck(() => valid(written)),
    });
    await typeAddress(user, '9 Elm Street');
    const offer = await screen.findByTestId('address-suggestion');
    expect(offer.textContent).toContain('9 ELM ST, SPRINGFIELD, IL 62701');
    expect(api.to('isValidAddress').map((r) => r.input)).toEqual([typed]);
    expect(api.to('saveAddressBookEntry')).toHaveLength(0);
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(within(offer).getByRole('button', { name: 'Use this address' }));
    await waitFor(() => expect(api.to('saveAddressBookEntry')).toHaveLength(1));
    expect(api.to('saveAddressBookEntry')[0]?.input).toEqual({ label: '', address: written });
    expect(screen.queryByTestId('address-suggestion')).toBeNull();
  }, 60_000);

  it('saves the address as typed when asked to keep it', async () => {
    const { api, user } = await renderApp('/account/addresses', {
      storedToken: 'tok-1',
      api: withCheck(() => valid(written)),
    });
    await typeAddress(user, '9 Elm Street');
    const offer = await screen.findByTestId('address-suggestion');
    await user.click(within(offer).getByRole('button', { name: 'Keep it as I typed it' }));
    await waitFor(() => expect(api.to('saveAddressBookEntry')).toHaveLength(1));
    expect(api.to('saveAddressBookEntry')[0]?.input).toEqual({ label: '', address: typed });
  }, 60_000);

  it('saves at once an address the service writes the same but for case and spaces', async () => {
    const { api, user } = await renderApp('/account/addresses', {
      storedToken: 'tok-1',
      api: withCheck(() => valid({ ...written, address1: '9 ELM  STREET' })),
    });
    await typeAddress(user, '9 Elm Street');
    await waitFor(() => expect(api.to('saveAddressBookEntry')).toHaveLength(1));
    expect(api.to('saveAddressBookEntry')[0]?.input).toEqual({ label: '', address: typed });
    expect(screen.queryByTestId('address-suggestion')).toBeNull();
  }, 60_000);

  it('says why an address is refused and saves nothing', async () => {
    const { api, user } = await renderApp('/account/addresses', {
      storedToken: 'tok-1',
      api: withCheck(() => ({
        message: 'We cannot deliver to this address: check the street and number',
        responseData: { valid: false, reason: 'addressNotFound', address: null, fallback: false },
      })),
    });
    await typeAddress(user, 'Elm Street');
    expect((await screen.findByTestId('address-refused')).textContent).toBe(
      'We cannot deliver to this address: check the street and number',
    );
    expect(api.to('saveAddressBookEntry')).toHaveLength(0);
  }, 60_000);
});
