import { screen } from '@testing-library/react';
import type { Transaction } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test-utils/component.tsx';
import { aUser } from '../../test-utils/fixtures.ts';
import { PendingPayments } from './PendingPayments.tsx';

const waiting = (over: Partial<Transaction>): Transaction => ({
  id: 'p-1',
  invoice_id: 'inv-1',
  invoice_number: '2026-0042',
  type: 'payment',
  method: 'card',
  status: 'action_required',
  amount: 5_513,
  card_brand: 'visa',
  card_last4: '3155',
  reference: null,
  reason: null,
  created_at: '2026-11-29T10:00:00.000Z',
  ...over,
});

describe('payments waiting on /transactions (issue 35)', () => {
  it('says which wait for the buyer and which for the provider', async () => {
    await renderWithApi(<PendingPayments />, {
      signedInAs: aUser(),
      api: {
        getPendingTransaction: () => ({
          records: [
            waiting({}),
            waiting({ id: 'p-2', status: 'pending', amount: 1_000, invoice_number: '2026-0043' }),
          ],
          totalRecords: 2,
        }),
      },
    });
    const alert = await screen.findByTestId('pending-payments');
    expect(alert.textContent).toContain(
      '$55.13 on invoice 2026-0042 is waiting for your card issuer’s check',
    );
    expect(alert.textContent).toContain('$10.00 on invoice 2026-0043 is with the card provider');
  });

  it('shows nothing when nothing waits', async () => {
    const { container } = await renderWithApi(<PendingPayments />, {
      signedInAs: aUser(),
      api: { getPendingTransaction: () => ({ records: [], totalRecords: 0 }) },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="pending-payments"]')).toBeNull();
  });
});
