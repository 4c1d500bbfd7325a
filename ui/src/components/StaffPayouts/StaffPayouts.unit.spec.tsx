import { screen, waitFor, within } from '@testing-library/react';
import type { SellerPayable } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test-utils/component.tsx';
import { Failure } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { StaffPayouts } from './StaffPayouts.tsx';

const finance = aUser({ roles: ['finance'] });

const sam = (over: Partial<SellerPayable> = {}): SellerPayable => ({
  seller: { id: 'sam', name: 'Sam Cellar' },
  lines: [
    {
      invoice_id: 'inv-1',
      invoice_number: '2030-000001',
      product_id: 'lot-1',
      title: '2010 Latour',
      net: 35_500,
      payable_on: '2029-12-31T12:00:00.000Z',
    },
    {
      invoice_id: 'inv-2',
      invoice_number: null,
      product_id: 'lot-2',
      title: '1996 Krug',
      net: 17_500,
      payable_on: '2030-01-02T12:00:00.000Z',
    },
  ],
  total: 53_000,
  preference: {
    payee: 'Sam Cellar LLC',
    method: 'bank_transfer',
    note: null,
    set_at: '2029-12-01T00:00:00.000Z',
  },
  ...over,
});

describe('StaffPayouts (issue 33 "Sellers": finance pays sellers what is payable)', () => {
  it('lists each seller owed with their lines, nets and total', async () => {
    await renderWithApi(<StaffPayouts />, {
      signedInAs: finance,
      api: { staffSellerPayables: () => ({ sellers: [sam()] }) },
    });
    const row = await screen.findByTestId('staff-payout-row');
    expect(within(row).getByText('Sam Cellar')).toBeTruthy();
    expect(within(row).getByText(/2010 Latour \(invoice 2030-000001\): \$355\.00/)).toBeTruthy();
    expect(within(row).getByText(/1996 Krug \(invoice inv-2\): \$175\.00/)).toBeTruthy();
    expect(within(row).getByText('$530.00')).toBeTruthy();
  });

  it('says so when no seller is owed anything', async () => {
    await renderWithApi(<StaffPayouts />, {
      signedInAs: finance,
      api: { staffSellerPayables: () => ({ sellers: [] }) },
    });
    const empty = await screen.findByTestId('staff-payouts-empty');
    expect(empty.textContent).toBe('No seller is owed anything today.');
  });

  it("records a payout of the seller's payable lines with the method and reference, then lists again", async () => {
    let owed = [sam()];
    const { api, user, alerts } = await renderWithApi(<StaffPayouts />, {
      signedInAs: finance,
      api: {
        staffSellerPayables: () => ({ sellers: owed }),
        recordSellerPayout: () => {
          owed = [];
          return { payoutId: 'payout-1', amount: 53_000 };
        },
      },
    });
    await user.click(await screen.findByTestId('record-payout'));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payout to Sam Cellar' });
    // The seller's preferred method is proposed; nothing is sent without a reference.
    await user.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    expect(api.to('recordSellerPayout')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'TR-2030-17');
    await user.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    await waitFor(() => expect(api.to('recordSellerPayout')).toHaveLength(1));
    expect(api.to('recordSellerPayout')[0]?.input).toEqual({
      sellerId: 'sam',
      lines: [
        { invoiceId: 'inv-1', lotId: 'lot-1' },
        { invoiceId: 'inv-2', lotId: 'lot-2' },
      ],
      method: 'bank_transfer',
      reference: 'TR-2030-17',
    });
    expect(await screen.findByTestId('staff-payouts-empty')).toBeTruthy();
    expect(alerts()).toContainEqual({ msg: 'Payout to Sam Cellar recorded', type: 'success' });
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { user } = await renderWithApi(<StaffPayouts />, {
      signedInAs: finance,
      api: {
        staffSellerPayables: () => ({ sellers: [sam()] }),
        recordSellerPayout: () => {
          throw new Failure('A line of this payout was already paid to the seller');
        },
      },
    });
    await user.click(await screen.findByTestId('record-payout'));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payout to Sam Cellar' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'Check 1001');
    await user.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    expect((await within(dialog).findByTestId('dialog-failure')).textContent).toMatch(/already paid/);
  });
});
