import { screen, waitFor, within } from '@testing-library/react';
import type { InputOf, OutputOf, Role } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aGiftCard, aStaffInvoice, aUser } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const staff = (roles: Role[], api: Api = {}, path = '/admin/money') =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ roles, isAdmin: roles.includes('admin') }),
      giftCards: () => ({ records: [aGiftCard()], totalRecords: 1, outstanding: 5_000 }),
      staffDeposits: () => ({ records: [], totalRecords: 0 }),
      ...api,
    },
  });

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/admin/money: invoices to pay', () => {
  it('lists every buyer’s unpaid invoices and records a payment in cents', async () => {
    const payments: InputOf<'recordOfflinePayment'>[] = [];
    const { api, user, router } = await staff(['finance'], {
      staffInvoices: ({ status }) => ({
        records:
          status === 'paid'
            ? [aStaffInvoice({ id: 'inv-3', status: 'paid', paid: 161_250, due: 0 })]
            : [
                aStaffInvoice({ id: 'inv-1' }),
                aStaffInvoice({
                  id: 'inv-9',
                  status: payments.length > 0 ? 'paid' : 'partial',
                  buyer_name: 'Grace Hopper',
                  buyer_email: 'grace@example.com',
                  paid: 50_000,
                  due: 111_250,
                }),
              ],
        totalRecords: status === 'paid' ? 1 : 2,
      }),
      recordOfflinePayment: (input) => {
        payments.push(input);
        return { status: 'paid' };
      },
    });
    const table = await screen.findByTestId('staff-invoices');
    const rows = within(table).getAllByTestId('staff-invoice-row');
    expect(rows.map((r) => r.dataset.invoiceId)).toEqual(['inv-1', 'inv-9']);
    expect(cellsOf(rows[1] as HTMLElement)).toEqual([
      'inv-9',
      'Grace Hoppergrace@example.com',
      '01-10-2030',
      '$1,612.50',
      '$500.00',
      '$1,112.50',
      'Partly paid',
      // Issue 38 §2: Manage opens the invoice's admin fee, lines' statuses and certificates.
      'Record paymentManage',
    ]);
    // The invoice page is the buyer's own: staff get the id, not a link to it.
    expect(within(table).queryByRole('link')).toBeNull();
    expect(api.to('staffInvoices')[0]?.input).toEqual({ status: 'unpaid', page: 1, limit: 20 });
    // Finance lists the gift cards but does not issue them.
    expect(await screen.findByTestId('giftcards-outstanding')).toBeTruthy();
    expect(screen.queryByTestId('issue-giftcards')).toBeNull();
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(within(rows[1] as HTMLElement).getByTestId('record-payment'));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment for invoice inv-9' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ });
    expect((amount as HTMLInputElement).value).toBe('1112.50');
    await user.clear(amount);
    await user.type(amount, '1,000.05');
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'WIRE-778');
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payments).toEqual([{ invoice_id: 'inv-9', amount: 100_005, reference: 'WIRE-778' }]);
    // The list loads again: inv-9 is paid now and has no 'Record payment' any more.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('staff-invoices'))
          .getAllByTestId('record-payment')
          .map((b) => b.closest('tr')?.dataset.invoiceId),
      ).toEqual(['inv-1']),
    );

    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'paid' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('staff-invoice-row').map((r) => r.dataset.invoiceId)).toEqual(['inv-3']),
    );
    expect(api.to('staffInvoices').at(-1)?.input).toEqual({ status: 'paid', page: 1, limit: 20 });
    expect(screen.queryByTestId('record-payment')).toBeNull();
  });

  it('checks the amount typed before recording anything', async () => {
    const { api, user } = await staff(['admin'], {
      staffInvoices: () => ({ records: [aStaffInvoice()], totalRecords: 1 }),
      recordOfflinePayment: () => ({ status: 'paid' }),
    });
    await user.click(await screen.findByTestId('record-payment'));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ });
    await user.clear(amount);
    await user.type(amount, 'a lot');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, like 250')).toBeTruthy();
    expect(within(dialog).getByText('Required!')).toBeTruthy();
    expect(api.to('recordOfflinePayment')).toHaveLength(0);
  });
});

describe('/admin/money: gift cards', () => {
  it('issues cards in cents and shows their codes once, never in the list', async () => {
    let issued: OutputOf<'issueGiftCards'>['cards'] = [];
    const { api, user } = await staff(['admin'], {
      staffInvoices: () => ({ records: [], totalRecords: 0 }),
      issueGiftCards: ({ amount, count }) => {
        issued = Array.from({ length: count }, (_, i) => ({
          id: `gc-${i + 2}`,
          code: `WINE-7KQ2-M9XD-00${i + 2}`,
          last4: `00${i + 2}`.padStart(4, 'X'),
          amount,
        }));
        return { cards: issued };
      },
      giftCards: () => ({
        records: [
          aGiftCard({
            redeemed_by: 'u-7f3a9c',
            redeemed_by_name: 'Ada Lovelace',
            redeemed_at: '2030-01-06T12:00:00.000Z',
          }),
          ...issued.map(({ id, last4, amount }) => aGiftCard({ id, last4, amount })),
        ],
        totalRecords: 1 + issued.length,
        outstanding: 5_000 + issued.reduce((sum, card) => sum + card.amount, 0),
      }),
    });
    const form = await screen.findByTestId('issue-giftcards');
    expect((await screen.findByTestId('giftcards-outstanding')).textContent).toBe('$50.00');
    await user.type(within(form).getByRole('textbox', { name: /Amount of each card/ }), '25');
    const count = within(form).getByRole('textbox', { name: /Number of cards/ });
    await user.clear(count);
    await user.type(count, '2');
    await user.click(within(form).getByRole('button', { name: 'Issue' }));

    const box = await screen.findByTestId('issued-codes');
    expect(api.to('issueGiftCards').map((r) => r.input)).toEqual([{ amount: 2_500, count: 2 }]);
    expect(within(box).getByText('Copy these codes now: they are not shown again')).toBeTruthy();
    expect(
      within(box)
        .getAllByTestId('issued-code')
        .map((c) => c.textContent),
    ).toEqual(['WINE-7KQ2-M9XD-002 $25.00', 'WINE-7KQ2-M9XD-003 $25.00']);
    await user.click(within(box).getByRole('button', { name: 'Copy the codes' }));
    expect(await navigator.clipboard.readText()).toBe('WINE-7KQ2-M9XD-002\nWINE-7KQ2-M9XD-003');
    expect(within(box).getByRole('button', { name: 'Copied' })).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));

    // The list loads again with the new cards: their last 4 only.
    await waitFor(() => expect(screen.getByTestId('giftcards-outstanding').textContent).toBe('$100.00'));
    const list = screen.getByTestId('giftcards');
    expect(within(list).getAllByTestId('giftcard-row')).toHaveLength(3);
    expect(within(list).getByText('•••• X003')).toBeTruthy();
    // Issue 31: who redeemed a card, by name, never the raw id.
    expect(within(list).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(list).queryByText('u-7f3a9c')).toBeNull();
    expect(within(list).queryByText(/WINE-/)).toBeNull();

    await user.click(within(box).getByRole('button', { name: 'I have copied them' }));
    expect(screen.queryByTestId('issued-codes')).toBeNull();
    expect(screen.queryByText(/WINE-7KQ2/)).toBeNull();
    expect(api.to('issueGiftCards')).toHaveLength(1);
  });
});

describe('/admin/money for anyone else', () => {
  // Support opens the staff area (operations), not this page.
  it('says only finance staff can do this and asks the server nothing', async () => {
    const { api } = await staff(['seller', 'support'], {
      staffInvoices: () => ({ records: [aStaffInvoice()], totalRecords: 1 }),
    });
    expect((await screen.findByTestId('staff-only')).textContent).toBe('Only finance staff can do this');
    expect(screen.queryByTestId('staff-invoices')).toBeNull();
    expect(api.to('staffInvoices')).toHaveLength(0);
    expect(api.to('giftCards')).toHaveLength(0);
  });
});

describe('/admin/money: bid deposits (issue 34)', () => {
  it('lists the deposits held and releases one after asking', async () => {
    let released = false;
    const { api, user } = await staff(['finance'], {
      staffInvoices: () => ({ records: [], totalRecords: 0 }),
      staffDeposits: () => ({
        records: released
          ? []
          : [
              {
                id: 'dep-1',
                user_id: 'grace',
                buyer_name: 'Grace Hopper',
                amount: 50_000,
                lot_id: 'lot-7',
                created_at: '2026-11-28T15:00:00.000Z',
              },
            ],
        totalRecords: released ? 0 : 1,
      }),
      releaseDeposit: () => {
        released = true;
        return null;
      },
    });
    const row = await screen.findByTestId('staff-deposit');
    expect(row.textContent).toContain('Grace Hopper · $500.00');
    expect(row.textContent).toContain('For lot lot-7');
    await user.click(within(row).getByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release $500.00 to Grace Hopper?' });
    expect(api.to('releaseDeposit')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() =>
      expect(api.to('releaseDeposit')[0]?.input).toEqual({ deposit_id: 'dep-1', user_id: 'grace' }),
    );
    expect(await screen.findByText('No bid deposit is held.')).toBeTruthy();
  });
});
