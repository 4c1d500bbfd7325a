import { screen, within } from '@testing-library/react';
import { defaultMerchant, demoBankTransfer, type MerchantDetails } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { anInvoice, aTransaction, aUser } from './test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const bank = {
  bankName: 'First Lakeside Bank',
  accountName: 'Fulton Wine Co LLC',
  routingNumber: '071000013',
  accountNumber: '4410029931',
  swift: 'FLBKUS44',
  note: 'Wires from abroad: add our intermediary bank.',
  demo: false,
};
const merchant = (over: Partial<MerchantDetails> = {}): MerchantDetails => ({
  ...defaultMerchant,
  name: 'Fulton Wine Co',
  phone: '+1 (847) 864-2200',
  emailGeneral: 'hello@fultonwine.co',
  bankTransfer: bank,
  ...over,
});
const signedIn = (path: string, api: Api = {}, shop = merchant()) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: { validateUser: () => aUser(), getFooterLinks: () => ({ links: [], merchant: shop }), ...api },
  });
const field = (name: string) =>
  within(screen.getByTestId('bank-transfer'))
    .getAllByRole('row')
    .find((row) => row.getAttribute('data-field') === name)?.textContent;

describe('bank transfer and invoice numbers (issue 31)', () => {
  it("shows an unpaid order's bank details from configuration, the numbers as the reference, on the confirmation", async () => {
    await signedIn('/checkout_confirm?invoice=B-X0tf,B-Y1ug&status=unpaid', {
      invoice: ({ id }) =>
        anInvoice({
          id,
          number: id === 'B-X0tf' ? '2026-000123' : '2026-000124',
          status: 'unpaid',
          due: 10_000,
          paid: 0,
        }),
    });
    await screen.findByTestId('bank-transfer');
    expect(field('bank')).toContain('First Lakeside Bank');
    expect(field('account-name')).toContain('Fulton Wine Co LLC');
    expect(field('routing')).toContain('071000013');
    expect(field('account')).toContain('4410029931');
    expect(field('swift')).toContain('FLBKUS44');
    expect(field('reference')).toContain('2026-000123, 2026-000124');
    expect(field('amount')).toContain('$200.00');
    expect(screen.queryByTestId('bank-transfer-demo')).toBeNull();
    const links = within(screen.getByTestId('confirm-invoices')).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Invoice 2026-000123', 'Invoice 2026-000124']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/invoice/B-X0tf', '/invoice/B-Y1ug']);
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('names the invoice by its number with its id beside it, and says the demo account is not real', async () => {
    await signedIn(
      '/invoice/B-X0tf',
      { invoice: () => anInvoice({ id: 'B-X0tf', number: '2026-000123', status: 'unpaid' }) },
      merchant({ bankTransfer: demoBankTransfer }),
    );
    await screen.findByRole('heading', { name: 'Invoice 2026-000123', level: 1 });
    expect(screen.getByTestId('invoice-internal-id').textContent).toBe('Reference B-X0tf');
    await screen.findByTestId('bank-transfer');
    expect(field('reference')).toContain('2026-000123');
    expect(screen.getByTestId('bank-transfer-demo').textContent).toMatch(/not a real account/);
  });

  it('asks the buyer to contact the merchant where no bank is configured', async () => {
    await signedIn(
      '/invoice/B-X0tf',
      { invoice: () => anInvoice({ id: 'B-X0tf', number: '2026-000123', status: 'unpaid' }) },
      merchant({ bankTransfer: null }),
    );
    expect((await screen.findByTestId('bank-transfer-ask')).textContent).toContain(
      'call +1 (847) 864-2200 or write to hello@fultonwine.co, quoting 2026-000123',
    );
  });

  it('shows no bank details once the invoice is paid', async () => {
    await signedIn('/invoice/B-X0tf', {
      invoice: () => anInvoice({ id: 'B-X0tf', number: '2026-000123', status: 'paid', due: 0 }),
    });
    await screen.findByRole('heading', { name: 'Invoice 2026-000123', level: 1 });
    expect(screen.queryByTestId('bank-transfer')).toBeNull();
  });

  it('lists invoices by number, with the id beside it', async () => {
    await signedIn('/invoices/unpaid', {
      allinvoices: () => ({
        records: [{ ...anInvoice({ id: 'B-X0tf', number: '2026-000123' }) }],
        totalRecords: 1,
      }),
    });
    const row = await screen.findByTestId('invoice-row');
    expect(within(row).getByRole('link').textContent).toBe('2026-000123');
    expect(within(row).getByTestId('invoice-internal-id').textContent).toBe('Reference B-X0tf');
  });

  it('names the invoice of a transaction by its number', async () => {
    await signedIn('/transactions', {
      alltransactions: () => ({
        records: [{ ...aTransaction(), invoice_id: 'B-X0tf', invoice_number: '2026-000123' }],
        totalRecords: 1,
      }),
    });
    const line = await screen.findByTestId('transaction-row');
    expect(within(line).getByRole('link', { name: '2026-000123' }).getAttribute('href')).toBe(
      '/invoice/B-X0tf',
    );
  });

  it("shows the merchant's configured contact details on the contact page and in the footer, none of the demo's", async () => {
    await renderApp('/contact', {
      api: {
        getFooterLinks: () => ({
          links: [],
          merchant: merchant({
            fax: '+1 (847) 864-2201',
            emailSelling: 'consign@fultonwine.co',
            // The English text as an old record kept it: the page shows the days and times instead.
            hours: 'Tue-Sat 10 am - 6 pm',
            openingHours: { days: [2, 3, 4, 5, 6], opensAt: 600, closesAt: 1080 },
            address: { street: '12 Lake St', city: 'Evanston', state: 'IL', zip: '60201' },
          }),
        }),
      },
    });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: '+1 (847) 864-2200' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'hello@fultonwine.co' }).getAttribute('href')).toBe(
      'mailto:hello@fultonwine.co',
    );
    expect(within(main).getByRole('link', { name: 'consign@fultonwine.co' })).toBeTruthy();
    expect(within(main).getByText('Tuesday–Saturday, 10:00 AM – 6:00 PM')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('12 Lake St, Evanston, IL 60201')).toBeTruthy();
    expect(within(footer).getByText(/Fulton Wine Co/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/555-01|example\.com/);
  });
});
