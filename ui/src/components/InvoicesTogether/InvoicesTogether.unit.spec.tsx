import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { anInvoice, aUser } from '../../test-utils/fixtures.ts';
import { InvoicesTogether } from './InvoicesTogether.tsx';

describe('InvoicesTogether (seeds 001 multipleInvoice)', () => {
  it('lists the invoices asked for in one call, with their sum', async () => {
    const records = [
      anInvoice({ id: 'inv-1', number: '2030-000001', total: 10_000, due: 0, status: 'paid' }),
      anInvoice({ id: 'inv-2', number: '2030-000002', total: 30_000, due: 30_000 }),
    ];
    const { api, container } = await renderWithApi(<InvoicesTogether ids={['inv-1', 'inv-2']} />, {
      signedInAs: aUser(),
      api: {
        multipleInvoice: () => ({
          records,
          totalRecords: 2,
          cartValues: { ...records[0]!.cartValues, count: 2, total: 40_000, paid: 10_000, due: 30_000 },
        }),
      },
    });
    expect(await screen.findAllByTestId('together-row')).toHaveLength(2);
    expect(screen.getByTestId('together-total').textContent).toBe('$400.00');
    expect(screen.getByTestId('together-due').textContent).toBe('$300.00');
    expect(api.to('multipleInvoice').map((r) => r.input)).toEqual([{ ids: ['inv-1', 'inv-2'] }]);
    await expectNoAxeViolations(container);
  });

  it('shows nothing when the call fails (each invoice keeps its own link)', async () => {
    const { container } = await renderWithApi(<InvoicesTogether ids={['inv-1', 'inv-2']} />, {
      signedInAs: aUser(),
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="invoices-together"]')).toBeNull();
  });
});
