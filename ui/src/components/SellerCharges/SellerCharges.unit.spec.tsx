import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutResult, SellerChargeView, SellerStatement } from '@wine/contracts';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { withMessage } from '../../test-utils/fake-api.ts';
import { aCard, aUser } from '../../test-utils/fixtures.ts';
import { SellerStatementSection } from '../SellerStatement/SellerStatement.tsx';
import { StaffSellerCharges } from './StaffSellerCharges.tsx';

const aCharge = (over: Partial<SellerChargeView> = {}): SellerChargeView => ({
  id: 'S-1',
  number: '2030-000041',
  kind: 'photography',
  lot_id: 'lot-1',
  title: '2010 Latour',
  note: 'Studio shots',
  amount: 7_550,
  paid: 0,
  due: 7_550,
  status: 'unpaid',
  billed_at: '2030-01-02T12:00:00.000Z',
  due_at: '2030-01-16T12:00:00.000Z',
  paid_at: null,
  ...over,
});

/** Vic's statement: no sales; two charges owed ($75.50 and $20.00 of $30.00) and one paid. */
const charges = [
  aCharge(),
  aCharge({
    id: 'S-2',
    number: '2030-000040',
    kind: 'storage',
    lot_id: null,
    title: 'Storage',
    note: null,
    amount: 3_000,
    paid: 1_000,
    due: 2_000,
    status: 'partial',
  }),
  aCharge({
    id: 'S-3',
    number: '2030-000039',
    kind: 'listing_fee',
    amount: 500,
    paid: 500,
    due: 0,
    status: 'paid',
    paid_at: '2030-01-03T12:00:00.000Z',
  }),
];
const statement = (over: Partial<SellerStatement> = {}): SellerStatement => ({
  as_of: '2030-01-05T12:00:00.000Z',
  seller: { id: 'vic', name: 'Vic Vendor' },
  lines: [],
  unsold: [],
  totals: {
    hammer: 0,
    returned: 0,
    commission: 0,
    fees: 0,
    net: 0,
    payable_now: 0,
    scheduled: 0,
    awaiting_payment: 0,
    paid: 0,
  },
  preference: null,
  charges,
  charges_due: 9_550,
  ...over,
});

const paid: CheckoutResult = { status: 'paid', invoice_ids: ['S-1', 'S-2'], payment_id: 'P-1', url: null };
const vendor = aUser({ id: 'vic', roles: ['vendor'] });

/** The statement section for vic, with a Visa on file and `balance` cents of wallet credit. */
const statementPage = (balance: number, api: NonNullable<Parameters<typeof renderWithApi>[1]>['api'] = {}) =>
  renderWithApi(<SellerStatementSection />, {
    signedInAs: vendor,
    api: {
      sellerStatement: () => statement(),
      getCards: () => ({ data: [aCard()], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance }),
      ...api,
    },
  });

const commandIdOf = (fetch: typeof globalThis.fetch, path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => String(url) === path)
    .map(([, init]) => ((init?.headers ?? {}) as Record<string, string>)['x-command-id']);

describe('"Pay these charges" on the statement (issue 38 §1)', () => {
  it('shows a vendor what the house billed and what is owed, and pays the owed charges by card, once per attempt', async () => {
    const { api, user, alerts } = await statementPage(0, {
      sellerChargesCheckout: () => withMessage('Payment received. Thank you!', paid),
    });
    const section = await screen.findByTestId('seller-charges');
    expect(within(section).getByRole('heading', { name: 'Charges' })).toBeTruthy();
    expect(screen.getByTestId('charges-due').textContent).toBe('You owe $95.50');
    const rows = within(section).getAllByTestId('charge-row');
    expect(rows.map((row) => row.dataset.charge)).toEqual(['S-1', 'S-2', 'S-3']);
    expect(within(rows[0] as HTMLElement).getByText('Photography')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: '2010 Latour' })
        .getAttribute('href'),
    ).toBe('/productview/lot-1');
    expect(within(rows[1] as HTMLElement).getByTestId('charge-owed').textContent).toBe('$20.00');
    await expectNoAxeViolations(section);

    await user.click(screen.getByTestId('pay-charges-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Pay these charges' });
    expect(within(dialog).getByTestId('pay-charges-summary').textContent).toBe('Charges: 2, $95.50 in all');
    // No credit: the wallet cannot cover them, so it is not offered alone.
    expect(
      within(dialog)
        .getByRole('radio', { name: /Your wallet credit/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    await waitFor(() =>
      expect(within(dialog).getByRole('radio', { name: /Visa ending in 4242/ })).toBeTruthy(),
    );
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    await waitFor(() => expect(api.to('sellerChargesCheckout')).toHaveLength(1));
    expect(api.to('sellerChargesCheckout')[0]?.input).toEqual({
      invoice_ids: ['S-1', 'S-2'],
      card_id: aCard().id,
      use_wallet: false,
    });
    expect(commandIdOf(api.fetch, '/api/seller/cart/checkout')[0]).toMatch(/^[\w-]{8,}$/);
    await waitFor(() => expect(alerts()).toEqual([{ msg: 'Payment received. Thank you!', type: 'success' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The statement is asked again, so it shows the charges paid.
    await waitFor(() => expect(api.to('sellerStatement').length).toBeGreaterThan(1));
  });

  it('pays from the wallet alone when the credit covers the charges', async () => {
    const { api, user } = await statementPage(10_000, {
      sellerChargesPayWallet: () => paid,
    });
    await user.click(await screen.findByTestId('pay-charges-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Pay these charges' });
    const wallet = await within(dialog).findByRole('radio', { name: 'Your wallet credit ($100.00)' });
    await waitFor(() => expect(wallet.hasAttribute('disabled')).toBe(false));
    await user.click(wallet);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    await waitFor(() => expect(api.to('sellerChargesPayWallet')).toHaveLength(1));
    expect(api.to('sellerChargesPayWallet')[0]?.input).toEqual({ invoice_ids: ['S-1', 'S-2'] });
    expect(api.to('sellerChargesCheckout')).toEqual([]);
  });

  it('tells how to pay offline, in the server’s words, and moves nothing', async () => {
    const instructions = 'Pay $95.50 by bank transfer quoting invoice S-1, S-2, by 2030-01-16.';
    const { api, user, alerts } = await statementPage(0, {
      sellerChargesPayOffline: () =>
        withMessage(instructions, {
          status: 'unpaid',
          invoice_ids: ['S-1', 'S-2'],
          payment_id: 'P-2',
          url: null,
        }),
    });
    await user.click(await screen.findByTestId('pay-charges-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Pay these charges' });
    await user.click(within(dialog).getByRole('radio', { name: /Bank transfer or at the house/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Tell me how to pay' }));
    await waitFor(() => expect(alerts()).toEqual([{ msg: instructions, type: 'info' }]));
    expect(api.to('sellerChargesPayOffline')[0]?.input).toEqual({ invoice_ids: ['S-1', 'S-2'] });
    expect(api.to('sellerChargesCheckout')).toEqual([]);
  });

  it("goes to the card issuer's page when the card asks for it", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    onTestFinished(() => assign.mockRestore());
    const { user } = await statementPage(0, {
      sellerChargesCheckout: () => ({
        ...paid,
        status: 'requires_action',
        url: '/sandbox/authenticate/ch_1',
      }),
    });
    await user.click(await screen.findByTestId('pay-charges-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Pay these charges' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Visa/ })).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/authenticate/ch_1'));
  });

  it('offers no payment when nothing is owed, and shows nothing when nothing was billed', async () => {
    await renderWithApi(<SellerStatementSection />, {
      signedInAs: vendor,
      api: { sellerStatement: () => statement({ charges: charges.slice(2), charges_due: 0 }) },
    });
    expect((await screen.findByTestId('charges-due')).textContent).toBe('Nothing owed');
    expect(screen.queryByTestId('pay-charges-open')).toBeNull();
  });
});

describe('the staff seller screen: charges billed (issue 38 §1)', () => {
  const admin = aUser({ id: 'ada', roles: ['admin'], isAdmin: true });
  const staffCharges = () => ({ seller: { id: 'vic', name: 'Vic Vendor' }, charges, due: 9_550 });

  it('bills a charge in cents for one of the seller’s lots, and records money received for an owed one', async () => {
    const { api, user } = await renderWithApi(<StaffSellerCharges sellerId="vic" name="Vic Vendor" />, {
      signedInAs: admin,
      api: {
        staffSellerCharges: staffCharges,
        staffLots: () => ({ records: [{ id: 'lot-1', title: '2010 Latour' }], totalRecords: 1 }) as never,
        billSellerCharge: () =>
          withMessage('Charge of $25.00 billed to Vic Vendor', {
            invoice_id: 'S-4',
            number: null,
            amount: 2_500,
          }),
        recordOfflinePayment: () => ({ status: 'paid' as const }),
      },
    });
    const card = await screen.findByTestId('staff-seller-charges');
    expect((await within(card).findByTestId('staff-charges-due')).textContent).toBe('Owed: $95.50');
    // Money can be recorded on the owed charges only.
    expect(within(card).getAllByTestId('charge-record-payment')).toHaveLength(2);
    await expectNoAxeViolations(card);

    await user.click(within(card).getByTestId('bill-charge'));
    const dialog = await screen.findByRole('dialog', { name: 'Bill Vic Vendor a charge' });
    await user.click(within(dialog).getByRole('button', { name: 'Bill a charge' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, such as 25.00')).toBeTruthy();
    expect(api.to('billSellerCharge')).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '25');
    const lot = within(dialog).getByRole('combobox', { name: 'Lot (optional)' });
    await within(lot).findByRole('option', { name: '2010 Latour' });
    await user.selectOptions(lot, '2010 Latour');
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Six bottles');
    await user.click(within(dialog).getByRole('button', { name: 'Bill a charge' }));
    await waitFor(() => expect(api.to('billSellerCharge')).toHaveLength(1));
    expect(api.to('billSellerCharge')[0]?.input).toEqual({
      seller_id: 'vic',
      kind: 'listing_fee',
      amount: 2_500,
      lot_id: 'lot-1',
      note: 'Six bottles',
    });
    expect(commandIdOf(api.fetch, '/api/admin/seller/billCharge')[0]).toMatch(/^[\w-]{8,}$/);

    await user.click(within(card).getAllByTestId('charge-record-payment')[0] as HTMLElement);
    const record = await screen.findByRole('dialog', { name: /2030-000041/ });
    await user.type(within(record).getByRole('textbox', { name: /Reference/ }), 'wire 42');
    await user.click(within(record).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.to('recordOfflinePayment')).toHaveLength(1));
    expect(api.to('recordOfflinePayment')[0]?.input).toEqual({
      invoice_id: 'S-1',
      amount: 7_550,
      reference: 'wire 42',
    });
  });

  it('offers neither billing nor recording on the admin’s own account, and says why', async () => {
    await renderWithApi(<StaffSellerCharges sellerId="ada" name="Ada Admin" />, {
      signedInAs: admin,
      api: { staffSellerCharges: staffCharges },
    });
    expect(await screen.findByTestId('own-charges')).toBeTruthy();
    await screen.findByTestId('staff-charges-due');
    expect(screen.queryByTestId('bill-charge')).toBeNull();
    expect(screen.queryByTestId('charge-record-payment')).toBeNull();
  });
});
