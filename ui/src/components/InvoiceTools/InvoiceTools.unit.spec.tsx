import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { withMessage } from '../../test-utils/fake-api.ts';
import { anInvoice, aUser } from '../../test-utils/fixtures.ts';
import { CertificateDialog } from './CertificateDialog.tsx';
import { InvoiceToolsDialog } from './InvoiceTools.tsx';

const line = (over: Record<string, unknown> = {}) => ({
  ...anInvoice().invoiceItems[0]!,
  certificate: null,
  product_status: 'processing' as const,
  ...over,
});

async function tools(roles: ('admin' | 'finance')[], invoice = anInvoice({ invoiceItems: [line()] })) {
  return renderWithApi(<InvoiceToolsDialog invoiceId="inv-1" shownId="2030-000001" onClose={() => {}} />, {
    signedInAs: aUser({ id: 'staff-1', roles }),
    mantineEnv: 'test',
    api: {
      invoice: () => invoice,
      updateAdminFee: (input) =>
        withMessage('The admin fee of invoice 2030-000001 is now $35.50', {
          invoice_id: input.invoice_id,
          fee: input.fee ?? 2_500,
          total: 1,
          due: 1,
        }),
      changeInvoiceProductStatus: (input) => ({ ...input, certificate: null }),
      updateOwnershipCertificate: (input) => ({
        invoice_id: input.invoice_id,
        product_id: input.product_id,
        certificate: input.certificate ? { note: '', ...input.certificate } : null,
        status: 'processing',
      }),
    },
  });
}

describe("InvoiceToolsDialog (the staff's invoice: admin fee, lines' status and certificate)", () => {
  it('sets the admin fee typed in dollars as whole cents, with why', async () => {
    const { user, api, alerts } = await tools(['finance']);
    const dialog = await screen.findByTestId('invoice-tools');
    expect(within(dialog).getByTestId('admin-fee-now').textContent).toBe('No admin fee.');
    await user.type(within(dialog).getByRole('textbox', { name: /Fee \(dollars\)/ }), '35.50');
    await user.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'Cellar handling');
    await user.click(within(dialog).getByRole('button', { name: 'Set the fee' }));
    await waitFor(() => expect(api.to('updateAdminFee')).toHaveLength(1));
    expect(api.to('updateAdminFee')[0]?.input).toEqual({
      invoice_id: 'inv-1',
      fee: 3_550,
      note: 'Cellar handling',
    });
    expect(alerts()).toContainEqual({
      msg: 'The admin fee of invoice 2030-000001 is now $35.50',
      type: 'success',
    });
  });

  it('sends nothing for an amount that is not dollars or without a reason', async () => {
    const { user, api } = await tools(['finance']);
    const dialog = await screen.findByTestId('invoice-tools');
    await user.type(within(dialog).getByRole('textbox', { name: /Fee \(dollars\)/ }), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Set the fee' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, like 25 or 25.50')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /Fee \(dollars\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Set the fee' }));
    expect(api.to('updateAdminFee')).toHaveLength(0);
  });

  it('says a paid invoice’s fee can no longer change, and saves a line’s status', async () => {
    const { user, api, container } = await tools(
      ['finance'],
      anInvoice({ status: 'paid', paid: 161_250, due: 0, invoiceItems: [line()] }),
    );
    const dialog = await screen.findByTestId('invoice-tools');
    expect(within(dialog).getByTestId('admin-fee-locked')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Set the fee' })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: /Status of/ }));
    await user.click(await screen.findByRole('option', { name: 'Ready' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(api.to('changeInvoiceProductStatus')).toHaveLength(1));
    expect(api.to('changeInvoiceProductStatus')[0]?.input).toEqual({
      invoice_id: 'inv-1',
      product_id: 'lot-1',
      status: 'ready',
    });
    // Finance sets statuses; certificates are the admins' (and the line's seller's).
    expect(within(dialog).queryByRole('button', { name: 'Add certificate' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("lets an admin attach a line's certificate, checked before it is sent", async () => {
    const { user, api } = await tools(['admin']);
    const dialog = await screen.findByTestId('invoice-tools');
    await user.click(within(dialog).getByRole('button', { name: 'Add certificate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.to('updateOwnershipCertificate')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Certificate reference/ }), 'PROV-7');
    await user.type(within(dialog).getByRole('textbox', { name: /Issued by/ }), 'Bordeaux Bureau');
    await user.type(within(dialog).getByLabelText(/Date of issue/), '2019-05-02');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('updateOwnershipCertificate')).toHaveLength(1));
    expect(api.to('updateOwnershipCertificate')[0]?.input).toEqual({
      invoice_id: 'inv-1',
      product_id: 'lot-1',
      certificate: { reference: 'PROV-7', issuer: 'Bordeaux Bureau', issued_on: '2019-05-02', note: '' },
    });
  });
});

describe("CertificateDialog (a seller's certificate on a line they sold)", () => {
  it('sends the certificate of the line, as the seller changed it', async () => {
    const { user, api } = await renderWithApi(
      <CertificateDialog
        invoiceId="inv-1"
        productId="lot-1"
        title="2005 Pétrus"
        initial={{ reference: 'PROV-1', issuer: 'Bureau', issued_on: '2019-05-02', note: '' }}
        onClose={() => {}}
      />,
      {
        signedInAs: aUser({ roles: ['seller'] }),
        mantineEnv: 'test',
        api: {
          updateOwnershipCertificate: (input) => ({
            invoice_id: input.invoice_id,
            product_id: input.product_id,
            certificate: input.certificate ? { note: '', ...input.certificate } : null,
            status: 'processing',
          }),
        },
      },
    );
    const reference = (await screen.findByRole('textbox', {
      name: /Certificate reference/,
    })) as HTMLInputElement;
    expect(reference.value).toBe('PROV-1');
    await user.clear(reference);
    await user.type(reference, 'PROV-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('updateOwnershipCertificate')).toHaveLength(1));
    expect(api.to('updateOwnershipCertificate')[0]?.input).toMatchObject({
      certificate: { reference: 'PROV-2' },
    });
  });
});
