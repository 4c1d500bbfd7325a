import { screen, waitFor, within } from '@testing-library/react';
import type { InputOf, InvoiceDetail, ReturnView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { anInvoice, aTransaction, aUser } from '../../test-utils/fixtures.ts';
import { aReturn } from '../../test-utils/returns.ts';
import { returnableQty } from './returnable.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const DAY = 24 * 3600_000;
const soon = new Date(Date.now() + 20 * DAY).toISOString();
const past = new Date(Date.now() - DAY).toISOString();

/** ann's paid buy-now invoice: 6 bottles of lot-1, returns open for 20 more days. */
const paid = (over: Partial<InvoiceDetail> = {}) =>
  anInvoice({
    kind: 'buynow',
    status: 'paid',
    paid_at: '2030-01-12T12:00:00.000Z',
    paid: 161_250,
    due: 0,
    return_until: soon,
    returnTransactions: [],
    ...over,
  });

const signedIn = (invoice: InvoiceDetail, api: Api = {}) =>
  renderApp(`/invoice/${invoice.id}`, {
    storedToken: 'tok-1',
    api: { validateUser: () => aUser(), invoice: () => invoice, ...api },
  });

describe('returns on /invoice/:id', () => {
  it('asks for a return of a paid line, then shows the request waiting instead of the button', async () => {
    const asked: InputOf<'raiseReturnRequest'>[] = [];
    const { api, user } = await signedIn(paid(), {
      allreturns: () => ({
        records: asked.map((input) => aReturn({ qty: input.qty ?? 6, reason: input.reason })),
        totalRecords: asked.length,
      }),
      raiseReturnRequest: (input) => {
        asked.push(input);
        return { return_id: 'r-1', status: 'requested', amount: 46_305 };
      },
    });
    const items = await screen.findByTestId('invoice-items');
    expect((await screen.findByTestId('return-until')).textContent).toMatch(/^Returns possible until /);
    await user.click(
      await within(items).findByRole('button', { name: 'Request a return: 2015 Château Margaux' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request a return: 2015 Château Margaux' });
    const qty = within(dialog).getByRole('textbox', { name: /Bottles to return/ });
    await user.clear(qty);
    await user.type(qty, '2');
    // Two of the line's bottles: their share of what was paid (the rule of contracts' returnAmount).
    expect(within(dialog).getByTestId('return-amount').textContent).toMatch(
      /^Refund for 2 of \d+ bottles: \$/,
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Corked');
    await user.click(within(dialog).getByRole('button', { name: 'Request the return' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(asked).toEqual([{ invoice_id: 'inv-1', product_id: 'lot-1', qty: 2, reason: 'Corked' }]);
    expect(await screen.findByText('Return requested')).toBeTruthy();
    const row = await within(screen.getByTestId('invoice-returns')).findByTestId('return-row');
    expect(within(row).getByTestId('return-status').textContent).toBe('Waiting for a decision');
    expect(within(items).queryByTestId('request-return')).toBeNull();
    expect(api.to('allreturns')[0]?.input).toEqual({ invoice_id: 'inv-1', page: 1, limit: 100 });
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('offers no return on an unpaid invoice, nor once the return window has closed', async () => {
    await signedIn(anInvoice({ return_until: null }), {
      allreturns: () => ({ records: [], totalRecords: 0 }),
    });
    await screen.findByTestId('invoice-items');
    expect(screen.queryByTestId('request-return')).toBeNull();
    expect(screen.queryByTestId('return-until')).toBeNull();
  });

  it('reads Partly refunded instead of Paid, with what was returned: the line, bottles, amount and refund', async () => {
    await signedIn(
      paid({
        return_until: past,
        returned: 46_305,
        return_status: 'partly_returned',
        returnTransactions: [aTransaction({ id: 'tx-r', type: 'refund', amount: 46_305 })],
      }),
      {
        allreturns: () => ({
          records: [
            aReturn({
              status: 'refunded',
              refund_to: 'card',
              refunded_at: '2030-01-16T12:00:00.000Z',
              good: 2,
              damaged: 0,
              refunded_amount: 46_305,
              refunded_card: 46_305,
            }),
          ],
          totalRecords: 1,
        }),
      },
    );
    expect((await screen.findByTestId('invoice-return-status')).textContent).toBe('Partly refunded');
    expect(screen.queryByTestId('invoice-status')).toBeNull();
    const block = screen.getByTestId('invoice-returns');
    expect((await within(block).findByTestId('return-status')).textContent).toBe('Refunded');
    const row = within(block).getByTestId('return-row');
    expect(within(row).getByText('2015 Château Margaux')).toBeTruthy();
    expect(within(row).getByText('Good: 2, damaged: 0')).toBeTruthy();
    expect(within(row).getByTestId('return-refunded').textContent).toBe('$463.05 refunded · To the card');
    expect(within(block).getByTestId('returned-amount').textContent).toBe(
      'Partly refunded · Refunded for returns: $463.05',
    );
    expect(within(block).getByTestId('return-until').textContent).toMatch(
      /^The time to return these wines ended on /,
    );
    expect(within(screen.getByTestId('return-transactions')).getByText('Refund')).toBeTruthy();
    expect(screen.queryByTestId('request-return')).toBeNull();
  });

  it('reads Refunded once every cent paid went back, and Paid before any refund', async () => {
    await signedIn(paid({ returned: 161_250, return_status: 'returned' }), {
      allreturns: () => ({ records: [], totalRecords: 0 }),
    });
    expect((await screen.findByTestId('invoice-return-status')).textContent).toBe('Refunded');
    expect(screen.queryByTestId('invoice-status')).toBeNull();
  });

  it('reads Paid while nothing was refunded', async () => {
    await signedIn(paid(), { allreturns: () => ({ records: [], totalRecords: 0 }) });
    expect((await screen.findByTestId('invoice-status')).textContent).toBe('Paid');
    expect(screen.queryByTestId('invoice-return-status')).toBeNull();
  });
});

describe('returnableQty', () => {
  const line = { product_id: 'lot-1', qty: 6 };
  const open = { status: 'paid' as const, return_until: '2030-02-11T12:00:00.000Z' };
  const now = Date.parse('2030-02-01T12:00:00.000Z');
  const of = (...returns: Partial<ReturnView>[]) => returns.map((r) => aReturn(r));

  it('is what was not returned yet, nothing while a return waits, nothing after the window', () => {
    expect(returnableQty(open, line, [], now)).toBe(6);
    expect(
      returnableQty(open, line, of({ qty: 2, status: 'refunded' }, { qty: 5, status: 'refused' }), now),
    ).toBe(4);
    expect(returnableQty(open, line, of({ qty: 2, status: 'requested' }), now)).toBe(0);
    expect(returnableQty(open, line, of({ qty: 2, status: 'accepted' }), now)).toBe(0);
    expect(returnableQty(open, line, of({ qty: 2, status: 'received' }), now)).toBe(0);
    expect(returnableQty(open, line, of({ qty: 2, status: 'refunding' }), now)).toBe(0);
    expect(returnableQty(open, line, [], Date.parse('2030-02-11T12:00:00.001Z'))).toBe(0);
    expect(returnableQty({ ...open, status: 'partial' }, line, [], now)).toBe(0);
  });
});
