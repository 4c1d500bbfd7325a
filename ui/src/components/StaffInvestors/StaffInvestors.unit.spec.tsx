import { screen, waitFor, within } from '@testing-library/react';
import type { StaffInvestmentOrder } from '@wine/contracts';
import { describe, expect, it, type Mock } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { Failure, withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { StaffInvestors } from './StaffInvestors.tsx';

const order = (
  trade_id: string,
  user_id: string,
  name: string,
  status: StaffInvestmentOrder['status'],
): StaffInvestmentOrder => ({
  user_id,
  name,
  trade_id,
  offering_id: '55591',
  units: 4,
  amount: 4_000,
  status,
  at: '2026-11-29T10:00:00.000Z',
  payment: null,
});

/** The orders behind the fake API: a step moves one, as the command service does, never the admin's own. */
function ordersRegister(me: string, start: StaffInvestmentOrder[]) {
  let orders = start;
  return {
    adminInvestors: () => ({ records: [], totalRecords: 0 }),
    adminInvestmentOrders: () => ({ records: orders, totalRecords: orders.length }),
    getStAssetTotal: () => {
      const sum = (status: string) =>
        orders.filter((o) => o.status === status).reduce((s, o) => s + o.amount, 0);
      return {
        records: [
          {
            offering_id: '55591',
            investors: new Set(orders.map((o) => o.user_id)).size,
            orders: orders.filter((o) => o.status !== 'canceled').length,
            created: sum('created'),
            funded: sum('funded'),
            settled: sum('settled'),
            settled_units: orders.filter((o) => o.status === 'settled').reduce((u, o) => u + o.units, 0),
          },
        ],
        totalRecords: 1,
      };
    },
    updateSettlement: (input: { user_id: string; trade_id: string; status: 'funded' | 'settled' }) => {
      if (input.user_id === me)
        throw new Failure('Not on a money record of your own', 403, null, 'OWN_MONEY_RECORD');
      orders = orders.map((o) => (o.trade_id === input.trade_id ? { ...o, status: input.status } : o));
      const word = input.status === 'funded' ? 'funded' : 'settled';
      return withMessage(`Order ${input.trade_id} is ${word}`, {
        trade_id: input.trade_id,
        status: input.status,
      });
    },
  };
}

describe('/admin/investors (issue 35 §3)', () => {
  it("lists each investor's owners with their identity checks, accreditation, bank and orders", async () => {
    const { container } = await renderWithApi(<StaffInvestors />, {
      signedInAs: aUser({ roles: ['admin'] }),
      api: {
        adminInvestors: () => ({
          records: [
            {
              user_id: 'u-1',
              kind: 'entity',
              name: 'Cellar Family Trust',
              owners: [
                { name: 'Ada Owner', kyc: 'approved' },
                { name: 'Dee Disapprove', kyc: 'disapproved' },
              ],
              accreditation: 'accredited',
              bank_last4: '6789',
              orders: 2,
              ordered: 5_000,
              onboarded_at: '2026-11-29T10:00:00.000Z',
            },
          ],
          totalRecords: 1,
        }),
        adminInvestmentOrders: () => ({ records: [], totalRecords: 0 }),
        getStAssetTotal: () => ({ records: [], totalRecords: 0 }),
      },
    });
    const row = await screen.findByTestId('investor');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Cellar Family Trust',
      'Entity',
      'Ada Owner: approvedDee Disapprove: disapproved',
      'Accredited',
      '•••• 6789',
      '2 for $50.00',
    ]);
    expect(within(row).getByRole('link', { name: 'Cellar Family Trust' }).getAttribute('href')).toBe(
      '/admin/users/u-1',
    );
    await expectNoAxeViolations(container);
  });

  it("shows each offering's total, and marks an order funded then settled once confirmed, never staff's own", async () => {
    const admin = aUser({ id: 'admin-1', roles: ['admin'] });
    const register = ordersRegister('admin-1', [
      order('T-2', 'admin-1', 'Ada Admin', 'created'),
      {
        ...order('T-1', 'u-1', 'Ivy Investor', 'created'),
        payment: {
          method: 'ach',
          amount: 4_000,
          reference: 'R-T-1',
          fund_status: 'Pending',
          paid_at: '2026-11-29T10:05:00.000Z',
        },
      },
      order('T-0', 'u-1', 'Ivy Investor', 'canceled'),
    ]);
    const { user, api, alerts, container } = await renderWithApi(<StaffInvestors />, {
      signedInAs: admin,
      api: register,
    });
    const total = await screen.findByTestId('offering-total');
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['55591', '2', '2', '$80.00', '$0.00', '$0.00', '0']);
    const rows = await screen.findAllByTestId('investment-order');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['created', 'created', 'canceled']);
    // What to check before marking an order funded: whether, how and under which reference it was paid.
    expect(rows.map((row) => within(row).getByTestId('investment-order-payment').textContent)).toEqual([
      'Not paid yet',
      '$40.00 by bank transfer (ACH) · R-T-1 · Pending',
      'Not paid yet',
    ]);
    // The admin's own order has no button; a cancelled one has no next step.
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[0] as HTMLElement).getByTestId('investment-order-own')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);

    await user.click(
      within(rows[1] as HTMLElement).getByRole('button', {
        name: 'Mark funded',
        description: 'Mark order T-1 funded',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Order T-1 of Ivy Investor \(\$40\.00\)/)).toBeTruthy();
    await user.click(within(dialog).getByTestId('settlement-confirm'));
    await waitFor(() =>
      expect(screen.getAllByTestId('investment-order')[1]?.getAttribute('data-status')).toBe('funded'),
    );
    expect(alerts()).toContainEqual({ msg: 'Order T-1 is funded', type: 'success' });
    await waitFor(() =>
      expect(within(screen.getByTestId('offering-total')).getAllByRole('cell')[4]?.textContent).toBe(
        '$40.00',
      ),
    );

    const funded = screen.getAllByTestId('investment-order')[1] as HTMLElement;
    await user.click(
      within(funded).getByRole('button', { name: 'Mark settled', description: 'Mark order T-1 settled' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByTestId('settlement-confirm'));
    await waitFor(() =>
      expect(screen.getAllByTestId('investment-order')[1]?.getAttribute('data-status')).toBe('settled'),
    );
    expect(api.to('updateSettlement').map((r) => r.input)).toEqual([
      { user_id: 'u-1', trade_id: 'T-1', status: 'funded' },
      { user_id: 'u-1', trade_id: 'T-1', status: 'settled' },
    ]);
    const keys = (api.fetch as unknown as Mock).mock.calls
      .filter(([path]) => String(path).endsWith('/updateSettlement'))
      .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['x-command-id']);
    expect(new Set(keys).size).toBe(2);
  });

  it('opens to finance with the totals and the orders to settle, not the investors’ profiles (admins’)', async () => {
    const register = ordersRegister('fin-1', [order('T-1', 'u-1', 'Ivy Investor', 'created')]);
    const { api, container } = await renderWithApi(<StaffInvestors />, {
      signedInAs: aUser({ id: 'fin-1', roles: ['finance'] }),
      api: register,
    });
    const row = await screen.findByTestId('investment-order');
    expect(within(row).getByRole('button', { name: 'Mark funded' })).toBeTruthy();
    expect(await screen.findByTestId('offering-total')).toBeTruthy();
    expect(screen.queryByTestId('investors')).toBeNull();
    expect(screen.queryByTestId('investors-empty')).toBeNull();
    expect(api.to('adminInvestors')).toEqual([]);
    await expectNoAxeViolations(container);
  });
});
