import { screen, waitFor, within } from '@testing-library/react';
import type { HistoryRow, LotHistory, Role } from '@wine/contracts';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { priceChart } from './history-view.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const row = (revision: number, over: Partial<HistoryRow> = {}): HistoryRow => ({
  revision,
  position: String(100 + revision).padStart(20, '0'),
  eventId: `e-${revision}`,
  occurredAt: `2026-11-22T12:0${revision}:00.000Z`,
  type: 'BidPlaced',
  actor: { kind: 'user', id: `ann-${revision}`, actingAs: null },
  commandId: `cmd-${revision}`,
  correlationId: `corr-${revision}`,
  causationId: `cause-${revision}`,
  data: { amount: 10_000 + revision },
  state: { status: 'open', price: 10_000 + revision },
  changes: [{ path: 'price', before: 10_000, after: 10_000 + revision }],
  ...over,
});

const lotHistory = (over: Partial<LotHistory> = {}): LotHistory => ({
  id: 'lot-7',
  streamName: 'lot-lot-7',
  totalRecords: 3,
  from: 0,
  next: null,
  rows: [
    row(0, { type: 'LotListed', actor: { kind: 'admin', id: 'adm-1', actingAs: null }, changes: [] }),
    row(1),
    row(2, { actor: { kind: 'admin', id: 'adm-1', actingAs: 'bob-9' } }),
  ],
  asOf: {
    at: null,
    revision: 2,
    occurredAt: '2026-11-22T12:02:00.000Z',
    state: { status: 'open', price: 10_002 },
  },
  prices: [
    {
      revision: 1,
      occurredAt: '2026-11-22T12:01:00.000Z',
      bidderId: 'ann-1',
      amount: 10_001,
      type: 'BidPlaced',
    },
    {
      revision: 2,
      occurredAt: '2026-11-22T12:02:00.000Z',
      bidderId: 'bob-9',
      amount: 10_002,
      type: 'BidPlaced',
    },
  ],
  ...over,
});

const open = (roles: Role[], api: Api = {}, path = '/audit/lot/lot-7') =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: { validateUser: () => aUser({ roles, isAdmin: roles.includes('admin') }), ...api },
  });

describe('/audit/lot/:id', () => {
  it('lists the events with who acted and for whom, and opens one to its data, state and changes', async () => {
    const { api, user } = await open(['auditor'], { lotHistory: () => lotHistory() });
    const table = await screen.findByTestId('history-table');
    const rows = within(table).getAllByTestId('history-row');
    expect(rows.map((r) => r.dataset.type)).toEqual(['LotListed', 'BidPlaced', 'BidPlaced']);
    const cells = within(rows[2] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(2, 6)).toEqual(['BidPlaced', 'Adminadm-1', 'bob-9', 'cmd-2']);
    expect(cells[1]).toMatch(/^11-22-2026 \d\d:02:00 (am|pm)$/);
    expect(api.to('lotHistory')[0]?.input).toEqual({ id: 'lot-7', from: 0, limit: 50 });
    expect(screen.getByTestId('price-chart')).toBeTruthy();
    expect(screen.getByTestId('state-as-of').textContent).toContain('"price": 10002');
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(screen.getByRole('button', { name: 'Show event #2' }));
    const details = await screen.findByTestId('history-details');
    expect(details.textContent).toContain('corr-2');
    expect(within(details).getByTestId('history-changes').textContent).toContain('10000');
    expect(details.textContent).toContain('"amount": 10002');
    expect(screen.getByRole('button', { name: 'Hide event #2' }).getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('asks for the state as of the instant typed, and sets back the events after it', async () => {
    const { api, user } = await open(['auditor'], {
      lotHistory: (input) =>
        input.asOf
          ? lotHistory({
              asOf: {
                at: input.asOf,
                revision: 1,
                occurredAt: '2026-11-22T12:01:00.000Z',
                state: { price: 10_001 },
              },
            })
          : lotHistory(),
    });
    await screen.findByTestId('history-table');
    await user.type(screen.getByLabelText(/As of/), '2026-11-22T12:01:30');
    await waitFor(() =>
      expect(api.to('lotHistory').at(-1)?.input).toMatchObject({ asOf: expect.any(String) }),
    );
    const asked = api.to('lotHistory').at(-1)?.input as { asOf: string };
    expect(new Date(asked.asOf).getTime()).toBe(new Date(2026, 10, 22, 12, 1, 30).getTime());
    await waitFor(() => expect(screen.getByTestId('state-as-of').textContent).toContain('After event #1'));
    const later = screen
      .getAllByTestId('history-row')
      .map((r) => r.textContent?.includes('after the chosen instant'));
    expect(later).toEqual([false, false, true]);
  });

  it('saves the CSV the server exports under its file name', async () => {
    const save = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    const { user } = await open(['admin'], {
      lotHistory: () => lotHistory(),
      lotHistoryExport: ({ format }) => ({
        filename: `lot-lot-7-history.${format}`,
        records: '\uFEFFrevision\r\n0\r\n',
      }),
    });
    await user.click(await screen.findByTestId('download-csv'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, name] = save.mock.calls[0] as [Blob, string];
    expect(name).toBe('lot-lot-7-history.csv');
    // UTF-8: the byte-order mark takes its three bytes (EF BB BF) ahead of the 13 of the text.
    expect(blob.size).toBe(16);
    expect(blob.type).toBe('text/csv;charset=utf-8');
  });

  it('names an unknown lot with the server’s message', async () => {
    await open(['auditor'], {
      lotHistory: () => {
        throw new Failure('Lot not found', 404, { field: 'id' }, 'LOT_NOT_FOUND');
      },
    });
    expect((await screen.findByTestId('history-error')).textContent).toBe('Lot not found');
  });

  it('tells anyone but auditors and admins, asking nothing', async () => {
    const { api } = await open(['finance'], { lotHistory: () => lotHistory() });
    expect((await screen.findByTestId('auditors-only')).textContent).toBe('Only an auditor can do this');
    expect(api.to('lotHistory')).toHaveLength(0);
  });
});

describe('the price chart', () => {
  it('puts each bid under its own bidder’s line', () => {
    const chart = priceChart(lotHistory().prices, (id) => `Bidder ${id}`);
    expect(chart.series.map((s) => s.label)).toEqual(['Bidder ann-1', 'Bidder bob-9']);
    expect(chart.data.map((d) => [d.b0, d.b1])).toEqual([
      [10_001, undefined],
      [undefined, 10_002],
    ]);
  });
});

describe('/audit/settings (issue 34)', () => {
  it("lists the settings' changes with the admin who made each, and exports them", async () => {
    const save = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    save.mockClear();
    const settingsRow = row(0, {
      type: 'MoneySettingsChanged',
      actor: { kind: 'admin', id: 'adm-1', actingAs: null },
      changes: [{ path: 'settings.money.returnDays', before: 30, after: 21 }],
    });
    const { api, user } = await open(
      ['auditor'],
      {
        settingsHistory: () => ({
          id: 'house',
          streamName: 'settings-house',
          totalRecords: 1,
          from: 0,
          next: null,
          rows: [settingsRow],
          asOf: { at: null, revision: 0, occurredAt: settingsRow.occurredAt, state: {} },
        }),
        settingsHistoryExport: () => ({ filename: 'settings-house-history.csv', records: 'revision\r\n' }),
      },
      '/audit/settings',
    );
    expect(await screen.findByRole('heading', { name: 'History of the settings', level: 1 })).toBeTruthy();
    const rows = await screen.findAllByTestId('history-row');
    expect(rows.map((r) => r.getAttribute('data-type'))).toEqual(['MoneySettingsChanged']);
    expect(api.to('settingsHistory')[0]?.input).toMatchObject({ id: 'house', from: 0 });
    // A settings history has no price chart.
    expect(screen.queryByTestId('price-chart')).toBeNull();
    await user.click(screen.getByTestId('download-csv'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(api.to('settingsHistoryExport')[0]?.input).toMatchObject({ id: 'house', format: 'csv' });
    await expectNoAxeViolations(screen.getByRole('main'));
  });
});

/** An invoice's or a transaction's history: one stream, its state as of the last event (or before any). */
const streamHistory = (id: string, streamName: string, state: unknown, revision: number | null = 1) => ({
  id,
  streamName,
  totalRecords: revision === null ? 0 : revision + 1,
  from: 0,
  next: null,
  rows:
    revision === null
      ? []
      : Array.from({ length: revision + 1 }, (_, i) =>
          row(i, { type: 'PaymentSucceeded', state, changes: [] }),
        ),
  asOf: {
    at: null,
    revision,
    occurredAt: revision === null ? null : row(revision).occurredAt,
    state,
  },
});

describe('/audit/invoice/:id: its payments (issue 35 §1)', () => {
  it('lists each payment with its method, amount and status, linking to its transaction', async () => {
    const state = {
      status: 'issued',
      payments: {
        'pay-1': {
          method: 'card',
          amount: 123_456,
          status: 'succeeded',
          at: 1,
          chargeId: 'ch_1',
          transactionId: 'tx-9',
        },
        'pay-2': { method: 'paypal', amount: 5_000, status: 'action_required', at: 2, chargeId: null },
        'pay-3': {
          method: 'offline',
          amount: 700,
          status: 'failed',
          at: 3,
          chargeId: null,
          transactionId: 'tx-3',
        },
      },
    };
    const { api } = await open(
      ['auditor'],
      { invoiceHistory: () => streamHistory('inv-1', 'invoice-inv-1', state) },
      '/audit/invoice/inv-1',
    );
    const card = await screen.findByTestId('invoice-payments');
    expect(within(card).getByRole('heading', { name: 'Payments' })).toBeTruthy();
    const rows = within(card).getAllByTestId('invoice-payment');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['Card', '$1,234.56', 'Succeeded', 'tx-9'],
      ['PayPal', '$50.00', 'Awaiting authentication', 'pay-2'],
      ['Offline', '$7.00', 'Failed', 'tx-3'],
    ]);
    // The transaction the payment names, else the payment's own id (the ledger's id for it).
    expect(rows.map((r) => within(r).getByRole('link').getAttribute('href'))).toEqual([
      '/audit/payment/tx-9',
      '/audit/payment/pay-2',
      '/audit/payment/tx-3',
    ]);
    expect(api.to('invoiceHistory')[0]?.input).toEqual({ id: 'inv-1', from: 0, limit: 50 });
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('says there are no payments in a state without them, before the first event too', async () => {
    await open(
      ['auditor'],
      { invoiceHistory: () => streamHistory('inv-2', 'invoice-inv-2', { status: 'none' }, null) },
      '/audit/invoice/inv-2',
    );
    expect((await screen.findByTestId('invoice-payments-none')).textContent).toBe(
      'No payments in this state',
    );
    expect(screen.getByTestId('state-as-of').textContent).toContain('Before the first event');
  });

  it('opens a payment’s transaction on its own history page', async () => {
    const state = {
      payments: { 'pay-1': { method: 'card', amount: 100, status: 'succeeded', transactionId: 'tx-9' } },
    };
    const { api, user } = await open(
      ['auditor'],
      {
        invoiceHistory: () => streamHistory('inv-1', 'invoice-inv-1', state),
        paymentHistory: ({ id }) => streamHistory(id, `payment-${id}`, { status: 'charged', charged: 100 }),
      },
      '/audit/invoice/inv-1',
    );
    await user.click(await screen.findByRole('link', { name: 'tx-9' }));
    expect(await screen.findByRole('heading', { name: 'Payment tx-9', level: 1 })).toBeTruthy();
    expect(api.to('paymentHistory')[0]?.input).toEqual({ id: 'tx-9', from: 0, limit: 50 });
  });
});

describe('/audit/payment/:id (issue 35 §1)', () => {
  it('titles the page with the transaction, reads its stream and exports it', async () => {
    const save = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    save.mockClear();
    const { api, user } = await open(
      ['admin'],
      {
        paymentHistory: ({ id }) => streamHistory(id, `payment-${id}`, { status: 'charged', charged: 5_000 }),
        paymentHistoryExport: ({ id, format }) => ({
          filename: `payment-${id}-history.${format}`,
          records: '[]',
        }),
      },
      '/audit/payment/tx-7',
    );
    expect(await screen.findByRole('heading', { name: 'Payment tx-7', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Payment tx-7 \|/));
    await screen.findByTestId('history-table');
    expect(api.to('paymentHistory')[0]?.input).toEqual({ id: 'tx-7', from: 0, limit: 50 });
    expect(screen.getByTestId('state-as-of').textContent).toContain('"charged": 5000');
    // A transaction has neither a price chart nor an invoice's payments.
    expect(screen.queryByTestId('price-chart')).toBeNull();
    expect(screen.queryByTestId('invoice-payments')).toBeNull();
    await user.click(screen.getByTestId('download-json'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(api.to('paymentHistoryExport')[0]?.input).toMatchObject({ id: 'tx-7', format: 'json' });
    expect((save.mock.calls[0] as [Blob, string])[1]).toBe('payment-tx-7-history.json');
  });

  it('tells anyone but auditors and admins, asking nothing', async () => {
    const { api } = await open(['finance'], {}, '/audit/payment/tx-7');
    expect((await screen.findByTestId('auditors-only')).textContent).toBe('Only an auditor can do this');
    expect(api.to('paymentHistory')).toHaveLength(0);
  });
});
