import { screen, waitFor, within } from '@testing-library/react';
import type { SellerStatement as Statement, StatementLine } from '@wine/contracts';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { browser } from '../../lib/browser.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { clockAt, renderWithApi } from '../../test-utils/component.tsx';
import { aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { SellerStatement, SellerStatementSection } from './SellerStatement.tsx';

const aLine = (over: Partial<StatementLine> = {}): StatementLine => ({
  invoice_id: 'inv-1',
  invoice_number: '2030-000001',
  product_id: 'lot-1',
  title: '2010 Latour',
  kind: 'auction',
  qty: 1,
  returned_qty: 0,
  hammer: 40_000,
  returned: 0,
  kept: 40_000,
  commission_percent: 10,
  commission: 4_000,
  fee: 500,
  net: 35_500,
  status: 'payable',
  paid_at: '2029-12-01T12:00:00.000Z',
  payable_on: '2029-12-31T12:00:00.000Z',
  payout: null,
  ...over,
});

/** Sam's statement on 5 January 2030: one line payable, one returned in part and scheduled, one awaiting the buyer. */
const aStatement = (over: Partial<Statement> = {}): Statement => ({
  as_of: '2030-01-05T12:00:00.000Z',
  seller: { id: 'sam', name: 'Sam Cellar' },
  lines: [
    aLine(),
    aLine({
      invoice_id: 'inv-2',
      invoice_number: null,
      product_id: 'lot-2',
      title: '1996 Krug',
      qty: 3,
      returned_qty: 1,
      hammer: 30_000,
      returned: 10_000,
      kept: 20_000,
      commission: 2_000,
      net: 17_500,
      status: 'scheduled',
      paid_at: '2030-01-02T12:00:00.000Z',
      payable_on: '2030-02-01T12:00:00.000Z',
    }),
    aLine({
      invoice_id: 'inv-3',
      invoice_number: '2030-000003',
      product_id: 'lot-3',
      title: '2005 Pétrus',
      hammer: 9_900,
      kept: 9_900,
      commission: 990,
      net: 8_410,
      status: 'awaiting_payment',
      paid_at: null,
      payable_on: null,
    }),
  ],
  unsold: [
    {
      product_id: 'lot-9',
      title: '1990 Sassicaia',
      closed_at: '2030-01-03T18:00:00.000Z',
      reason: 'reserve_not_met',
      bid_count: 3,
      high_bid: 18_500,
    },
    {
      product_id: 'lot-8',
      title: '2001 Yquem',
      closed_at: '2030-01-04T18:00:00.000Z',
      reason: 'no_bids',
      bid_count: 0,
      high_bid: null,
    },
  ],
  totals: {
    hammer: 79_900,
    returned: 10_000,
    commission: 6_990,
    fees: 1_500,
    net: 61_410,
    payable_now: 35_500,
    scheduled: 17_500,
    awaiting_payment: 8_410,
    paid: 0,
  },
  preference: null,
  charges: [],
  charges_due: 0,
  ...over,
});

const empty = (): Statement =>
  aStatement({
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
  });

const amountOf = (testId: string) =>
  within(screen.getByTestId(testId)).getByTestId('statement-amount').textContent;

afterEach(() => vi.restoreAllMocks());

describe('SellerStatement', () => {
  clockAt('2030-01-05T12:00:00.000Z');

  it('shows what is payable now, scheduled, awaiting the buyer, and the commission and fees', async () => {
    const { container } = await render(<SellerStatement statement={aStatement()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Settlement statement' })).toBeTruthy();
    expect(screen.getByText('As of: 01-05-2030')).toBeTruthy();
    expect(amountOf('statement-payable-now')).toBe('$355.00');
    expect(amountOf('statement-scheduled')).toBe('$175.00');
    expect(amountOf('statement-awaiting-payment')).toBe('$84.10');
    expect(amountOf('statement-commission-fees')).toBe('$84.90');
    expect(within(screen.getByTestId('statement-payable-now')).getByText('Net payable now')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('lists each sold line with its wine, invoice, hammer, commission, fee, net, status and payable date', async () => {
    await render(<SellerStatement statement={aStatement()} />);
    const table = screen.getByRole('table', { name: 'Sold' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Wine', 'Invoice', 'Hammer', 'Commission', 'Fee', 'Net', 'Status', 'Payable on']);
    const [payable, partly, awaiting] = within(table).getAllByTestId('statement-line');
    if (!payable || !partly || !awaiting) throw new Error('missing rows');
    expect(within(payable).getByRole('link', { name: '2010 Latour' }).getAttribute('href')).toBe(
      '/productview/lot-1',
    );
    expect(
      within(payable)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2010 Latour',
      '2030-000001',
      '$400.00',
      '$40.0010%',
      '$5.00',
      '$355.00',
      'Payable',
      '12-31-2029',
    ]);
    // A line returned in part says so; one issued before invoice numbers shows its id.
    expect(within(partly).getByTestId('statement-returned').textContent).toBe(
      'Bottles returned: 1 of 3 (−$100.00)',
    );
    expect(within(partly).getByText('inv-2')).toBeTruthy();
    expect(within(partly).getByTestId('statement-status').textContent).toBe('Scheduled');
    expect(within(awaiting).getByTestId('statement-status').textContent).toBe('Awaiting payment');
    expect(within(awaiting).getByTestId('statement-net').textContent).toBe('$84.10');
    expect(awaiting.textContent).toContain('—');
  });

  it('lists the unsold lots: reserve not met with the high bid, no bids without one', async () => {
    const { container } = await render(<SellerStatement statement={aStatement()} />);
    const table = screen.getByRole('table', { name: 'Unsold' });
    const rows = within(table).getAllByTestId('statement-unsold-lot');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1990 Sassicaia', '01-03-2030', 'Reserve not met', '$185.00'],
      ['2001 Yquem', '01-04-2030', 'No bids', '—'],
    ]);
    expect(within(table).getByRole('link', { name: '2001 Yquem' }).getAttribute('href')).toBe(
      '/productview/lot-8',
    );
    await expectNoAxeViolations(container);
  });

  it('tells a seller with nothing sold or unsold so, with nothing to download', async () => {
    const { container } = await render(<SellerStatement statement={empty()} />);
    expect(screen.getByTestId('seller-statement-empty').textContent).toBe(
      'Nothing to settle yet: your statement fills in as your wines sell.',
    );
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows the sold table empty and no unsold table when only unsold lots or only sales are there', async () => {
    const { unmount } = await render(
      <SellerStatement statement={{ ...empty(), unsold: aStatement().unsold }} />,
    );
    expect(screen.getByTestId('statement-no-sales').textContent).toBe('No sales yet.');
    expect(screen.getByRole('table', { name: 'Unsold' })).toBeTruthy();
    unmount();
    await render(<SellerStatement statement={{ ...aStatement(), unsold: [] }} />);
    expect(screen.queryByRole('table', { name: 'Unsold' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Sold' })).toBeTruthy();
  });

  it('downloads the PDF and the CSV with the session token, named by the statement date', async () => {
    const save = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    const { user } = await renderWithApi(<SellerStatement statement={aStatement()} />, {
      signedInAs: aUser({ id: 'sam', roles: ['seller'] }),
    });
    const files: { path: string; authorization: string | undefined }[] = [];
    onTestFinished(
      configureApi({
        fetch: async (path, init) => {
          const headers = (init?.headers ?? {}) as Record<string, string>;
          files.push({ path: String(path), authorization: headers.authorization });
          return String(path).endsWith('/pdf')
            ? new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } })
            : new Response('line,lot_id\n', { headers: { 'content-type': 'text/csv' } });
        },
      }),
    );
    vi.useRealTimers();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(files).toEqual([
      { path: '/api/seller/user/invoice/pdf', authorization: 'Bearer t' },
      { path: '/api/seller/user/invoice/csv', authorization: 'Bearer t' },
    ]);
    expect(save.mock.calls.map(([, name]) => name)).toEqual([
      'seller-statement_2030-01-05.pdf',
      'seller-statement_2030-01-05.csv',
    ]);
    expect(await save.mock.calls[0]?.[0].text()).toBe('%PDF-1.4');
  });

  it('tells a refused download in an alert, and saves nothing', async () => {
    const save = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    const { user, alerts } = await renderWithApi(<SellerStatement statement={aStatement()} />, {
      signedInAs: aUser({ id: 'sam', roles: ['seller'] }),
    });
    onTestFinished(
      configureApi({
        fetch: async () =>
          Response.json(
            {
              status: 'error',
              data: { message: 'Sellers only', responseType: 403, responseData: null, code: 'ROLE_REQUIRED' },
            },
            { status: 403 },
          ),
      }),
    );
    vi.useRealTimers();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(alerts()).toEqual([{ msg: 'Sellers only', type: 'error' }]));
    expect(save).not.toHaveBeenCalled();
  });
});

describe('SellerStatementSection', () => {
  it('loads the statement for a seller', async () => {
    const { api } = await renderWithApi(<SellerStatementSection />, {
      signedInAs: aUser({ id: 'sam', roles: ['seller'] }),
      api: { sellerStatement: () => aStatement() },
    });
    expect(await screen.findByRole('heading', { name: 'Settlement statement' })).toBeTruthy();
    expect(api.to('sellerStatement')).toEqual([
      { action: 'sellerStatement', input: {}, authorization: 'Bearer t' },
    ]);
  });

  it('shows a line paid out with its reference and the total paid out', async () => {
    const paid = aLine({
      status: 'paid',
      payout: {
        id: 'payout-1',
        paid_at: '2030-01-04T12:00:00.000Z',
        reference: 'Check 1001',
        method: 'check',
      },
    });
    const statement = aStatement({
      lines: [paid],
      totals: { ...aStatement().totals, payable_now: 0, paid: 35_500 },
    });
    await renderWithApi(<SellerStatement statement={statement} />);
    expect(screen.getByTestId('statement-status').dataset.status).toBe('paid');
    expect(screen.getByTestId('statement-status').textContent).toBe('Paid out');
    expect(screen.getByTestId('statement-payout').textContent).toMatch(/Check 1001/);
    expect(amountOf('statement-paid-out')).toBe('$355.00');
  });

  it('sets how the seller is paid, the note left out when empty, and shows it', async () => {
    let preference: Statement['preference'] = null;
    const { api, user } = await renderWithApi(<SellerStatementSection />, {
      signedInAs: aUser({ id: 'sam', roles: ['seller'] }),
      api: {
        sellerStatement: () => aStatement({ preference }),
        setSellerPayoutPreference: (input) => {
          preference = {
            payee: input.payee,
            method: input.method,
            note: null,
            set_at: '2030-01-05T12:00:00.000Z',
          };
          return null;
        },
      },
    });
    await user.click(await screen.findByTestId('edit-preference'));
    const dialog = await screen.findByRole('dialog', { name: 'How you are paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.to('setSellerPayoutPreference')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Pay to/ }), 'Sam Cellar LLC');
    await user.click(within(dialog).getByText('bank transfer'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('setSellerPayoutPreference')).toHaveLength(1));
    expect(api.to('setSellerPayoutPreference')[0]?.input).toEqual({
      payee: 'Sam Cellar LLC',
      method: 'bank_transfer',
    });
    await waitFor(() =>
      expect(screen.getByTestId('statement-preference').textContent).toMatch(
        /To Sam Cellar LLC, by bank transfer/,
      ),
    );
  });

  it('shows nothing, and asks nothing, for a user without the seller role', async () => {
    const { api, container } = await renderWithApi(
      <div data-testid="page">
        <SellerStatementSection />
      </div>,
      { signedInAs: aUser(), api: { sellerStatement: () => aStatement() } },
    );
    expect(screen.getByTestId('page').childElementCount).toBe(0);
    expect(container.textContent).not.toContain('Settlement statement');
    expect(api.to('sellerStatement')).toEqual([]);
  });
});
