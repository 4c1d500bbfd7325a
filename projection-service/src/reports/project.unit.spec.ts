import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { LEDGER, type LedgerRow, ledgerRowsOf } from './ledger.ts';
import { ledgerProjection } from './project.ts';

describe('the ledger read model', () => {
  it("holds each money event's rows under their positions, as the log gives them, and nothing for other events", async () => {
    const record = eventRecorder();
    const events = [
      record('invoice-inv-1', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-1', buyerId: 'ann' })),
      record('user-ann', 'LotWatched', { lotId: 'l-1' }),
      record('invoice-inv-1', 'PaymentRecorded', paymentRecorded('p-1', 1_000)),
    ];
    const docs = await applyEvents([ledgerProjection], events);
    const rows = await docs.collection<LedgerRow>(LEDGER).find({}, { sort: { _id: 1 } });
    const expected = events.flatMap(ledgerRowsOf);
    expect(expected.length).toBeGreaterThan(1);
    expect(rows).toEqual(expected);
    expect(rows.some((r) => r.position === events[1]?.position)).toBe(false);
  });

  it('only ever inserts a row: one already under its id is left as it is', async () => {
    const record = eventRecorder();
    const payment = record('invoice-inv-2', 'PaymentRecorded', paymentRecorded('p-2', 2_500));
    const [row] = ledgerRowsOf(payment);
    if (!row) throw new Error('a payment makes a ledger row');
    const docs = await applyEvents([ledgerProjection], []);
    const kept = { ...row, amount: 1 };
    await docs.collection<LedgerRow>(LEDGER).insertOne(kept);
    await applyEvents([ledgerProjection], [payment], docs);
    expect(await docs.collection<LedgerRow>(LEDGER).find({ _id: row._id })).toEqual([kept]);
  });
});
