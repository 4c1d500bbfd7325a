import { createHash } from 'node:crypto';
import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import type { QueryPlugin } from '../core/queries.ts';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { usersProjection } from '../users/project.ts';
import { depositsProjection } from '../wallets/deposits.ts';
import { walletQueries } from '../wallets/queries.ts';
import { orderQueries } from './order-queries.ts';
import { invoicesProjection } from './project.ts';
import { invoiceQueries } from './queries.ts';
import { invoiceIssued, paymentRecorded } from './testing.ts';

/**
 * Issue 38 §2, the read side: multipleInvoice, public_invoice (nothing private in it), deposit/deposit
 * and alldeposits' invoice items, the invoice's admin fee, certificates and statuses, and the seeds'
 * other names of the invoice calls.
 */
const clock = manualClock('2026-11-23T12:00:00.000Z');
const TOKEN = `S-abcdefghijklmnopqrst.${'x'.repeat(43)}`;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const address = { address1: '77 Secret Lane', city: 'Springfield', state: 'IL', zip: '62701' };
const card = { cardId: 'card-1', brand: 'Visa', last4: '4242' };
const certificate = { reference: 'PROV-7', issuer: 'Bureau', issuedOn: '2019-05-02', note: 'Ex-château' };

const all: QueryPlugin = async (app, deps) => {
  await app.register(invoiceQueries, deps);
  await app.register(orderQueries, deps);
  await app.register(walletQueries, deps);
};

async function given() {
  const record = eventRecorder();
  const ann = { actor: { kind: 'user' as const, id: 'ann' } };
  const docs = await applyEvents(
    [lotsProjection, usersProjection, invoicesProjection, depositsProjection],
    [
      record('user-ann', 'UserRegistered', registered('ann', 'Annabel', 'Buyer')),
      record(
        'lot-l-1',
        'LotListed',
        listedLot({ lotId: 'l-1', auctionId: 'fall-sale', images: [{ type: 1, fileName: 'l-1.jpg' }] }),
      ),
      record('invoice-inv-1', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-1' })),
      record('invoice-inv-1', 'InvoiceDeliveryChosen', {
        delivery: { method: 'delivery', address, billingAddress: address, taxState: 'IL', taxRate: 625 },
        amounts: { subtotal: 50_000, premiumPercent: 20, premium: 10_000, tax: 3_750, total: 63_750 },
      }),
      record('invoice-inv-1', 'InvoiceAdminFeeSet', {
        fee: 2_500,
        note: 'Handling',
        by: 'fin',
        amounts: {
          subtotal: 50_000,
          premiumPercent: 20,
          premium: 10_000,
          tax: 3_750,
          adminFee: 2_500,
          total: 66_250,
        },
        delivery: { method: 'delivery', address, billingAddress: address, taxState: 'IL', taxRate: 625 },
      }),
      record(
        'invoice-inv-1',
        'PaymentStarted',
        { paymentId: 'p-1', method: 'card', amount: 66_250, card },
        ann,
      ),
      record('invoice-inv-1', 'PaymentRecorded', paymentRecorded('p-1', 66_250), ann),
      record('invoice-inv-1', 'OwnershipCertificateAttached', { lotId: 'l-1', ...certificate, by: 'sam' }),
      record('invoice-inv-1', 'InvoiceProductStatusChanged', { lotId: 'l-1', status: 'ready', by: 'fin' }),
      record(
        'invoice-inv-1',
        'InvoiceShared',
        { shareId: 'S-abcdefghijklmnopqrst', tokenHash: hashOf(TOKEN) },
        ann,
      ),
      record('invoice-inv-2', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-2' })),
      record('invoice-inv-b', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-b', buyerId: 'bob' })),
      record('wallet-ann', 'DepositHeld', { depositId: 'd-1', amount: 10_000, lotId: 'l-1' }),
      record('wallet-ann', 'DepositApplied', {
        depositId: 'd-1',
        invoiceId: 'inv-2',
        applied: 10_000,
        returned: 0,
      }),
      record('wallet-ann', 'DepositHeld', { depositId: 'd-2', amount: 5_000, lotId: null }),
      record('wallet-bob', 'DepositHeld', { depositId: 'd-b', amount: 5_000, lotId: null }),
    ],
  );
  return { docs, record, ...(await queryApp(all, docs, clock)) };
}

describe('the invoice with its admin fee, certificate and status, at each of its paths', () => {
  it('answers the same detail at getInvoiceDetails, user/invoice/invoice and product/invoice', async () => {
    const { app, post, signIn } = await given();
    const ann = await signIn('ann');
    const paths = [
      '/api/user/invoice/getInvoiceDetails',
      '/api/user/invoice/invoice',
      '/api/product/invoice',
    ];
    const answers = await Promise.all(paths.map((path) => post(path, { id: 'inv-1' }, ann)));
    const [detail] = answers.map((a) => a.json().data.responseData);
    for (const answer of answers) expect(answer.json().data.responseData).toEqual(detail);
    expect(detail.cartValues).toMatchObject({ admin_fee: 2_500, total: 66_250, paid: 66_250, due: 0 });
    expect(detail.status).toBe('paid');
    expect(detail.shared).toBe(true);
    expect(detail.invoiceItems[0]).toMatchObject({
      product_id: 'l-1',
      auction_id: 'fall-sale',
      product_status: 'ready',
      certificate: { reference: 'PROV-7', issuer: 'Bureau', issued_on: '2019-05-02', note: 'Ex-château' },
    });
    expect(detail.orderControlLogs.map((l: { text: string }) => l.text)).toContain(
      'Admin fee set to $25.00: Handling; total $662.50.',
    );
    const list = await post('/api/product/allinvoices', { status: 'paid' }, ann);
    expect(list.json().data.responseData.records.map((r: { id: string }) => r.id)).toEqual(['inv-1']);
    await app.close();
  });
});

describe('user/invoice multipleInvoice', () => {
  it("answers the caller's invoices in detail with their money summed", async () => {
    const { app, post, signIn } = await given();
    const answer = await post(
      '/api/user/invoice/multipleInvoice',
      { ids: ['inv-1', 'inv-2'] },
      await signIn('ann'),
    );
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data.responseData;
    expect(data.records.map((r: { id: string }) => r.id)).toEqual(['inv-1', 'inv-2']);
    expect(data.totalRecords).toBe(2);
    expect(data.cartValues).toMatchObject({
      total: 66_250 + 66_150,
      paid: 66_250,
      due: 66_150,
      admin_fee: 2_500,
    });
    await app.close();
  });

  it("refuses another buyer's invoice as unknown, a visitor, and a list naming one twice", async () => {
    const { app, post, signIn } = await given();
    const ann = await signIn('ann');
    const other = await post('/api/user/invoice/multipleInvoice', { ids: ['inv-1', 'inv-b'] }, ann);
    expect([other.statusCode, other.json().data.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    expect((await post('/api/user/invoice/multipleInvoice', { ids: ['inv-1'] })).statusCode).toBe(403);
    expect(
      (await post('/api/user/invoice/multipleInvoice', { ids: ['inv-1', 'inv-1'] }, ann)).statusCode,
    ).toBe(400);
    expect((await post('/api/user/invoice/multipleInvoice', { ids: [] }, ann)).statusCode).toBe(400);
    await app.close();
  });
});

describe('user/invoice public_invoice', () => {
  it('shows the shared invoice without a session, with nothing private of the buyer', async () => {
    const { app, post } = await given();
    const answer = await post('/api/user/invoice/public_invoice', { token: TOKEN });
    expect(answer.statusCode).toBe(200);
    const view = answer.json().data.responseData;
    expect(view).toMatchObject({
      kind: 'auction',
      status: 'paid',
      delivery_method: 'delivery',
      cartValues: { admin_fee: 2_500, total: 66_250, paid: 66_250 },
      items: [{ title: '2005 Pétrus', qty: 1, amount: 50_000, certificate: { reference: 'PROV-7' } }],
      payments: [{ type: 'payment', method: 'card', amount: 66_250 }],
    });
    const text = JSON.stringify(view);
    for (const secret of [
      'Annabel',
      'ann@example.com',
      'Secret Lane',
      '62701',
      '4242',
      'Visa',
      'ann',
      'house',
      'ch_p-1',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    await app.close();
  });

  it('answers a token never made or of a share ended as a link that does not work, a bad one as a bad body', async () => {
    const { app, post, docs, record } = await given();
    const forged = await post('/api/user/invoice/public_invoice', {
      token: `S-abcdefghijklmnopqrst.${'y'.repeat(43)}`,
    });
    expect([forged.statusCode, forged.json().data.code]).toEqual([404, 'INVOICE_LINK_INVALID']);
    expect((await post('/api/user/invoice/public_invoice', { token: 'inv-1' })).statusCode).toBe(400);
    expect((await post('/api/user/invoice/public_invoice', {})).statusCode).toBe(400);
    await applyEvents(
      [invoicesProjection],
      [record('invoice-inv-1', 'InvoiceShareRevoked', { shareId: 'S-abcdefghijklmnopqrst' })],
      docs,
    );
    const revoked = await post('/api/user/invoice/public_invoice', { token: TOKEN });
    expect([revoked.statusCode, revoked.json().data.code]).toEqual([404, 'INVOICE_LINK_INVALID']);
    await app.close();
  });
});

describe('deposit/deposit and alldeposits (seeds 001 §3 "Deposits: invoiceItems")', () => {
  it('answers a deposit spent on an invoice with its lines; a held one with none', async () => {
    const { app, post, signIn } = await given();
    const ann = await signIn('ann');
    const applied = (await post('/api/deposit/deposit', { id: 'd-1' }, ann)).json().data.responseData;
    expect(applied.record).toMatchObject({
      id: 'd-1',
      status: 'applied',
      invoice_id: 'inv-2',
      applied: 10_000,
    });
    expect(applied.invoice).toMatchObject({ id: 'inv-2' });
    expect(applied.invoiceItems).toMatchObject([{ product_id: 'l-1', title: '2005 Pétrus', amount: 50_000 }]);
    const held = (await post('/api/deposit/deposit', { id: 'd-2' }, ann)).json().data.responseData;
    expect([held.record.status, held.invoice, held.invoiceItems]).toEqual(['held', null, []]);
    const list = (await post('/api/deposit/alldeposits', {}, ann)).json().data.responseData;
    expect(list.invoiceItems).toMatchObject([{ deposit_id: 'd-1', invoice_id: 'inv-2', product_id: 'l-1' }]);
    await app.close();
  });

  it("answers another buyer's deposit as unknown, and a visitor with 403", async () => {
    const { app, post, signIn } = await given();
    const other = await post('/api/deposit/deposit', { id: 'd-b' }, await signIn('ann'));
    expect([other.statusCode, other.json().data.code]).toEqual([404, 'DEPOSIT_NOT_FOUND']);
    expect((await post('/api/deposit/deposit', { id: 'd-1' })).statusCode).toBe(403);
    await app.close();
  });
});
