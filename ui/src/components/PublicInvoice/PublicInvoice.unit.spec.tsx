import { screen, within } from '@testing-library/react';
import { defaultPickupLocation, type PublicInvoiceView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { Failure } from '../../test-utils/fake-api.ts';
import { PublicInvoice } from './PublicInvoice.tsx';

const TOKEN = `S-abcdefghijklmnopqrst.${'x'.repeat(43)}`;
const view = (): PublicInvoiceView => ({
  number: '2030-000042',
  kind: 'auction',
  status: 'paid',
  created_at: '2030-01-10T12:00:00.000Z',
  due_at: '2030-01-24T12:00:00.000Z',
  paid_at: '2030-01-11T12:00:00.000Z',
  delivery_method: 'pickup',
  items: [
    {
      title: '2005 Pétrus',
      image: null,
      qty: 1,
      unit_price: 50_000,
      amount: 50_000,
      certificate: { reference: 'PROV-7', issuer: 'Bureau', issued_on: '2019-05-02', note: '' },
    },
  ],
  cartValues: {
    count: 1,
    subtotal: 50_000,
    premium_percent: 20,
    premium: 10_000,
    tax_rate: 1025,
    tax: 6_150,
    shipping: 0,
    admin_fee: 2_500,
    total: 68_650,
    paid: 68_650,
    due: 0,
  },
  payments: [{ type: 'payment', method: 'card', amount: 68_650, created_at: '2030-01-11T12:00:00.000Z' }],
  returned: 0,
  locationDetail: defaultPickupLocation,
});

describe('PublicInvoice (seeds 001 public_invoice)', () => {
  it('shows the shared invoice without a session: lines, certificate, admin fee, payments, the shop', async () => {
    const { api, container } = await renderWithApi(<PublicInvoice token={TOKEN} />, {
      api: { publicInvoice: view },
    });
    expect(await screen.findByRole('heading', { name: 'Invoice 2030-000042' })).toBeTruthy();
    expect(screen.getByTestId('public-item').textContent).toContain('2005 Pétrus');
    expect(screen.getByTestId('line-certificate').textContent).toContain(
      'PROV-7, issued by Bureau on 05-02-2019',
    );
    expect(screen.getByTestId('total-admin-fee').textContent).toBe('$25.00');
    expect(within(screen.getByTestId('public-payments')).getByText('Payment · Card')).toBeTruthy();
    expect(screen.getByText(defaultPickupLocation.name)).toBeTruthy();
    // Asked with the link's token, and no session.
    expect(api.to('publicInvoice')).toEqual([
      expect.objectContaining({ input: { token: TOKEN }, authorization: undefined }),
    ]);
    await expectNoAxeViolations(container);
  });

  it('says a link that does not work does not work', async () => {
    await renderWithApi(<PublicInvoice token={TOKEN} />, {
      api: {
        publicInvoice: () => {
          throw new Failure('This invoice link does not work', 404, null, 'INVOICE_LINK_INVALID');
        },
      },
    });
    const alert = await screen.findByTestId('public-invoice-invalid');
    expect(alert.textContent).toContain('This invoice link does not work');
  });
});
