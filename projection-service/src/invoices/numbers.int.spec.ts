import { defaultMerchant, demoBankTransfer, type MerchantDetails } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { usersProjection } from '../users/project.ts';
import { pdfText } from './pdf-text.ts';
import { invoicesProjection } from './project.ts';
import { invoiceQueries } from './queries.ts';
import { invoiceIssued, paymentRecorded } from './testing.ts';

const clock = manualClock('2026-11-23T12:00:00.000Z');
const bank = {
  bankName: 'First Lakeside Bank',
  accountName: 'Fulton Wine Co LLC',
  routingNumber: '071000013',
  accountNumber: '4410029931',
  swift: 'FLBKUS44',
  note: 'Wires from abroad: add our intermediary bank.',
  demo: false,
};

/** ann's invoices: inv-1 numbered 2026-000042 and unpaid, inv-0 issued before numbers, inv-2 paid. */
async function invoices(merchant: MerchantDetails = { ...defaultMerchant, bankTransfer: bank }) {
  const record = eventRecorder();
  const docs = await applyEvents(
    [usersProjection, invoicesProjection],
    [
      record('invoice-inv-0', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-0' })),
      record('invoice-inv-1', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-1', number: '2026-000042' })),
      record('invoice-inv-2', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-2', number: '2026-000043' })),
      record('invoice-inv-2', 'PaymentRecorded', paymentRecorded('p-2', 66_150)),
    ],
  );
  return queryApp(invoiceQueries, docs, clock, undefined, merchant);
}

describe('invoice numbers on the read side (issue 31)', () => {
  it('lists each invoice with its readable number, and null for one issued before numbers', async () => {
    const { app, post, signIn } = await invoices();
    const unpaid = await post('/api/user/invoice/allinvoices', { status: 'unpaid' }, await signIn('ann'));
    const records = unpaid.json().data.responseData.records as { id: string; number: string | null }[];
    expect(records.map((r) => [r.id, r.number])).toEqual([
      ['inv-1', '2026-000042'],
      ['inv-0', null],
    ]);
    const detail = await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-1' }, await signIn('ann'));
    expect(detail.json().data.responseData.number).toBe('2026-000042');
    const paid = await post('/api/user/invoice/alltransactions', {}, await signIn('ann'));
    expect(paid.json().data.responseData.records[0]).toMatchObject({
      invoice_id: 'inv-2',
      invoice_number: '2026-000043',
    });
    await app.close();
  });

  it('prints the number and the bank details with the number as the reference on an unpaid invoice PDF', async () => {
    const { app, signIn } = await invoices();
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/invoice/pdf/inv-1',
      headers: await signIn('ann'),
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('2026-000042');
    expect(text).toContain('inv-1');
    expect(text).toContain('Pay by bank transfer');
    for (const value of [bank.bankName, bank.accountName, bank.routingNumber, bank.accountNumber, bank.swift])
      expect(text).toContain(value);
    expect(text).toMatch(/Reference\n2026-000042/);
    expect(text).not.toContain('DEMO');
    await app.close();
  });

  it('prints no bank details on a paid invoice, nor where none are configured; the demo account says it is one', async () => {
    const { app, signIn } = await invoices();
    const paid = await app.inject({
      method: 'GET',
      url: '/api/user/invoice/pdf/inv-2',
      headers: await signIn('ann'),
    });
    expect(pdfText(paid.rawPayload)).not.toContain('Pay by bank transfer');
    await app.close();
    const none = await invoices({ ...defaultMerchant, bankTransfer: null });
    const bare = await none.app.inject({
      method: 'GET',
      url: '/api/user/invoice/pdf/inv-1',
      headers: await none.signIn('ann'),
    });
    expect(pdfText(bare.rawPayload)).not.toContain('Pay by bank transfer');
    await none.app.close();
    const demo = await invoices({ ...defaultMerchant, bankTransfer: demoBankTransfer });
    const shown = await demo.app.inject({
      method: 'GET',
      url: '/api/user/invoice/pdf/inv-1',
      headers: await demo.signIn('ann'),
    });
    expect(pdfText(shown.rawPayload)).toContain('DEMO bank details: not a real account');
    await demo.app.close();
  });
});
