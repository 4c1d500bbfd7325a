import { screen, within } from '@testing-library/react';
import type { OutputOf } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { aUser } from './test-utils/fixtures.ts';

type Order = OutputOf<'salesOrders'>['records'][number];
const anOrder = (overrides: Partial<Order> = {}): Order => ({
  invoice_id: 'B-1',
  product_id: 'lot-9',
  title: '2016 Sassicaia',
  qty: 2,
  amount: 16_000,
  kind: 'buynow',
  status: 'paid',
  created_at: '2030-01-10T12:00:00.000Z',
  paid_at: '2030-01-10T12:05:00.000Z',
  buyer: 'Gus',
  ...overrides,
});

describe('/salesorder/all', () => {
  it('lists a seller\u2019s lots on buyers\u2019 invoices, and the menu leads there for sellers only', async () => {
    const { api, user } = await renderApp('/salesorder/all', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ roles: ['seller'] }),
        salesOrders: () => ({
          records: [anOrder(), anOrder({ invoice_id: 'A-2', status: 'unpaid', kind: 'auction' })],
          totalRecords: 2,
        }),
      },
    });
    const rows = await screen.findAllByTestId('sales-order');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('$160.00')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: '2016 Sassicaia' })
        .getAttribute('href'),
    ).toBe('/productview/lot-9');
    expect(within(rows[1] as HTMLElement).getByText('Unpaid')).toBeTruthy();
    expect(api.to('salesOrders')[0]?.input).toEqual({ page: 1, limit: 20 });
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    expect(await screen.findByRole('menuitem', { name: 'Sales orders' })).toBeTruthy();
  });

  it('shows no sales orders entry to a buyer who is not a seller', async () => {
    const { user } = await renderApp('/transactions', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        alltransactions: () => ({ records: [], totalRecords: 0 }),
        getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
        getCards: () => ({ data: [], has_more: false }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    expect(await screen.findByRole('menuitem', { name: 'Transactions' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Sales orders' })).toBeNull();
  });
});
