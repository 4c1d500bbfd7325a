import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test-utils/component.tsx';
import { aCartItem, aUser } from '../../test-utils/fixtures.ts';
import { DepositDetailsButton } from './DepositDetails.tsx';

describe('a bid deposit’s details (seeds 001 deposit/deposit, "Deposits: invoiceItems")', () => {
  it('shows the invoice it was spent on and that invoice’s lines', async () => {
    const { user, api } = await renderWithApi(<DepositDetailsButton id="d-1" />, {
      signedInAs: aUser(),
      mantineEnv: 'test',
      api: {
        deposit: () => ({
          record: {
            id: 'd-1',
            amount: 10_000,
            lot_id: null,
            status: 'applied',
            invoice_id: 'inv-2',
            applied: 10_000,
            created_at: '2030-01-10T12:00:00.000Z',
            decided_at: '2030-01-11T12:00:00.000Z',
          },
          invoice: {
            id: 'inv-2',
            number: '2030-000002',
            kind: 'auction',
            status: 'partial',
            created_at: '2030-01-10T12:00:00.000Z',
            due_at: '2030-01-24T12:00:00.000Z',
            paid_at: null,
            title: '2010 Pétrus',
            items: 1,
            total: 60_000,
            paid: 10_000,
            due: 50_000,
          },
          invoiceItems: [{ ...aCartItem({ product_id: 'lot-9', title: '2010 Pétrus' }), seller_id: 's-1' }],
        }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Details of deposit d-1' }));
    const details = await screen.findByTestId('deposit-details');
    expect(within(details).getByRole('link', { name: 'Spent on invoice 2030-000002' })).toBeTruthy();
    expect(within(details).getByText('2010 Pétrus')).toBeTruthy();
    expect(api.to('deposit').map((r) => r.input)).toEqual([{ id: 'd-1' }]);
  });
});
