import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { withMessage } from '../../test-utils/fake-api.ts';
import { anInvoice, aUser } from '../../test-utils/fixtures.ts';
import { InvoiceShare } from './InvoiceShare.tsx';

const TOKEN = `S-abcdefghijklmnopqrst.${'x'.repeat(43)}`;
const shared = () => ({ token: TOKEN, path: `/public_invoice/${TOKEN}` });

describe('InvoiceShare (seeds 001 public_invoice: share with your accountant)', () => {
  it('makes a link for the owner, shows it to copy, and says what it leaves out', async () => {
    const { user, api, container } = await renderWithApi(<InvoiceShare invoice={anInvoice()} />, {
      signedInAs: aUser({ id: 'user-1' }),
      api: { shareInvoice: shared },
    });
    expect(screen.getByText(/never your name, addresses, e-mail or card/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create a link' }));
    const link = (await screen.findByRole('textbox', { name: 'Link to this invoice' })) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/public_invoice/${TOKEN}`);
    expect(api.to('shareInvoice').map((r) => r.input)).toEqual([{ invoice_id: 'inv-1' }]);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('shows a shared invoice as shared, and stops sharing once confirmed', async () => {
    const { user, api, alerts } = await renderWithApi(
      <InvoiceShare invoice={anInvoice({ shared: true })} />,
      {
        signedInAs: aUser({ id: 'user-1' }),
        api: { revokeInvoiceShare: () => withMessage('Sharing stopped: the link no longer works', null) },
      },
    );
    expect(screen.getByTestId('share-active').textContent).toBe('Shared by a link');
    expect(screen.getByRole('button', { name: 'Show the link' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await user.click(await screen.findByTestId('confirm-stop-sharing'));
    await waitFor(() => expect(api.to('revokeInvoiceShare')).toHaveLength(1));
    expect(alerts()).toContainEqual({ msg: 'Sharing stopped: the link no longer works', type: 'success' });
  });

  it("is not offered on someone else's invoice (staff reading it) nor on a void one", async () => {
    await renderWithApi(<InvoiceShare invoice={anInvoice()} />, { signedInAs: aUser({ id: 'staff-9' }) });
    expect(screen.queryByTestId('invoice-share')).toBeNull();
    await renderWithApi(<InvoiceShare invoice={anInvoice({ status: 'void' })} />, {
      signedInAs: aUser({ id: 'user-1' }),
    });
    expect(screen.queryByTestId('invoice-share')).toBeNull();
  });
});
