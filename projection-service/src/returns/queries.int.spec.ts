import { actions, defaultMoneySettings } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import type { QueryPlugin } from '../core/queries.ts';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceQueries } from '../invoices/queries.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { usersProjection } from '../users/project.ts';
import { returnsProjection } from './project.ts';
import { returnQueries } from './queries.ts';

const clock = manualClock('2026-11-23T12:00:00.000Z');
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
const bottles = {
  lotId: 'l-2',
  title: 'Barolo',
  sellerId: 'house',
  qty: 6,
  unitPrice: 5_000,
  amount: 30_000,
};
// ann's buy-now invoice inv-1 ($300 + 10.25% tax), paid by card; bob's inv-b paid from his wallet.
const TOTAL = 33_075;

const both: QueryPlugin = async (app, deps) => {
  await invoiceQueries(app, deps);
  await returnQueries(app, deps);
};

/** r-1: ann returns 2 bottles, refunded to her card; r-2: ann's second request, open; r-b: bob's, open. */
async function returns() {
  const record = eventRecorder();
  const inv = (id: string, buyerId: string) =>
    record(
      `invoice-${id}`,
      'InvoiceIssued',
      invoiceIssued({ invoiceId: id, buyerId, kind: 'buynow', lines: [{ ...bottles, reservationId: null }] }),
    );
  const asked = (invoice: string, returnId: string, qty: number, amount: number) =>
    record(`invoice-${invoice}`, 'ReturnRequested', {
      returnId,
      lotId: 'l-2',
      qty,
      reason: 'Corked',
      amount,
    });
  const docs = await applyEvents(
    [usersProjection, invoicesProjection, returnsProjection],
    [
      record('user-ann', 'UserRegistered', registered('ann')),
      record('user-bob', 'UserRegistered', registered('bob')),
      record('user-fin', 'UserRegistered', registered('fin')),
      record('user-fin', 'RoleGranted', { role: 'finance' }),
      inv('inv-1', 'ann'),
      record('invoice-inv-1', 'PaymentRecorded', paymentRecorded('p-1', TOTAL)),
      asked('inv-1', 'r-1', 2, 11_025),
      record('invoice-inv-1', 'ReturnAccepted', { returnId: 'r-1', by: 'fin', note: '', to: 'card' }),
      record('invoice-inv-1', 'PaymentRefunded', {
        refundId: 'r-1:refund',
        paymentId: 'p-1',
        amount: 11_025,
        to: 'card',
        reason: 'Return of 2 × Barolo: Corked',
        returnId: 'r-1',
      }),
      asked('inv-1', 'r-2', 4, 22_050),
      inv('inv-b', 'bob'),
      record('invoice-inv-b', 'PaymentRecorded', paymentRecorded('p-b', TOTAL, 'wallet')),
      asked('inv-b', 'r-b', 1, 5_513),
    ],
  );
  return queryApp(both, docs, clock, defaultMoneySettings);
}

describe('returns queries', () => {
  it("lists the caller's returns, newest first, with the line's title; one invoice's when named", async () => {
    const { app, post, signIn } = await returns();
    const ann = await signIn('ann');
    const all = (await post(actions.allreturns.path, {}, ann)).json().data.responseData;
    expect(all.totalRecords).toBe(2);
    expect(all.records.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      ['r-2', 'requested'],
      ['r-1', 'refunded'],
    ]);
    expect(all.records[1]).toMatchObject({ title: 'Barolo', qty: 2, amount: 11_025, refund_to: 'card' });
    const other = (await post(actions.allreturns.path, { invoice_id: 'inv-b' }, ann)).json().data
      .responseData;
    expect(other).toEqual({ records: [], totalRecords: 0, setDisp: '' });
    await app.close();
  });

  it('shows one return with its invoice and its refund; another buyer\u2019s is unknown', async () => {
    const { app, post, signIn } = await returns();
    const answer = await post(actions.returninvoice.path, { id: 'r-1' }, await signIn('ann'));
    const detail = answer.json().data.responseData;
    expect(detail.invoice).toMatchObject({ id: 'inv-1', status: 'paid', paid: TOTAL, due: 0 });
    expect(detail.returnTransactions).toEqual([
      expect.objectContaining({ id: 'inv-1:r-1:refund', type: 'refund', method: 'card', amount: 11_025 }),
    ]);
    const bobs = await post(actions.returninvoice.path, { id: 'r-1' }, await signIn('bob'));
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json().data.code).toBe('RETURN_NOT_FOUND');
    await app.close();
  });

  it('shows the invoice as paid and partly returned, with the last day to ask', async () => {
    const { app, post, signIn } = await returns();
    const detail = (await post(actions.invoice.path, { id: 'inv-1' }, await signIn('ann'))).json().data
      .responseData;
    expect(detail).toMatchObject({
      status: 'paid',
      paid: TOTAL,
      returned: 11_025,
      return_status: 'partly_returned',
    });
    expect(Date.parse(detail.return_until) - Date.parse(detail.paid_at)).toBe(30 * 24 * 3600_000);
    await app.close();
  });

  it('gives finance the open returns, oldest first, with where each refund can go', async () => {
    const { app, post, signIn } = await returns();
    const answer = await post(actions.staffReturns.path, {}, await signIn('fin'));
    const list = answer.json().data.responseData;
    expect(list.records.map((r: { id: string }) => r.id)).toEqual(['r-2', 'r-b']);
    // ann paid $330.75 by card, $110.25 went back to it: $220.50 more fits. bob paid from his wallet.
    expect(list.records[0]).toMatchObject({
      buyer_name: 'ANN Buyer',
      card_refundable: true,
      default_to: 'card',
    });
    expect(list.records[1]).toMatchObject({
      buyer_email: 'bob@example.com',
      card_refundable: false,
      default_to: 'wallet',
    });
    const decided = (await post(actions.staffReturns.path, { status: 'decided' }, await signIn('fin'))).json()
      .data.responseData;
    expect(decided.records.map((r: { id: string }) => r.id)).toEqual(['r-1']);
    const buyer = await post(actions.staffReturns.path, {}, await signIn('ann'));
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().data.code).toBe('ROLE_REQUIRED');
    await app.close();
  });
});
