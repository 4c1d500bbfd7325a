import { screen, waitFor, within } from '@testing-library/react';
import type { InputOf, Role, StaffReturn } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { aStaffReturn } from '../../test-utils/returns.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];
type Decision = InputOf<'decideReturn'>;

const staff = (roles: Role[], api: Api = {}, path = '/admin/returns') =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: { validateUser: () => aUser({ roles, isAdmin: roles.includes('admin') }), ...api },
  });

/** Two open returns: ann's paid by card, bob's from his wallet (no card can take it back). */
function returnsDesk() {
  const decisions: Decision[] = [];
  const open: StaffReturn[] = [
    aStaffReturn(),
    aStaffReturn({
      id: 'r-2',
      invoice_id: 'inv-2',
      buyer_name: 'Bob Wallet',
      buyer_email: 'bob@example.com',
      amount: 5_513,
      qty: 1,
      card_refundable: false,
      default_to: 'wallet',
    }),
  ];
  const api: Api = {
    staffReturns: ({ status }) => {
      const left = open.filter((r) => !decisions.some((d) => d.return_id === r.id));
      return status === 'decided'
        ? { records: [], totalRecords: 0 }
        : { records: left, totalRecords: left.length };
    },
    decideReturn: (input) => {
      decisions.push(input);
      const record = open.find((r) => r.id === input.return_id) as StaffReturn;
      const rest = { amount: record.amount, refunded: null, refunded_card: 0, refunded_wallet: 0 };
      return input.decision === 'refuse'
        ? { return_id: record.id, status: 'refused', refund_to: null, ...rest }
        : { return_id: record.id, status: 'accepted', refund_to: input.to ?? 'card', ...rest };
    },
  };
  return { api, decisions };
}

const rowOf = (id: string) =>
  screen.getAllByTestId('staff-return-row').find((row) => row.dataset.returnId === id) as HTMLElement;

describe('/admin/returns', () => {
  it('accepts a return, refunding to the wallet when the card cannot take it', async () => {
    const desk = returnsDesk();
    const { user, api } = await staff(['finance'], desk.api);
    await screen.findByTestId('staff-returns');
    expect(screen.getAllByTestId('staff-return-row').map((r) => r.dataset.returnId)).toEqual(['r-1', 'r-2']);
    expect(within(rowOf('r-2')).getByText('Bob Wallet')).toBeTruthy();
    expect(api.to('staffReturns')[0]?.input).toEqual({ status: 'open', page: 1, limit: 20 });
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(within(rowOf('r-2')).getByTestId('accept-return'));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the return of 2015 Château Margaux' });
    expect(within(dialog).getByTestId('decision-summary').textContent).toBe(
      'Refund of $55.13 for 1 × 2015 Château Margaux',
    );
    const card = within(dialog).getByRole('radio', { name: /The way it was paid/ }) as HTMLInputElement;
    const wallet = within(dialog).getByRole('radio', {
      name: 'All to the buyer’s wallet',
    }) as HTMLInputElement;
    expect(card.disabled).toBe(true);
    expect(wallet.checked).toBe(true);
    expect(
      within(dialog).getByText('No card payment of this invoice can take this refund back.'),
    ).toBeTruthy();
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Accept the return' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(desk.decisions).toEqual([
      { invoice_id: 'inv-2', return_id: 'r-2', decision: 'accept', to: 'wallet', note: '' },
    ]);
    await waitFor(() =>
      expect(screen.getAllByTestId('staff-return-row').map((r) => r.dataset.returnId)).toEqual(['r-1']),
    );
  });

  it('accepts to the card it was paid with by default, or to the wallet when chosen', async () => {
    const desk = returnsDesk();
    const { user } = await staff(['admin'], desk.api);
    await screen.findByTestId('staff-returns');
    await user.click(within(rowOf('r-1')).getByTestId('accept-return'));
    const dialog = await screen.findByRole('dialog');
    expect(
      (within(dialog).getByRole('radio', { name: /The way it was paid/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'All to the buyer’s wallet' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Note to the buyer/ }),
      'Store credit, as agreed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept the return' }));
    await waitFor(() => expect(desk.decisions).toHaveLength(1));
    expect(desk.decisions[0]).toEqual({
      invoice_id: 'inv-1',
      return_id: 'r-1',
      decision: 'accept',
      to: 'wallet',
      note: 'Store credit, as agreed',
    });
  });

  it('refuses only with a note for the buyer', async () => {
    const desk = returnsDesk();
    const { user } = await staff(['finance'], desk.api);
    await screen.findByTestId('staff-returns');
    await user.click(within(rowOf('r-1')).getByTestId('refuse-return'));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the return of 2015 Château Margaux' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the return' }));
    expect(await within(dialog).findByText('Say why the return is refused')).toBeTruthy();
    expect(desk.decisions).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Note to the buyer/ }),
      'The capsule was cut',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the return' }));
    await waitFor(() => expect(desk.decisions).toHaveLength(1));
    expect(desk.decisions[0]).toEqual({
      invoice_id: 'inv-1',
      return_id: 'r-1',
      decision: 'refuse',
      to: null,
      note: 'The capsule was cut',
    });
    expect(await screen.findByText('Return refused')).toBeTruthy();
  });

  it('keeps a refusal of the server (already decided) in the dialog', async () => {
    const desk = returnsDesk();
    const { user } = await staff(['finance'], {
      ...desk.api,
      decideReturn: () => {
        throw new Failure('This return was already decided', 409, { field: 'return_id' }, 'RETURN_DECIDED');
      },
    });
    await screen.findByTestId('staff-returns');
    await user.click(within(rowOf('r-1')).getByTestId('accept-return'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Accept the return' }));
    expect((await within(dialog).findByTestId('dialog-failure')).textContent).toBe(
      'This return was already decided',
    );
  });

  it('tells anyone but finance and admins that it is not theirs, asking the server nothing', async () => {
    const desk = returnsDesk();
    // An auditor opens the staff area (the audit), not this page.
    const { api } = await staff(['seller', 'auditor'], desk.api);
    expect((await screen.findByTestId('staff-only')).textContent).toBe(
      'Only finance and admins decide returns.',
    );
    expect(api.to('staffReturns')).toHaveLength(0);
  });
});

describe('/admin/returns after a return is accepted (issue 31)', () => {
  /** ann's return of 2 of her bottles ($463.05), accepted: the wine comes back, then the refund. */
  function desk(status: StaffReturn['status']) {
    const receipts: InputOf<'receiveReturn'>[] = [];
    const refunds: InputOf<'refundReturn'>[] = [];
    let record = aStaffReturn({ status, refund_to: 'card' });
    const api: Api = {
      staffReturns: () => ({ records: [record], totalRecords: 1 }),
      receiveReturn: (input) => {
        receipts.push(input);
        record = { ...record, status: 'received', good: input.good, damaged: input.damaged };
        const rest = { amount: record.amount, refunded: null, refunded_card: 0, refunded_wallet: 0 };
        return { return_id: record.id, status: 'received', refund_to: 'card', ...rest };
      },
      refundReturn: (input) => {
        refunds.push(input);
        const amount = input.amount ?? record.amount;
        record = { ...record, status: 'refunded', refunded_amount: amount, refunded_card: amount };
        return {
          return_id: record.id,
          status: 'refunded',
          amount: record.amount,
          refund_to: 'card',
          refunded: amount,
          refunded_card: amount,
          refunded_wallet: 0,
        };
      },
    };
    return { api, receipts, refunds };
  }

  it('marks the wine received with its condition: good and damaged add up to the bottles returned', async () => {
    const { api, receipts } = desk('accepted');
    const { user } = await staff(['finance'], api);
    await screen.findByTestId('staff-returns');
    expect(within(rowOf('r-1')).getByTestId('return-status').textContent).toBe(
      'Accepted, waiting for the wine',
    );
    await user.click(within(rowOf('r-1')).getByTestId('receive-return'));
    const dialog = await screen.findByRole('dialog', { name: 'Wine received: 2015 Château Margaux' });
    const good = within(dialog).getByRole('textbox', { name: /Good bottles/ });
    const damaged = within(dialog).getByRole('textbox', { name: /Damaged bottles/ });
    expect([(good as HTMLInputElement).value, (damaged as HTMLInputElement).value]).toEqual(['2', '0']);
    await user.clear(damaged);
    await user.type(damaged, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect(await within(dialog).findByText('Good and damaged must add up to 2')).toBeTruthy();
    expect(receipts).toEqual([]);
    await user.clear(good);
    await user.type(good, '1');
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(receipts).toHaveLength(1));
    expect(receipts[0]).toEqual({ invoice_id: 'inv-1', return_id: 'r-1', good: 1, damaged: 1, note: '' });
    expect(await within(rowOf('r-1')).findByText('Good: 1, damaged: 1')).toBeTruthy();
  });

  it('refunds all the return brings by default, or less only with a reason, never more', async () => {
    const { api, refunds } = desk('received');
    const { user } = await staff(['admin'], api);
    await screen.findByTestId('staff-returns');
    await user.click(within(rowOf('r-1')).getByTestId('refund-return'));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the return of 2015 Château Margaux' });
    expect(within(dialog).getByTestId('refund-summary').textContent).toBe(
      'The return brings $463.05; at most $463.05 can be given back.',
    );
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ }) as HTMLInputElement;
    expect(amount.value).toBe('463.05');
    await user.clear(amount);
    await user.type(amount, '463.06');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Between $0.01 and $463.05')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Say why the refund is less')).toBeTruthy();
    expect(refunds).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Why less/ }), 'Label torn');
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refunds).toHaveLength(1));
    expect(refunds[0]).toEqual({
      invoice_id: 'inv-1',
      return_id: 'r-1',
      amount: 40_000,
      reason: 'Label torn',
    });
    expect(await within(rowOf('r-1')).findByTestId('return-refunded')).toBeTruthy();
    expect(within(rowOf('r-1')).getByTestId('return-refunded').textContent).toBe(
      '$400.00 refunded · To the card',
    );
  });

  it('links each return to its invoice, which staff can open', async () => {
    const { api } = desk('received');
    await staff(['finance'], api);
    await screen.findByTestId('staff-returns');
    expect(within(rowOf('r-1')).getByRole('link', { name: 'inv-1' }).getAttribute('href')).toBe(
      '/invoice/inv-1',
    );
  });
});
