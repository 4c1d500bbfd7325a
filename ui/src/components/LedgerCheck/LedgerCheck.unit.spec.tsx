import { cleanup, screen, within } from '@testing-library/react';
import type { LedgerCheck, Role } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const as = (roles: Role[], api: Api = {}) =>
  renderApp('/audit', {
    storedToken: 'tok-1',
    api: { validateUser: () => aUser({ roles, isAdmin: roles.includes('admin') }), ...api },
  });

const books = (over: Partial<LedgerCheck> = {}): LedgerCheck => ({
  transactions: 12,
  invoices: 9,
  held: [
    { provider: 'stripe', amount: 123_456 },
    { provider: 'paypal', amount: 5_000 },
  ],
  disagreements: [],
  ...over,
});

describe('/audit: the payment ledger (issue 35 §1)', () => {
  it('checks the books on asking, and says the ledger and the invoices agree with what each provider holds', async () => {
    const { api, user } = await as(['auditor'], { paymentLedgerCheck: () => books() });
    const card = (await screen.findByRole('heading', { name: 'Payment ledger' })).closest('section');
    expect(card).toBeTruthy();
    // Nothing is asked before the button.
    expect(api.to('paymentLedgerCheck')).toHaveLength(0);
    await user.click(within(card as HTMLElement).getByRole('button', { name: 'Check the books' }));
    const agree = await screen.findByTestId('ledger-agree');
    expect(agree.textContent).toContain('The ledger and the invoices agree');
    expect(api.to('paymentLedgerCheck')).toHaveLength(1);
    expect(screen.getByTestId('ledger-read').textContent).toBe(
      'Read from the log: transactions 12, invoices 9.',
    );
    const held = screen.getByTestId('ledger-held');
    expect(within(held).getByText('What each provider holds')).toBeTruthy();
    expect(
      within(held)
        .getAllByTestId('ledger-held-row')
        .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
    ).toEqual([
      ['stripe', '$1,234.56'],
      ['paypal', '$50.00'],
    ]);
    expect(screen.queryByTestId('ledger-disagree')).toBeNull();
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('lists each disagreement in words, with the amounts and links to the transaction and the invoice', async () => {
    const { user } = await as(['admin'], {
      paymentLedgerCheck: () =>
        books({
          held: [],
          disagreements: [
            {
              transactionId: 'tx-1',
              invoiceId: 'inv-1',
              problem: 'unknown_transaction',
              expected: 10_000,
              found: 0,
            },
            { transactionId: 'tx-2', invoiceId: 'inv-2', problem: 'not_charged', expected: 2_500, found: 0 },
            { transactionId: 'tx-3', invoiceId: 'inv-3', problem: 'share', expected: 7_000, found: 6_999 },
            { transactionId: 'tx-4', invoiceId: null, problem: 'charged', expected: 15_000, found: 15_050 },
            { transactionId: 'tx-5', invoiceId: 'inv-5', problem: 'refunded', expected: 1_000, found: 0 },
            {
              transactionId: 'tx-6',
              invoiceId: 'inv-6',
              problem: 'charged_back',
              expected: 3_000,
              found: -100,
            },
          ],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Check the books' }));
    const disagree = await screen.findByTestId('ledger-disagree');
    expect(within(disagree).getByRole('alert').textContent).toContain('The ledger and the invoices disagree');
    expect(within(disagree).getByRole('alert').textContent).toContain('Disagreements found: 6.');
    expect(screen.queryByTestId('ledger-agree')).toBeNull();
    expect(screen.getByTestId('ledger-held-none').textContent).toBe('No provider holds any money.');

    const rows = within(disagree).getAllByTestId('ledger-disagreement');
    expect(rows.map((r) => r.dataset.problem)).toEqual([
      'unknown_transaction',
      'not_charged',
      'share',
      'charged',
      'refunded',
      'charged_back',
    ]);
    const problemCells = rows.map((r) => r.querySelectorAll('td')[2]?.textContent);
    expect(problemCells).toEqual([
      'The invoice records a payment whose transaction does not exist',
      'The invoice records a payment whose transaction moved no money',
      'The invoice’s share is not the transaction’s share for it',
      'The transaction charged other than what its invoices recorded plus what went back',
      'The transaction’s refunds for the invoice are not the invoice’s refunds from it',
      'The transaction’s lost disputes are not the invoice’s charge-backs of it',
    ]);

    const share = rows[2] as HTMLElement;
    expect(within(share).getByRole('link', { name: 'tx-3' }).getAttribute('href')).toBe(
      '/audit/payment/tx-3',
    );
    expect(within(share).getByRole('link', { name: 'inv-3' }).getAttribute('href')).toBe(
      '/audit/invoice/inv-3',
    );
    const cells = [...share.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells.slice(3)).toEqual(['$70.00', '$69.99']);

    // Money given back before any invoice took it names no invoice.
    const charged = rows[3] as HTMLElement;
    expect(
      within(charged)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/audit/payment/tx-4']);
    expect(charged.textContent).toContain('No invoice');
    expect([...(rows[5] as HTMLElement).querySelectorAll('td')].map((c) => c.textContent).slice(3)).toEqual([
      '$30.00',
      '-$1.00',
    ]);
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('says what went wrong when the check fails', async () => {
    const { user } = await as(['auditor'], {
      paymentLedgerCheck: () => {
        throw new Failure('The books could not be read');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Check the books' }));
    expect((await screen.findByTestId('ledger-error')).textContent).toBe('The books could not be read');
  });

  it('lets finance check the books on the payments report, not on the audit page', async () => {
    await as(['finance'], { paymentLedgerCheck: () => books() });
    expect((await screen.findByTestId('auditors-only')).textContent).toBe('Only an auditor can do this');
    expect(screen.queryByRole('button', { name: 'Check the books' })).toBeNull();
    cleanup();
    const { api, user } = await renderApp('/reports/getPayments?from=2026-11-01&to=2026-11-30', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ roles: ['finance'] }),
        getPayments: () => ({
          records: [],
          totalRecords: 0,
          setDisp: 'Showing 0 of 0',
          totals: {},
          from: '2026-11-01',
          to: '2026-11-30',
          asOf: '2026-11-24T10:00:00.000Z',
        }),
        paymentLedgerCheck: () => books(),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Check the books' }));
    expect((await screen.findByTestId('ledger-agree')).textContent).toContain('agree');
    expect(api.to('paymentLedgerCheck')).toHaveLength(1);
  });

  it('shows no ledger to a role that may not check it', async () => {
    const { api } = await as(['support']);
    await screen.findByTestId('auditors-only');
    expect(screen.queryByRole('button', { name: 'Check the books' })).toBeNull();
    expect(api.to('paymentLedgerCheck')).toHaveLength(0);
  });
});
