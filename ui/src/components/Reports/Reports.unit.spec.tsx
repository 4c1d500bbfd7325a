import { screen, waitFor, within } from '@testing-library/react';
import { type ReportPage, type Role, reportCsvPath } from '@wine/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];
const RANGE = 'from=2026-11-01&to=2026-11-30';

const payments: ReportPage = {
  records: [
    {
      occurred_at: '2026-11-02T15:00:00.000Z',
      invoice_id: 'inv-1',
      type: 'payment',
      method: 'card',
      reference: 'ch_1',
      amount: 52_920,
    },
    {
      occurred_at: '2026-11-03T15:00:00.000Z',
      invoice_id: 'inv-1',
      type: 'refund',
      method: 'card',
      reference: 'return',
      amount: -5_000,
    },
  ],
  totalRecords: 2,
  setDisp: 'Showing 1-2 of 2',
  totals: { amount: 47_920, payments: 52_920, refunds: 5_000 },
  from: '2026-11-01',
  to: '2026-11-30',
  asOf: '2026-11-24T10:00:00.000Z',
};

const weeks: ReportPage = {
  ...payments,
  records: [{ week: '2026-10-26', invoices: 1, sales: 40_000, premium: 8_000 }],
};

const open = (roles: Role[], api: Api = {}, path = `/reports/getPayments?${RANGE}`) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ roles, isAdmin: roles.includes('admin') }),
      getPayments: () => payments,
      getWeeklySales: () => weeks,
      ...api,
    },
  });

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** A streamed CSV answer, in two chunks, as the server writes it. */
function csvAnswer(text: string[]) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of text) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="getPayments_x.csv"',
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/reports/:report', () => {
  it('shows finance the records of the range with the totals of the whole report', async () => {
    const { api } = await open(['finance']);
    const table = await screen.findByTestId('report-table');
    const rows = within(table).getAllByTestId('report-row');
    expect(rows.map(cellsOf)).toEqual([
      ['11-02-2026', 'inv-1', 'Payment', 'Card', 'ch_1', '$529.20'],
      ['11-03-2026', 'inv-1', 'Refund', 'Card', 'return', '-$50.00'],
    ]);
    const totals = screen.getByTestId('report-totals');
    expect(within(totals).getByRole('rowheader').textContent).toBe('Totals');
    expect(cellsOf(totals)).toEqual(['', '', '', '', '$479.20']);
    expect(api.to('getPayments')[0]?.input).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      page: 1,
      limit: 50,
    });
    expect(await screen.findByTestId('weekly-chart')).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('asks for the books as of the instant chosen', async () => {
    const { api, user } = await open(['admin']);
    await screen.findByTestId('report-table');
    await user.type(screen.getByLabelText(/As of/), '2026-11-20T09:30');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    await waitFor(() =>
      expect(api.to('getPayments').at(-1)?.input).toMatchObject({ asOf: expect.any(String) }),
    );
    const asOf = (api.to('getPayments').at(-1)?.input as { asOf: string } | undefined)?.asOf ?? '';
    expect(new Date(asOf).getTime()).toBe(new Date('2026-11-20T09:30').getTime());
  });

  it('downloads the CSV as it streams, counting its rows, and saves it under the server’s name', async () => {
    const save = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => {
      fetched.push(path);
      return csvAnswer(['\uFEFFoccurred_at,amount_usd\n2026-11-02,529.20\n', '2026-11-03,-50.00\n']);
    });
    const { user } = await open(['finance']);
    await user.click(await screen.findByTestId('report-download'));
    await waitFor(() =>
      expect(screen.getByTestId('report-download-status').textContent).toBe('Downloaded 2 rows'),
    );
    expect(fetched).toEqual([reportCsvPath]);
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'getPayments_x.csv');
  });

  it('says Something went wrong! when the export fails', async () => {
    vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    const { user } = await open(['finance']);
    await user.click(await screen.findByTestId('report-download'));
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
  });

  it('shows a refused range on its end, by the error code', async () => {
    await open(['finance'], {
      getPayments: () => {
        throw new Failure('The range must start on or before its end', 400, { field: 'to' }, 'REPORT_RANGE');
      },
    });
    expect(await screen.findByText('The range must start on or before its end')).toBeTruthy();
    expect(screen.getByLabelText(/^To/).getAttribute('aria-invalid')).toBe('true');
  });

  it('tells a bidder the reports are for finance staff', async () => {
    await open([]);
    expect((await screen.findByTestId('staff-only')).textContent).toBe('Only finance staff can do this');
    expect(screen.queryByTestId('report-table')).toBeNull();
  });
});
