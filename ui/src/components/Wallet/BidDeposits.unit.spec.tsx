import { screen, waitFor, within } from '@testing-library/react';
import type { OutputOf } from '@wine/contracts';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { withMessage } from '../../test-utils/fake-api.ts';
import { aCard, aUser } from '../../test-utils/fixtures.ts';

type Deposit = OutputOf<'deposits'>['records'][number];
const held: Deposit = {
  id: 'D-1',
  amount: 6_000,
  lot_id: null,
  status: 'held',
  invoice_id: null,
  applied: 0,
  created_at: '2030-01-10T12:00:00.000Z',
  decided_at: null,
};

const transactionsPage = (hosted: ('paytm' | 'cashfree')[] = []) => {
  let deposits: Deposit[] = [held];
  return renderApp('/transactions', {
    storedToken: 'tok-1',
    api: {
      paymentGateways: () => ({ paypal: false, hosted }),
      paytmMembershipPayment: () => ({
        status: 'requires_action' as const,
        invoice_ids: [],
        payment_id: 'G-1',
        url: '/api/paymentThird/paytm/page?to=https%3A%2F%2Fsecuregw-stage.paytm.in%2Fshow',
      }),
      validateUser: () => aUser(),
      alltransactions: () => ({ records: [], totalRecords: 0 }),
      getCards: () => ({ data: [aCard()], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 4_000 }),
      deposits: () => ({ records: deposits, totalRecords: deposits.length, setDisp: '', held: 6_000 }),
      allinvoices: () => ({
        records: [
          {
            id: 'A-7',
            kind: 'auction',
            status: 'unpaid',
            created_at: '2030-01-10T12:00:00.000Z',
            due_at: '2030-01-24T12:00:00.000Z',
            paid_at: null,
            title: '2010 Ch. Montrose',
            items: 1,
            total: 52_920,
            paid: 0,
            due: 52_920,
          },
        ],
        totalRecords: 1,
      }),
      addBidDeposit: () =>
        withMessage('Bid deposit of $25.00 held from your wallet', { deposit_id: 'D-2', balance: 1_500 }),
      applyDeposit: () => {
        deposits = [{ ...held, status: 'applied', invoice_id: 'A-7', applied: 6_000 }];
        return withMessage('$60.00 of your deposit paid invoice A-7', { status: 'partial' });
      },
    },
  });
};

describe('bid deposits in the wallet', () => {
  it('holds a deposit in cents, and applies a held one to an unpaid invoice', async () => {
    const { api, user } = await transactionsPage();
    await user.type(await screen.findByRole('textbox', { name: 'Deposit in US dollars' }), '25');
    await user.click(screen.getByRole('button', { name: 'Hold as deposit' }));
    await waitFor(() =>
      expect(api.to('addBidDeposit').map((r) => r.input)).toEqual([{ amount: 2_500, lot_id: null }]),
    );

    const row = await screen.findByTestId('deposit-row');
    await user.click(within(row).getByRole('combobox', { name: 'Apply deposit D-1 to an invoice' }));
    await user.click(await screen.findByRole('option', { name: 'A-7 ($529.20 due)' }));
    await user.click(within(row).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.to('applyDeposit').map((r) => r.input)).toEqual([{ deposit_id: 'D-1', invoice_id: 'A-7' }]),
    );
    expect(await screen.findByText('$60.00 paid invoice A-7')).toBeTruthy();
  });

  it('pays a deposit on a gateway the site takes (membership-payment): the amount in cents, one key, then the gateway’s page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { api, user } = await transactionsPage(['paytm']);
    const box = await screen.findByTestId('bid-deposits');
    expect(within(box).queryByTestId('deposit-on-cashfree')).toBeNull();
    await user.click(await within(box).findByRole('button', { name: 'Pay it on Paytm' }));
    // Nothing typed: refused in the browser, nothing sent.
    expect(api.to('paytmMembershipPayment')).toEqual([]);
    await user.type(within(box).getByLabelText('Deposit in US dollars'), '250');
    await user.click(within(box).getByRole('button', { name: 'Pay it on Paytm' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(expect.stringContaining('/api/paymentThird/paytm/page')),
    );
    expect(api.to('paytmMembershipPayment').map((r) => r.input)).toEqual([{ amount: 25_000 }]);
    const sent = (api.fetch as unknown as Mock).mock.calls.find(([path]) =>
      String(path).endsWith('/membership-payment'),
    );
    expect((sent?.[1] as RequestInit | undefined)?.headers).toHaveProperty('x-command-id');
    expect(api.to('addBidDeposit')).toEqual([]);
  });

  it('offers no gateway where the site takes none', async () => {
    await transactionsPage([]);
    const box = await screen.findByTestId('bid-deposits');
    await within(box).findByRole('button', { name: 'Hold as deposit' });
    expect(within(box).queryByRole('button', { name: /^Pay it on/ })).toBeNull();
  });
});

afterEach(() => vi.restoreAllMocks());
