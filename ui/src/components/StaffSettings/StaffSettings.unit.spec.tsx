import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultBidIncrements,
  defaultCatalogueSettings,
  defaultMerchant,
  defaultShippingRates,
  type StaffSettings,
} from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import {
  biddingFormValues,
  biddingInput,
  shippingFormValues,
  shippingInput,
  withRowAdded,
  withRowRemoved,
} from './settings-form.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const { bankTransfer: _bank, phoneHref: _href, ...merchant } = defaultMerchant;
/** What the shop's form sends: the English `hours` is written by the server from the days and times. */
const { hours: _hours, ...merchantInput } = merchant;
const settings = (overrides: Partial<StaffSettings> = {}): StaffSettings => ({
  merchant,
  bank: null,
  bank_demo: false,
  bidding: {
    proxy_bidding_settings: 1,
    soft_close_window_minutes: 5,
    soft_close_extend_minutes: 5,
    buyer_premium: 20,
    bid_increments: [...defaultBidIncrements],
  },
  money: {
    reservationMinutes: 15,
    paymentDueDays: 14,
    returnDays: 30,
    appointmentSlotCapacity: 3,
    taxRates: [
      { place: 'IL', percent: 6.25 },
      { place: 'IL/Chicago', percent: 10.25 },
    ],
  },
  catalogue: defaultCatalogueSettings,
  shipping: defaultShippingRates,
  changes: [],
  ...overrides,
});

const admin = (api: Api = {}) =>
  renderApp('/admin/settings', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ id: 'ada', roles: ['admin'], isAdmin: true }),
      staffSettings: () => settings(),
      ...api,
    },
  });

describe('the bidding form’s values', () => {
  it('are dollars and an empty "to" on the screen, cents and null for the server, both ways', () => {
    const values = biddingFormValues(settings().bidding);
    expect(values.bid_increments[0]).toEqual({
      from_amount: 0,
      to_amount: 99.99,
      increment: 1,
      value_type: 'fixed',
    });
    expect(values.bid_increments.at(-1)?.to_amount).toBe('');
    expect(biddingInput(values)).toEqual(settings().bidding);
  });

  it('keep the table whole when a row is added or removed', () => {
    const rows = biddingFormValues(settings().bidding).bid_increments;
    const added = withRowAdded(rows);
    expect(added.at(-2)).toMatchObject({ from_amount: 5000, to_amount: 5999.99 });
    expect(added.at(-1)).toMatchObject({ from_amount: 6000, to_amount: '' });
    const middle = withRowRemoved(rows, 2);
    expect(middle[1]).toMatchObject({ from_amount: 100, to_amount: 499.99 });
    expect(withRowRemoved(rows, 0)[0]).toMatchObject({ from_amount: 0, to_amount: 299.99 });
    expect(
      biddingInput({ ...biddingFormValues(settings().bidding), bid_increments: added }).bid_increments,
    ).toHaveLength(8);
  });
});

describe('the shipping form’s values', () => {
  it('are dollars and rows of states on the screen, the same table in cents for the server', () => {
    const values = shippingFormValues(defaultShippingRates);
    expect(values.standard).toEqual({ firstBottle: 25, perBottle: 5, taxable: false });
    expect(values.freeThreshold).toBe(1500);
    expect(values.states.find((row) => row.state === 'CA')).toEqual({
      state: 'CA',
      firstBottle: 30,
      perBottle: 6,
      taxable: 'no',
    });
    expect(values.states.find((row) => row.state === 'NY')).toEqual({
      state: 'NY',
      firstBottle: '',
      perBottle: '',
      taxable: 'yes',
    });
    expect(shippingInput(values)).toEqual(defaultShippingRates);
  });

  it('send no free shipping for an empty threshold, and a state row with only what differs', () => {
    const values = shippingFormValues(defaultShippingRates);
    const input = shippingInput({
      ...values,
      freeThreshold: '',
      states: [{ state: 'TX', firstBottle: 19.99, perBottle: '', taxable: 'standard' }],
      hold: { ...values.hold, months: ['12', '1', '7'] },
    });
    expect(input.freeThreshold).toBeNull();
    expect(input.states).toEqual({ TX: { firstBottle: 1999 } });
    expect(input.hold.months).toEqual([1, 7, 12]);
  });
});

describe('/admin/settings', () => {
  it("sets the shop's days and hours: a closing before the opening is refused on the form, then saved as days and minutes", async () => {
    const { api, user } = await admin({
      changeMerchantDetails: () => ({ message: "The shop's details are saved", responseData: null }),
    });
    const shop = await screen.findByTestId('settings-shop');
    await user.click(within(shop).getByRole('checkbox', { name: 'Sat' }));
    await user.click(within(shop).getByRole('checkbox', { name: 'Mon' }));
    const closes = within(shop).getByLabelText(/^Closes at/);
    // A time input's value is set whole, as a browser's picker sets it.
    fireEvent.change(closes, { target: { value: '08:00' } });
    await user.click(within(shop).getByRole('button', { name: 'Save' }));
    expect(await within(shop).findByText('The shop must close after it opens')).toBeTruthy();
    expect(api.to('changeMerchantDetails')).toHaveLength(0);
    fireEvent.change(closes, { target: { value: '14:00' } });
    await user.click(within(shop).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('changeMerchantDetails')).toHaveLength(1));
    expect(api.to('changeMerchantDetails')[0]?.input).toMatchObject({
      openingHours: { days: [2, 3, 4, 5, 6], opensAt: 570, closesAt: 840 },
    });
    expect(api.to('changeMerchantDetails')[0]?.input).not.toHaveProperty('hours');
  });

  it("saves the shop's phone and tells the admin what the server said", async () => {
    const { api, user } = await admin({
      changeMerchantDetails: () => ({ message: "The shop's details are saved", responseData: null }),
    });
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '+1 (312) 555-0199');
    await user.click(within(screen.getByTestId('settings-shop')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('changeMerchantDetails')).toHaveLength(1));
    expect(api.to('changeMerchantDetails')[0]?.input).toEqual({
      ...merchantInput,
      phone: '+1 (312) 555-0199',
    });
    expect(await screen.findByText("The shop's details are saved")).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('refuses a phone without its country code before asking the server', async () => {
    const { api, user } = await admin();
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '312 555');
    await user.click(within(screen.getByTestId('settings-shop')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('a phone number like +1 (312) 555-0100')).toBeTruthy();
    expect(api.to('changeMerchantDetails')).toHaveLength(0);
  });

  it('saves an 18% premium, and shows a gap in the increments under its row without saving', async () => {
    const { api, user } = await admin({ changeBiddingSettings: () => null });
    await user.click(await screen.findByRole('tab', { name: 'Bidding' }));
    const premium = await screen.findByRole('textbox', { name: /Buyer’s premium/ });
    await user.clear(premium);
    await user.type(premium, '18');
    const to = within(screen.getByRole('group', { name: 'Row 1' })).getByRole('textbox', { name: 'To ($)' });
    await user.clear(to);
    await user.type(to, '50');
    const form = screen.getByTestId('settings-bidding');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A row ends one cent before the next row starts')).toBeTruthy();
    expect(api.to('changeBiddingSettings')).toHaveLength(0);
    await user.clear(to);
    await user.type(to, '99.99');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('changeBiddingSettings')).toHaveLength(1));
    expect(api.to('changeBiddingSettings')[0]?.input).toEqual({ ...settings().bidding, buyer_premium: 18 });
  }, 30_000);

  it('saves the tax rates and lists who changed what', async () => {
    const { api, user } = await admin({
      changeMoneySettings: () => null,
      staffSettings: () =>
        settings({ changes: [{ section: 'money', at: '2026-11-28T15:00:00.000Z', by: 'Ada Admin' }] }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Money' }));
    await user.click(await screen.findByRole('button', { name: 'Remove the rate of IL/Chicago' }));
    await user.click(within(screen.getByTestId('settings-money')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('changeMoneySettings')).toHaveLength(1));
    expect(api.to('changeMoneySettings')[0]?.input).toMatchObject({
      taxRates: [{ place: 'IL', percent: 6.25 }],
    });
    await user.click(screen.getByRole('tab', { name: 'Changes' }));
    const changes = await screen.findByTestId('settings-changes');
    expect(within(changes).getByText('Ada Admin')).toBeTruthy();
    expect(within(changes).getByText('Money rules')).toBeTruthy();
  });

  it('saves the shipping table with temperature control taken off and a state of its own', async () => {
    const { api, user } = await admin({ changeShippingSettings: () => null });
    await user.click(await screen.findByRole('tab', { name: 'Shipping' }));
    const form = await screen.findByTestId('settings-shipping');
    expect(within(form).getByRole('checkbox', { name: 'Ground' })).toHaveProperty('disabled', true);
    await user.click(within(form).getByRole('checkbox', { name: /Temperature/ }));
    const first = within(form).getAllByRole('textbox', { name: /^First bottle/ })[0] as HTMLElement;
    await user.clear(first);
    await user.type(first, '30');
    // California's row is changed in the row editor, and Florida added with its own first bottle.
    await user.click(within(form).getByRole('button', { name: 'Edit CA' }));
    const editor = within(screen.getByTestId('state-rate-editor'));
    const perBottle = editor.getByRole('textbox', { name: 'Each further bottle' });
    await user.clear(perBottle);
    await user.type(perBottle, '7');
    await user.click(editor.getByRole('button', { name: 'Change the state’s rate' }));
    await user.click(editor.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'FL — Florida' }));
    await user.type(editor.getByRole('textbox', { name: 'First bottle' }), '19.5');
    await user.click(editor.getByRole('button', { name: 'Add the state' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('changeShippingSettings')).toHaveLength(1));
    expect(api.to('changeShippingSettings')[0]?.input).toEqual({
      ...defaultShippingRates,
      methods: ['ground', 'hold'],
      standard: { ...defaultShippingRates.standard, firstBottle: 3000 },
      states: {
        ...defaultShippingRates.states,
        CA: { firstBottle: 3000, perBottle: 700, taxable: false },
        FL: { firstBottle: 1950 },
      },
    });
    await expectNoAxeViolations(screen.getByRole('main'));
  }, 30_000);

  it('shows a hold window turned round under its field without saving', async () => {
    const { api, user } = await admin({ changeShippingSettings: () => null });
    await user.click(await screen.findByRole('tab', { name: 'Shipping' }));
    const form = await screen.findByTestId('settings-shipping');
    const earliest = within(form).getByRole('textbox', { name: /^Earliest ship date/ });
    await user.clear(earliest);
    await user.type(earliest, '200');
    const latest = within(form).getByRole('textbox', { name: /^Latest ship date/ });
    await user.clear(latest);
    await user.type(latest, '100');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The latest ship date is on or after the earliest')).toBeTruthy();
    expect(api.to('changeShippingSettings')).toHaveLength(0);
  }, 30_000);

  it('saves the premium note and welcome text in both languages and the pace of new auctions', async () => {
    const { api, user } = await admin({ changeCatalogueSettings: () => null });
    await user.click(await screen.findByRole('tab', { name: 'Catalogue' }));
    const form = await screen.findByTestId('settings-catalogue');
    // The standard wording is the placeholder of an empty field.
    const premiumEn = within(form).getByRole('textbox', { name: /Buyer’s premium note \(English\)/ });
    expect(premiumEn.getAttribute('placeholder')).toBe("All bids are subject to a 20% buyer's premium.");
    await user.type(premiumEn, 'Members pay 18%.');
    await user.type(
      within(form).getByRole('textbox', { name: /Welcome popup \(Spanish\)/ }),
      'Bienvenido a la nueva bodega.',
    );
    const pace = within(form).getByRole('textbox', { name: /^Staggered close/ });
    await user.clear(pace);
    await user.type(pace, '4');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('changeCatalogueSettings')).toHaveLength(1));
    expect(api.to('changeCatalogueSettings')[0]?.input).toEqual({
      premiumText: { en: 'Members pay 18%.', es: '' },
      welcomeText: { en: '', es: 'Bienvenido a la nueva bodega.' },
      lotsPerMinute: 4,
    });
  }, 30_000);
});
