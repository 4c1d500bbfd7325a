import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type InputOf, ShipMethods } from '@wine/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure } from './test-utils/fake-api.ts';
import { aCard, aCart, anInvoice, aStaffInvoice, aUser, someCartValues } from './test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

/**
 * The server's quote (issue 31): Illinois, $25 the first bottle and $5 each further of the cart's two,
 * $4 a bottle more temperature-controlled; shipping in the tax base; the hold from 12-01-2030.
 */
const quote = (input: InputOf<'saveAddress'>) => {
  const delivery = input.delivery === 'delivery';
  const method = input.ship_method ?? 'ground';
  const shipping = delivery ? 3_000 + (method === 'temperature' ? 800 : 0) : 0;
  const tax = Math.round(((18_000 + shipping) * 625) / 10_000);
  const total = 18_000 + shipping + tax;
  return {
    cartValues: someCartValues({ tax, shipping, total, due: total }),
    tax_state: 'IL',
    cartLocation: aCart().cartLocation,
    shipping: delivery
      ? {
          method,
          charge: shipping,
          taxable: true,
          hold: { offered: true, from: '2030-12-01', to: '2031-05-30' },
          methods: [...ShipMethods],
        }
      : null,
  };
};

const checkoutPage = (api: Api = {}) =>
  renderApp('/checkout/buynow/c1', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: true }),
      pendingCount: () => ({ buynowCount: { totalRecords: 1 }, auctionCount: { totalRecords: 0 } }),
      buynowCart: () => aCart(),
      getCards: () => ({ data: [aCard({ id: 'card-1', is_default: true })], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
      saveAddress: quote,
      buynowCheckout: () => ({ status: 'paid', invoice_ids: ['inv-7'], payment_id: 'pay-1', url: null }),
      ...api,
    },
  });

async function deliverToSpringfield(user: Awaited<ReturnType<typeof checkoutPage>>['user']) {
  await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
  const delivery = screen.getByRole('group', { name: 'Delivery address' });
  await user.type(within(delivery).getByRole('textbox', { name: 'Address' }), '1 Capitol Ave');
  await user.type(within(delivery).getByRole('textbox', { name: 'City' }), 'Springfield');
  await user.click(within(delivery).getByRole('combobox', { name: 'State' }));
  await user.click(await screen.findByRole('option', { name: 'Illinois' }));
  await user.type(within(delivery).getByRole('textbox', { name: 'ZIP code' }), '62701');
}
const springfield = { address1: '1 Capitol Ave', city: 'Springfield', state: 'IL', zip: '62701' };

afterEach(() => vi.restoreAllMocks());

describe('checkout: how a delivery ships', () => {
  it('offers ground, temperature-controlled and the seasonal hold, shows the server’s charge, and sends the hold’s date', async () => {
    const { api, user } = await checkoutPage();
    await screen.findByText('Tax (6.25%)');
    // Pickup has no shipping to choose.
    expect(screen.queryByTestId('shipping-method')).toBeNull();
    await deliverToSpringfield(user);
    const method = await screen.findByRole('radiogroup', { name: 'Shipping method' });
    expect(within(method).getByRole('radio', { name: /Ground/ })).toHaveProperty('checked', true);
    await waitFor(() => expect(screen.getByTestId('total-shipping').textContent).toBe('$30.00'));
    expect(screen.getByTestId('total-total').textContent).toBe('$223.13');

    await user.click(within(method).getByRole('radio', { name: /Temperature-controlled/ }));
    await waitFor(() => expect(screen.getByTestId('total-shipping').textContent).toBe('$38.00'));
    expect(api.to('saveAddress').at(-1)?.input).toMatchObject({
      ship_method: 'temperature',
      ship_date: null,
    });

    await user.click(within(method).getByRole('radio', { name: /Seasonal hold/ }));
    const date = await screen.findByLabelText(/Ship date/);
    expect(date.getAttribute('min')).toBe('2030-12-01');
    expect(date.getAttribute('max')).toBe('2031-05-30');
    expect(screen.getByText('Any day from 12-01-2030 to 05-30-2031.')).toBeTruthy();
    fireEvent.change(date, { target: { value: '2031-03-16' } });
    await waitFor(() =>
      expect(api.to('saveAddress').at(-1)?.input).toMatchObject({
        ship_method: 'hold',
        ship_date: '2031-03-16',
      }),
    );
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.to('buynowCheckout')).toHaveLength(1));
    expect(api.to('buynowCheckout')[0]?.input).toEqual({
      type: 'buynow',
      cart_id: 'c1',
      delivery: 'delivery',
      address: springfield,
      billing_address: null,
      ship_method: 'hold',
      ship_date: '2031-03-16',
      payment: { use_wallet: false, card_id: 'card-1' },
    });
    // A long walk through a form: two minutes on a loaded machine at most.
  }, 120_000);

  it('shows a method the house does not offer as not offered, and cannot choose it', async () => {
    const { user } = await checkoutPage({
      saveAddress: (input) => {
        const answer = quote(input);
        return answer.shipping
          ? { ...answer, shipping: { ...answer.shipping, methods: ['ground'] } }
          : answer;
      },
    });
    await deliverToSpringfield(user);
    const method = await screen.findByRole('radiogroup', { name: 'Shipping method' });
    await waitFor(() =>
      expect(within(method).getByRole('radio', { name: /Temperature-controlled/ })).toHaveProperty(
        'disabled',
        true,
      ),
    );
    expect(method.textContent).toContain('Not offered at the moment.');
    expect(within(method).getByRole('radio', { name: /Ground/ })).toHaveProperty('disabled', false);
  });

  it('asks for the hold’s date before placing the order', async () => {
    const { api, user } = await checkoutPage();
    await deliverToSpringfield(user);
    await user.click(await screen.findByRole('radio', { name: /Seasonal hold/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Choose the date to ship on')).toBeTruthy();
    expect(api.to('buynowCheckout')).toHaveLength(0);
  });

  it('shows a state wine may not ship to at the address', async () => {
    const { user } = await checkoutPage({
      saveAddress: (input) => {
        if (input.delivery === 'pickup') return quote(input);
        throw new Failure(
          'We cannot ship wine to Utah: choose pickup or another address',
          400,
          { field: 'address' },
          'SHIPPING_NOT_ALLOWED',
        );
      },
    });
    await deliverToSpringfield(user);
    expect((await screen.findByTestId('delivery-address-problem')).textContent).toBe(
      'We cannot ship wine to Utah: choose pickup or another address',
    );
  });
});

describe('the invoice of a delivery', () => {
  it('shows the shipment (method, ship date, address, carrier and tracking) and the shipping charge, not the pickup blocks', async () => {
    await renderApp('/invoice/inv-1', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        invoice: () =>
          anInvoice({
            delivery_method: 'delivery',
            shipment: {
              method: 'hold',
              ship_date: '2030-03-16',
              carrier: 'UPS',
              tracking_number: '1Z999AA10123456784',
              tracked_at: '2030-03-16T15:00:00.000Z',
            },
            cartValues: someCartValues({ shipping: 4_500, tax: 1_406, total: 23_906, due: 23_906 }),
          }),
      },
    });
    const block = await screen.findByTestId('invoice-shipment');
    expect(within(block).getByRole('heading', { name: 'Delivery' })).toBeTruthy();
    expect(within(block).getByTestId('shipment-method').textContent).toBe('Method: Seasonal hold');
    expect(within(block).getByTestId('shipment-date').textContent).toBe('Ships on: 03-16-2030');
    expect(within(screen.getByTestId('invoice-address')).getByText('1 Main St')).toBeTruthy();
    expect(within(block).getByTestId('shipment-carrier').textContent).toBe('Carrier: UPS');
    expect(within(block).getByTestId('shipment-tracking').textContent).toBe(
      'Tracking number: 1Z999AA10123456784',
    );
    expect(screen.getByTestId('total-shipping').textContent).toBe('$45.00');
    expect(screen.queryByTestId('invoice-appointment')).toBeNull();
    expect(screen.queryByTestId('invoice-location')).toBeNull();
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('says a delivery not shipped yet will be mailed its tracking number', async () => {
    await renderApp('/invoice/inv-1', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        invoice: () =>
          anInvoice({
            shipment: {
              method: 'ground',
              ship_date: null,
              carrier: null,
              tracking_number: null,
              tracked_at: null,
            },
          }),
      },
    });
    const block = await screen.findByTestId('invoice-shipment');
    expect(within(block).getByTestId('shipment-method').textContent).toBe('Method: Ground');
    expect(within(block).queryByTestId('shipment-date')).toBeNull();
    expect(within(block).getByTestId('shipment-not-shipped')).toBeTruthy();
  });
});

describe('/admin/money: the tracking of a delivery', () => {
  it('lets finance enter the carrier and number of a delivery invoice, checked by the contract', async () => {
    const sent: InputOf<'recordTracking'>[] = [];
    const { user } = await renderApp('/admin/money', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ roles: ['finance'] }),
        giftCards: () => ({ records: [], totalRecords: 0, outstanding: 0 }),
        staffInvoices: () => ({
          records: [
            aStaffInvoice({ id: 'inv-1', shipment: null }),
            aStaffInvoice({
              id: 'inv-2',
              shipment: {
                method: 'ground',
                ship_date: null,
                carrier: null,
                tracking_number: null,
                tracked_at: null,
              },
            }),
          ],
          totalRecords: 2,
        }),
        recordTracking: (input) => {
          sent.push(input);
          return { recorded: true };
        },
      },
    });
    const rows = await screen.findAllByTestId('staff-invoice-row');
    // Pickup has nothing to track.
    expect(within(rows[0] as HTMLElement).queryByTestId('enter-tracking')).toBeNull();
    await user.click(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Enter tracking for invoice inv-2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Tracking of invoice inv-2' });
    await user.type(within(dialog).getByRole('textbox', { name: /Carrier/ }), 'UPS');
    await user.type(within(dialog).getByRole('textbox', { name: /Tracking number/ }), '#1');
    await user.click(within(dialog).getByRole('button', { name: 'Save tracking' }));
    expect(
      await within(dialog).findByText('Enter the tracking number (4-40 letters, digits, spaces or dashes)'),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(within(dialog).getByRole('textbox', { name: /Tracking number/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Tracking number/ }), '1Z999AA10123456784');
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save tracking' }));
    await waitFor(() =>
      expect(sent).toEqual([{ invoice_id: 'inv-2', carrier: 'UPS', tracking_number: '1Z999AA10123456784' }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
