import { screen, waitFor, within } from '@testing-library/react';
import type { InvoiceSummary } from '@wine/contracts';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { configureApi } from './api/client.ts';
import { browser } from './lib/browser.ts';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { aCard, anInvoice, aTransaction, aUser } from './test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const signedIn = (path: string, api: Api = {}) =>
  renderApp(path, { storedToken: 'tok-1', api: { validateUser: () => aUser(), ...api } });

const summary = (over: Partial<InvoiceSummary> = {}): InvoiceSummary => {
  const { id, kind, status, created_at, due_at, paid_at, title, items, total, paid, due } = anInvoice(over);
  return { id, kind, status, created_at, due_at, paid_at, title, items, total, paid, due };
};

afterEach(() => vi.restoreAllMocks());

describe('/invoice/:id', () => {
  it('shows every block of the invoice', async () => {
    await signedIn('/invoice/inv-1', { invoice: () => anInvoice() });
    await screen.findByRole('heading', { name: 'Invoice inv-1', level: 1 });
    const block = (name: string) => screen.getByTestId(`invoice-${name}`);
    expect(
      within(block('items')).getByRole('link', { name: '2015 Château Margaux' }).getAttribute('href'),
    ).toBe('/productview/lot-1');
    expect(within(block('items')).getByTestId('line-amount').textContent).toBe('$1,260.00');
    expect(within(block('transactions')).getByText('Failed')).toBeTruthy();
    expect(within(block('transactions')).getByText('Visa •••• 4242')).toBeTruthy();
    // Issue 31: a delivery shows its shipment, not the pickup blocks (pickup: PickupAppointment's spec).
    expect(within(block('shipment')).getByTestId('shipment-not-shipped')).toBeTruthy();
    expect(screen.queryByTestId('invoice-appointment')).toBeNull();
    expect(screen.queryByTestId('invoice-location')).toBeNull();
    const totals = screen.getByTestId('cart-totals');
    expect(within(totals).getByText('Buyer’s premium (20%)')).toBeTruthy();
    expect(within(totals).getByText('Tax (6.25%)')).toBeTruthy();
    expect(within(totals).getByTestId('total-total').textContent).toBe('$1,612.50');
    expect(within(block('user')).getByText('ada@example.com')).toBeTruthy();
    expect(within(block('address')).getByText('1 Main St')).toBeTruthy();
    expect(within(block('sellers')).getByText('Cellar One')).toBeTruthy();
    expect(within(block('billing')).getByText('9 Billing Rd')).toBeTruthy();
    expect(within(block('notes')).getByText('Handle with care')).toBeTruthy();
    expect(within(block('returns')).getByText('Refund')).toBeTruthy();
    expect(within(block('log')).getByText('Invoice issued')).toBeTruthy();
    expect(screen.getByTestId('invoice-status').textContent).toBe('Unpaid');
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/checkout/auction/inv-1',
    );
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('has no Pay now once paid, and a delivery shows no pickup appointment', async () => {
    await signedIn('/invoice/inv-2', {
      invoice: () =>
        anInvoice({
          id: 'inv-2',
          status: 'paid',
          paid_at: '2030-01-12T12:00:00.000Z',
          appointmentDetail: { id: 'ap-1', starts_at: '2030-01-15T15:30:00', ends_at: '2030-01-15T16:00:00' },
          billingAddress: null,
        }),
    });
    await screen.findByRole('heading', { name: 'Invoice inv-2', level: 1 });
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByTestId('invoice-appointment')).toBeNull();
    expect(
      within(screen.getByTestId('invoice-billing')).getByText('Same as the delivery address.'),
    ).toBeTruthy();
  });

  it('prints, and downloads the PDF with the session token as invoice-<id>.pdf', async () => {
    const print = vi.spyOn(browser, 'print').mockImplementation(() => {});
    const save = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    const { api, user } = await signedIn('/invoice/inv-1', { invoice: () => anInvoice() });
    const pdfRequests: { path: string; authorization: string | undefined }[] = [];
    onTestFinished(
      configureApi({
        fetch: async (path, init) => {
          if (String(path) !== '/api/user/invoice/pdf/inv-1') return api.fetch(path, init);
          const headers = (init?.headers ?? {}) as Record<string, string>;
          pdfRequests.push({ path: String(path), authorization: headers.authorization });
          return new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(pdfRequests).toEqual([{ path: '/api/user/invoice/pdf/inv-1', authorization: 'Bearer tok-1' }]);
    const [blob, fileName] = save.mock.calls[0] ?? [];
    expect(fileName).toBe('invoice-inv-1.pdf');
    expect(await blob?.text()).toBe('%PDF-1.4');
  });
});

describe('/invoices/:status', () => {
  it('lists the unpaid invoices with paging, and the tab goes to the paid ones', async () => {
    const { api, user, router } = await signedIn('/invoices/unpaid', {
      allinvoices: ({ status, page }) => ({
        records:
          status === 'unpaid'
            ? [
                summary({ id: `inv-p${page}` }),
                summary({ id: 'inv-9', status: 'partial', paid: 50_000, due: 111_250 }),
              ]
            : [summary({ id: 'inv-3', status: 'paid', paid: 161_250, due: 0 })],
        totalRecords: status === 'unpaid' ? 45 : 1,
      }),
    });
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows.map((r) => r.dataset.invoiceId)).toEqual(['inv-p1', 'inv-9']);
    const cells = within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'inv-9',
      '01-10-2030',
      '2015 Château Margaux (1 items)',
      '$1,612.50',
      '$500.00',
      '$1,112.50',
      'Partly paid',
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'inv-p1' })
        .getAttribute('href'),
    ).toBe('/invoice/inv-p1');
    await user.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    await screen.findByRole('link', { name: 'inv-p2' });
    expect(api.to('allinvoices').at(-1)?.input).toEqual({ status: 'unpaid', page: 2, limit: 20 });

    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/paid'));
    expect((await screen.findAllByTestId('invoice-row')).map((r) => r.dataset.invoiceId)).toEqual(['inv-3']);
    expect(api.to('allinvoices').at(-1)?.input).toEqual({ status: 'paid', page: 1, limit: 20 });
  });
});

describe('/myWines/purchased', () => {
  it('lists the paid invoices, each linked', async () => {
    const { api } = await signedIn('/myWines/purchased', {
      allinvoices: () => ({ records: [summary({ id: 'inv-3', status: 'paid', items: 2 })], totalRecords: 1 }),
    });
    const item = await screen.findByTestId('purchased-invoice');
    expect(within(item).getByText('2015 Château Margaux (2 items)')).toBeTruthy();
    expect(within(item).getByRole('link').getAttribute('href')).toBe('/invoice/inv-3');
    expect(api.to('allinvoices')[0]?.input).toEqual({ status: 'paid', page: 1, limit: 20 });
  });

  it('filters by how they were bought (issue 31): won at auction or bought now', async () => {
    const { api, router, user } = await signedIn('/myWines/purchased?kind=auction', {
      allinvoices: ({ kind }) => ({
        records: [summary({ id: kind === 'buynow' ? 'inv-b' : 'inv-a', status: 'paid' })],
        totalRecords: 1,
      }),
    });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ kind: 'auction' }));
    await screen.findByTestId('purchased-invoice');
    expect(api.to('allinvoices').at(-1)?.input).toEqual({
      status: 'paid',
      page: 1,
      limit: 20,
      kind: 'auction',
    });
    await user.click(screen.getByText('Bought now'));
    await waitFor(() =>
      expect(api.to('allinvoices').at(-1)?.input).toEqual({
        status: 'paid',
        page: 1,
        limit: 20,
        kind: 'buynow',
      }),
    );
  });
});

describe('/transactions', () => {
  it('lists the payments and the wallet, and buys credit in cents with a saved card', async () => {
    let balance = 5_000;
    const { api, user } = await signedIn('/transactions', {
      alltransactions: () => ({
        records: [
          aTransaction(),
          aTransaction({ id: 'tx-2', method: 'wallet', card_brand: null, card_last4: null }),
        ],
        totalRecords: 2,
      }),
      getCreditHistory: () => ({
        records: [
          {
            id: 'w-1',
            type: 'credit',
            amount: 5_000,
            source: 'card',
            reference: 'ch_9',
            balance: 5_000,
            created_at: '2030-01-09T10:00:00.000Z',
          },
        ],
        totalRecords: 1,
        setDisp: 'Showing 1-1 of 1',
        balance,
      }),
      getCards: () => ({ data: [aCard()], has_more: false }),
      addCreditBalance: ({ amount }) => {
        balance += amount;
        return { balance };
      },
    });
    const rows = await screen.findAllByTestId('transaction-row');
    // The date is the browser's local time: only the columns after it are compared.
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent),
    ).toEqual(['inv-1', 'Payment', 'Card', 'Visa •••• 4242', '$191.25', 'Succeeded']);
    expect(within(rows[1] as HTMLElement).getByText('Wallet')).toBeTruthy();
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('$50.00');
    expect(screen.getAllByTestId('credit-row')).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: /Amount in US dollars/ }), '250.50');
    await user.click(screen.getByRole('button', { name: 'Add credit' }));
    await waitFor(() =>
      expect(api.to('addCreditBalance').map((r) => r.input)).toEqual([{ amount: 25_050, card_id: 'card-1' }]),
    );
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('$300.50'));
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('says what is wrong with an amount before asking the server', async () => {
    const { api, user } = await signedIn('/transactions', {
      alltransactions: () => ({ records: [], totalRecords: 0 }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
      getCards: () => ({ data: [aCard()], has_more: false }),
    });
    await user.type(await screen.findByRole('textbox', { name: /Amount in US dollars/ }), 'lots');
    await user.click(screen.getByRole('button', { name: 'Add credit' }));
    expect(await screen.findByText('Enter an amount in dollars, like 250')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: /Amount in US dollars/ }));
    await user.type(screen.getByRole('textbox', { name: /Amount in US dollars/ }), '0.50');
    await user.click(screen.getByRole('button', { name: 'Add credit' }));
    expect(await screen.findByText('Amount between $1.00 and $10,000.00')).toBeTruthy();
    expect(api.to('addCreditBalance')).toHaveLength(0);
    expect(screen.getByTestId('transactions-empty').textContent).toBe('No transactions yet.');
  });
});

describe('/sandbox/authenticate/:charge_id', () => {
  it('authenticates the charge and goes back to the path it was given', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const back = '/checkout_confirm?payment_id=pay-1&invoice=inv-1';
    const { api, user } = await signedIn(`/sandbox/authenticate/ch_1?return=${encodeURIComponent(back)}`, {
      sandboxAuthenticate: () => null,
    });
    expect(await screen.findByRole('heading', { name: 'Sandbox card issuer — test mode' })).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(screen.getByRole('button', { name: 'Authenticate payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(back));
    expect(api.to('sandboxAuthenticate').map((r) => r.input)).toEqual([{ charge_id: 'ch_1', approve: true }]);
  });

  it.each([
    'https://evil.example/checkout_confirm',
    '//evil.example/x',
    'javascript:alert(1)',
    '/\\evil.example',
  ])('fails the charge when asked and refuses to leave for %s', async (target) => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { api, user } = await signedIn(`/sandbox/authenticate/ch_2?return=${encodeURIComponent(target)}`, {
      sandboxAuthenticate: () => null,
    });
    await user.click(await screen.findByRole('button', { name: 'Fail authentication' }));
    expect(await screen.findByTestId('sandbox-issuer-bad-return')).toBeTruthy();
    expect(api.to('sandboxAuthenticate').map((r) => r.input)).toEqual([
      { charge_id: 'ch_2', approve: false },
    ]);
    expect(assign).not.toHaveBeenCalled();
  });
});
