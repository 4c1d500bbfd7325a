import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued } from '../invoices/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { purchaseQueries } from './queries.ts';

const line = (lotId: string, qty = 1) => ({
  lotId,
  title: `Lot ${lotId}`,
  sellerId: 'house',
  qty,
  unitPrice: 10_000,
  amount: 10_000 * qty,
  reservationId: null,
});

/**
 * ann bought p1 at auction (inv-1), p2 and p3 now (inv-2), p4 by offer (inv-3), p2 again now (inv-4),
 * and p5 in an order that was voided (inv-5); bob bought p6.
 */
async function purchases() {
  const record = eventRecorder();
  const issue = (id: string, extra: Parameters<typeof invoiceIssued>[0]) =>
    record(`invoice-${id}`, 'InvoiceIssued', invoiceIssued({ invoiceId: id, ...extra }));
  const docs = await applyEvents(
    [lotsProjection, invoicesProjection],
    [
      ...['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) =>
        record(`lot-${id}`, 'LotListed', listedLot({ lotId: id, title: `Wine ${id}` })),
      ),
      issue('inv-1', { kind: 'auction', lines: [line('p1')] }),
      issue('inv-2', { kind: 'buynow', lines: [line('p2', 2), line('p3')] }),
      issue('inv-3', { kind: 'offer', lines: [line('p4')] }),
      issue('inv-4', { kind: 'buynow', lines: [line('p2')] }),
      issue('inv-5', { kind: 'buynow', lines: [line('p5')] }),
      record('invoice-inv-5', 'InvoiceVoided', { reason: 'expired' }),
      issue('inv-b', { kind: 'buynow', buyerId: 'bob', lines: [line('p6')] }),
    ],
  );
  return queryApp(purchaseQueries, docs, manualClock('2026-11-23T12:00:00.000Z'));
}

const PATH = '/api/user/purchases';
const ids = (answer: { records: { id: string }[] }) => answer.records.map((r) => r.id);

describe('the purchases listing (/api/user/purchases, seeds 000 §2.3 /purchases/:type)', () => {
  it('refuses a caller without a session, and a bad type, before anything is read', async () => {
    const { app, post, signIn } = await purchases();
    expect((await post(PATH, {})).statusCode).toBe(403);
    const bad = await post(PATH, { type: 'stolen' }, await signIn('ann'));
    expect([bad.statusCode, bad.json().data.code]).toEqual([400, 'VALIDATION']);
    await app.close();
  });

  it("lists the caller's purchased lots, each once, latest purchase first, never a voided order's", async () => {
    const { app, post, signIn } = await purchases();
    const ann = await signIn('ann');
    const all = (await post(PATH, {}, ann)).json().data.responseData;
    expect(ids(all)).toEqual(['p2', 'p4', 'p3', 'p1']);
    expect(all.totalRecords).toBe(4);
    expect(all.setDisp).toBe('Showing 1-4 of 4');
    expect(all.records[0]).toMatchObject({ id: 'p2', title: 'Wine p2' });
    await app.close();
  });

  it('lists them by how they were bought, a page at a time', async () => {
    const { app, post, signIn } = await purchases();
    const ann = await signIn('ann');
    const answer = async (input: object) => (await post(PATH, input, ann)).json().data.responseData;
    expect(ids(await answer({ type: 'auction' }))).toEqual(['p1']);
    expect(ids(await answer({ type: 'buynow' }))).toEqual(['p2', 'p3']);
    expect(ids(await answer({ type: 'offer' }))).toEqual(['p4']);
    const second = await answer({ page: 2, limit: 3 });
    expect([ids(second), second.totalRecords, second.setDisp]).toEqual([['p1'], 4, 'Showing 4-4 of 4']);
    expect(await answer({ type: 'all' })).toMatchObject({ totalRecords: 4 });
    await app.close();
  });

  it("never shows another buyer's purchases", async () => {
    const { app, post, signIn } = await purchases();
    expect(ids((await post(PATH, {}, await signIn('bob'))).json().data.responseData)).toEqual(['p6']);
    expect((await post(PATH, {}, await signIn('cat'))).json().data.responseData).toEqual({
      records: [],
      totalRecords: 0,
      setDisp: '',
    });
    await app.close();
  });
});
