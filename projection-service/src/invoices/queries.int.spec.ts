import { defaultPickupLocation } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { usersProjection } from '../users/project.ts';
import { invoicesProjection } from './project.ts';
import { invoiceQueries } from './queries.ts';
import { invoiceIssued, paymentRecorded } from './testing.ts';

const clock = manualClock('2026-11-23T12:00:00.000Z');
const line = (lotId: string, sellerId: string, amount: number) => ({
  lotId,
  title: `Lot ${lotId}`,
  sellerId,
  qty: 1,
  unitPrice: amount,
  amount,
  reservationId: null,
});
const address = { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' };
const billing = { address1: '9 Oak Ave', city: 'Chicago', state: 'IL', zip: '60607' };
const card = { cardId: 'card-1', brand: 'Visa', last4: '4242' };

/**
 * ann's invoices, oldest first: inv-1 paid by card (delivered, a public note), inv-2 a buy-now order
 * unpaid, inv-3 partly paid from the wallet and partly refunded, inv-4 voided, inv-5..7 unpaid.
 * bob has inv-b, partly paid.
 */
async function invoices() {
  const record = eventRecorder();
  const issue = (id: string, extra: Parameters<typeof invoiceIssued>[0] = {}) =>
    record(`invoice-${id}`, 'InvoiceIssued', invoiceIssued({ invoiceId: id, ...extra }));
  const docs = await applyEvents(
    [lotsProjection, usersProjection, invoicesProjection],
    [
      record('user-ann', 'UserRegistered', registered('ann', 'Ann', 'Buyer')),
      record('user-sel', 'UserRegistered', registered('sel', 'Sam', 'Cellar')),
      record('lot-l-1', 'LotListed', listedLot({ lotId: 'l-1', images: [{ type: 1, fileName: 'l-1.jpg' }] })),
      issue('inv-1', { lines: [line('l-1', 'sel', 40_000), line('l-2', 'house', 10_000)] }),
      record('invoice-inv-1', 'InvoiceDeliveryChosen', {
        delivery: { method: 'delivery', address, billingAddress: billing, taxState: 'IL', taxRate: 625 },
        amounts: { subtotal: 50_000, premiumPercent: 20, premium: 10_000, tax: 3_750, total: 63_750 },
      }),
      record('invoice-inv-1', 'PaymentStarted', { paymentId: 'p-1', method: 'card', amount: 63_750, card }),
      record('invoice-inv-1', 'PaymentRecorded', paymentRecorded('p-1', 63_750), {
        actor: { kind: 'user', id: 'ann' },
      }),
      record(
        'invoice-inv-1',
        'InvoiceNoteAdded',
        { note: 'Ships Monday.', public: true },
        { actor: { kind: 'user', id: 'sel' } },
      ),
      issue('inv-2', { kind: 'buynow' }),
      issue('inv-3'),
      record('invoice-inv-3', 'PaymentRecorded', paymentRecorded('p-3', 20_000, 'wallet')),
      record('invoice-inv-3', 'PaymentRefunded', {
        refundId: 'r-1',
        paymentId: 'p-3',
        amount: 5_000,
        to: 'wallet',
        reason: 'Goodwill',
      }),
      issue('inv-4', { kind: 'buynow' }),
      record('invoice-inv-4', 'InvoiceVoided', { reason: 'expired' }),
      issue('inv-5'),
      issue('inv-6'),
      issue('inv-7'),
      issue('inv-b', { buyerId: 'bob' }),
      record('invoice-inv-b', 'PaymentRecorded', paymentRecorded('p-b', 1_000)),
      // Staff: finance and an admin open any invoice (issue 31); support and a seller do not.
      record('user-fin', 'UserRegistered', registered('fin', 'Fay', 'Finance')),
      record('user-fin', 'RoleGranted', { role: 'finance' }),
      record('user-adm', 'UserRegistered', registered('adm', 'Ada', 'Admin')),
      record('user-adm', 'RoleGranted', { role: 'admin' }),
      record('user-sup', 'UserRegistered', registered('sup', 'Sue', 'Support')),
      record('user-sup', 'RoleGranted', { role: 'support' }),
    ],
  );
  return queryApp(invoiceQueries, docs, clock);
}

const ids = (records: { id: string }[]) => records.map((r) => r.id);

describe('invoice lists (/api/user/invoice/allinvoices)', () => {
  it('refuses a caller without a token with 403', async () => {
    const { app, post } = await invoices();
    expect((await post('/api/user/invoice/allinvoices', { status: 'paid' })).statusCode).toBe(403);
    await app.close();
  });

  it("lists the caller's invoices still to pay (unpaid and partly paid, never void), newest first, a page at a time", async () => {
    const { app, post, signIn } = await invoices();
    const ann = await signIn('ann');
    const all = (await post('/api/user/invoice/allinvoices', { status: 'unpaid' }, ann)).json().data
      .responseData;
    expect(ids(all.records)).toEqual(['inv-7', 'inv-6', 'inv-5', 'inv-3', 'inv-2']);
    expect(all.totalRecords).toBe(5);
    const page2 = (
      await post('/api/user/invoice/allinvoices', { status: 'unpaid', page: 2, limit: 2 }, ann)
    ).json().data.responseData;
    expect(ids(page2.records)).toEqual(['inv-5', 'inv-3']);
    expect(page2.totalRecords).toBe(5);
    expect(page2.records[1]).toMatchObject({
      status: 'partial',
      total: 66_150,
      paid: 15_000,
      due: 51_150,
      items: 1,
    });
    await app.close();
  });

  it("lists the caller's paid invoices", async () => {
    const { app, post, signIn } = await invoices();
    const paid = (await post('/api/user/invoice/allinvoices', { status: 'paid' }, await signIn('ann'))).json()
      .data.responseData;
    expect(paid.records).toEqual([
      expect.objectContaining({ id: 'inv-1', status: 'paid', title: 'Lot l-1 and 1 more', items: 2, due: 0 }),
    ]);
    expect(paid.records[0].paid_at).toEqual(expect.any(String));
    await app.close();
  });

  it('lists them by how they were bought, for /purchases/:type (issue 31)', async () => {
    const { app, post, signIn } = await invoices();
    const ann = await signIn('ann');
    const ids = async (input: object) =>
      (await post('/api/user/invoice/allinvoices', input, ann))
        .json()
        .data.responseData.records.map((r: { id: string }) => r.id);
    expect(await ids({ status: 'paid', kind: 'auction' })).toEqual(['inv-1']);
    expect(await ids({ status: 'paid', kind: 'buynow' })).toEqual([]);
    expect(await ids({ status: 'unpaid', kind: 'buynow' })).toEqual(['inv-2']);
    await app.close();
  });
});

describe('invoice detail (/api/user/invoice/getInvoiceDetails)', () => {
  it('answers every block of the invoice', async () => {
    const { app, post, signIn } = await invoices();
    const response = await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-1' }, await signIn('ann'));
    expect(response.statusCode).toBe(200);
    const detail = response.json().data.responseData;
    expect(detail).toMatchObject({
      id: 'inv-1',
      kind: 'auction',
      status: 'paid',
      delivery_method: 'delivery',
      appointmentDetail: null,
      locationDetail: defaultPickupLocation,
      invoiceUser: { id: 'ann', first_name: 'Ann', last_name: 'Buyer', email: 'ann@example.com' },
      invoiceAddress: address,
      billingAddress: billing,
      invoiceSeller: [
        { id: 'sel', name: 'Sam Cellar' },
        { id: 'house', name: 'Fine Wine Auction' },
      ],
      cartValues: {
        count: 2,
        subtotal: 50_000,
        premium_percent: 20,
        premium: 10_000,
        tax_rate: 625,
        tax: 3_750,
        total: 63_750,
        paid: 63_750,
        due: 0,
      },
      invoice_notes_public: [{ note: 'Ships Monday.' }],
      returnTransactions: [],
    });
    expect(detail.invoiceItems).toEqual([
      {
        product_id: 'l-1',
        title: 'Lot l-1',
        image: '/uploads/product/l-1.jpg',
        seller_id: 'sel',
        qty: 1,
        unit_price: 40_000,
        amount: 40_000,
        // Issue 38 §2: no certificate yet, being prepared, the lot's auction (none for a lot not listed).
        certificate: null,
        product_status: 'processing',
        auction_id: 'a-1',
      },
      {
        product_id: 'l-2',
        title: 'Lot l-2',
        image: null,
        seller_id: 'house',
        qty: 1,
        unit_price: 10_000,
        amount: 10_000,
        certificate: null,
        product_status: 'processing',
        auction_id: null,
      },
    ]);
    expect(detail.allTransactions).toEqual([
      expect.objectContaining({ id: 'inv-1:p-1', status: 'succeeded', card_brand: 'Visa', amount: 63_750 }),
    ]);
    expect(detail.orderControlLogs.map((l: { event: string }) => l.event)).toEqual([
      'InvoiceIssued',
      'InvoiceDeliveryChosen',
      'PaymentStarted',
      'PaymentRecorded',
      'InvoiceNoteAdded',
    ]);
    // Issue 31: who acted, by name, never a raw id ("By user:e3050f…").
    expect(detail.orderControlLogs.map((l: { by: string }) => l.by)).toEqual([
      'System',
      'System',
      'System',
      'Ann Buyer',
      'Sam Cellar',
    ]);
    await app.close();
  });

  it('shows a refund among the returns, and bills the delivery address when no other is given', async () => {
    const { app, post, signIn } = await invoices();
    const detail = (
      await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-3' }, await signIn('ann'))
    ).json().data.responseData;
    expect(detail.returnTransactions).toEqual([
      expect.objectContaining({
        id: 'inv-3:r-1',
        type: 'refund',
        method: 'wallet',
        amount: 5_000,
        reason: 'Goodwill',
      }),
    ]);
    expect(detail.allTransactions.map((t: { id: string }) => t.id)).toEqual(['inv-3:r-1', 'inv-3:p-3']);
    expect(detail.billingAddress).toBeNull();
    expect(detail.invoiceSeller).toEqual([{ id: 'house', name: 'Fine Wine Auction' }]);
    await app.close();
  });

  it("answers someone else's invoice as an unknown one: 404 INVOICE_NOT_FOUND", async () => {
    const { app, post, signIn } = await invoices();
    const ann = await signIn('ann');
    const others = await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-b' }, ann);
    const unknown = await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-none' }, ann);
    expect(others.statusCode).toBe(404);
    expect(others.json().data.code).toBe('INVOICE_NOT_FOUND');
    expect(others.json()).toEqual(unknown.json());
    await app.close();
  });

  it('opens any buyer\u2019s invoice to finance and admins, in detail and as a PDF; not to other staff', async () => {
    const { app, post, signIn } = await invoices();
    for (const staff of ['fin', 'adm']) {
      const headers = await signIn(staff);
      const detail = await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-1' }, headers);
      expect(detail.statusCode, staff).toBe(200);
      expect(detail.json().data.responseData).toMatchObject({ id: 'inv-1', status: 'paid' });
      const pdf = await app.inject({ method: 'GET', url: '/api/user/invoice/pdf/inv-b', headers });
      expect(pdf.statusCode, staff).toBe(200);
      const unknown = await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-none' }, headers);
      expect(unknown.json().data.code).toBe('INVOICE_NOT_FOUND');
    }
    for (const other of ['sup', 'sel']) {
      const answer = await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-1' }, await signIn(other));
      expect(answer.json().data.code, other).toBe('INVOICE_NOT_FOUND');
    }
    await app.close();
  });
});

describe('transactions (/api/user/invoice/alltransactions)', () => {
  it("lists the payments and refunds of the caller's invoices only, newest first, a page at a time", async () => {
    const { app, post, signIn } = await invoices();
    const ann = await signIn('ann');
    const all = (await post('/api/user/invoice/alltransactions', {}, ann)).json().data.responseData;
    expect(ids(all.records)).toEqual(['inv-3:r-1', 'inv-3:p-3', 'inv-1:p-1']);
    expect(all.totalRecords).toBe(3);
    const page2 = (await post('/api/user/invoice/alltransactions', { page: 2, limit: 2 }, ann)).json().data
      .responseData;
    expect(page2).toMatchObject({ records: [{ id: 'inv-1:p-1' }], totalRecords: 3 });
    const bob = (await post('/api/user/invoice/alltransactions', {}, await signIn('bob'))).json().data
      .responseData;
    expect(ids(bob.records)).toEqual(['inv-b:p-b']);
    await app.close();
  });
});

describe('invoice PDF (GET /api/user/invoice/pdf/:id)', () => {
  it('answers the owner a PDF to download', async () => {
    const { app, signIn } = await invoices();
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/invoice/pdf/inv-1',
      headers: await signIn('ann'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoice-inv-1.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.length).toBeGreaterThan(1_000);
    await app.close();
  });

  it('refuses a request without a token with 403, in the envelope', async () => {
    const { app } = await invoices();
    const response = await app.inject({ method: 'GET', url: '/api/user/invoice/pdf/inv-1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 'error', data: { code: 'SESSION_INVALID' } });
    await app.close();
  });

  it("answers someone else's invoice with 404 INVOICE_NOT_FOUND", async () => {
    const { app, signIn } = await invoices();
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/invoice/pdf/inv-b',
      headers: await signIn('ann'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error', data: { code: 'INVOICE_NOT_FOUND' } });
    await app.close();
  });
});
