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
