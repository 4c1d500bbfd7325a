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
      return input.decision === 'refuse'
        ? { return_id: record.id, status: 'refused', amount: record.amount, refund_to: null }
        : { return_id: record.id, status: 'refunded', amount: record.amount, refund_to: input.to ?? 'card' };
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
    const card = within(dialog).getByRole('radio', { name: /The card it was paid with/ }) as HTMLInputElement;
    const wallet = within(dialog).getByRole('radio', { name: 'The buyer’s wallet' }) as HTMLInputElement;
    expect(card.disabled).toBe(true);
    expect(wallet.checked).toBe(true);
    expect(
      within(dialog).getByText('No card payment of this invoice can take this refund back.'),
    ).toBeTruthy();
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Accept and refund' }));

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
      (within(dialog).getByRole('radio', { name: /The card it was paid with/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'The buyer’s wallet' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Note to the buyer/ }),
      'Store credit, as agreed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept and refund' }));
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
    await user.click(within(dialog).getByRole('button', { name: 'Accept and refund' }));
    expect((await within(dialog).findByTestId('dialog-failure')).textContent).toBe(
      'This return was already decided',
    );
  });

  it('tells anyone but finance and admins that it is not theirs, asking the server nothing', async () => {
    const desk = returnsDesk();
    const { api } = await staff(['seller'], desk.api);
    expect((await screen.findByTestId('staff-only')).textContent).toBe(
      'Only finance and admins decide returns.',
    );
    expect(api.to('staffReturns')).toHaveLength(0);
  });
});

describe('the account menu', () => {
  it.each([
    [[] as Role[], false],
    [['seller'] as Role[], false],
    [['finance'] as Role[], true],
    [['admin'] as Role[], true],
  ])('with roles %j offers the returns pages (the staff one: %s)', async (roles, staffLink) => {
    const { user } = await staff(roles, {}, '/');
    const [menu] = await screen.findAllByTestId('account-menu');
    await user.click(menu as HTMLElement);
    const items = await screen.findAllByRole('menuitem');
    const link = (text: string) =>
      items.find((item) => item.textContent === text)?.getAttribute('href') ?? null;
    expect(link('Returns')).toBe('/returns');
    expect(link('Return requests')).toBe(staffLink ? '/admin/returns' : null);
  });
});
