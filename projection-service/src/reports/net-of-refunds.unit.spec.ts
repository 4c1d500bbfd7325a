import type { RecordedEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { computeReport } from './books.ts';
import { reportFromLog } from './fold.ts';
import { LEDGER, type LedgerRow } from './ledger.ts';
import { ledgerProjection } from './project.ts';
import { reportWindow } from './window.ts';

// $500 hammer + 20% premium + 10.25% tax on both = $661.50, issued and paid in November.
const TOTAL = 66_150;
const NOW = new Date('2027-01-15T00:00:00.000Z');
const november = (asOf?: string) => reportWindow({ from: '2026-11-01', to: '2026-11-30', asOf }, NOW);
const december = (asOf?: string) => reportWindow({ from: '2026-12-01', to: '2026-12-31', asOf }, NOW);
const REFUNDED_AT = '2026-12-03T10:00:00.000Z';

/**
 * ann's auction invoice, paid on 22 November, and a refund of $220.50 for a return on 3 December,
 * split as the return decider splits it: price $166.67, premium $33.33, tax $20.50.
 */
function log(): RecordedEvent[] {
  const record = eventRecorder();
  const refund = {
    returnId: 'rt-1',
    refundId: 'rf-1',
    amount: 22_050,
    reason: '',
    by: 'fin',
    lotId: 'l-1',
    qty: 1,
    price: 16_667,
    premium: 3_333,
    tax: 2_050,
    taxState: 'IL',
    taxRate: 1025,
    parts: [{ paymentId: 'p-1', to: 'card', amount: 22_050 }],
  };
  return [
    record('invoice-inv-1', 'InvoiceIssued', invoiceIssued()),
    record('invoice-inv-1', 'PaymentRecorded', paymentRecorded('p-1', TOTAL)),
    record('invoice-inv-1', 'ReturnRefundStarted', refund, { occurredAt: REFUNDED_AT }),
    record(
      'invoice-inv-1',
      'PaymentRefunded',
      {
        refundId: 'rf-1-1',
        paymentId: 'p-1',
        amount: 22_050,
        to: 'card',
        reason: 'Return of 1 × Pétrus',
        returnId: 'rt-1',
      },
      { occurredAt: REFUNDED_AT },
    ),
  ];
}

const totals = (report: 'getTaxCollected' | 'getPremiumEarned' | 'getWeeklySales', w = december()) =>
  reportFromLog(report, log(), w).totals;

describe('reports net of refunds (issue 31)', () => {
  it('takes a refund off the period it was made in, not the sale\u2019s', () => {
    expect(totals('getTaxCollected', november())).toMatchObject({ tax: 6_150, taxable: 60_000 });
    expect(totals('getTaxCollected', december())).toMatchObject({ tax: -2_050, taxable: -20_000 });
    expect(totals('getPremiumEarned', november())).toMatchObject({ premium: 10_000 });
    expect(totals('getPremiumEarned', december())).toMatchObject({ premium: -3_333, hammer: -16_667 });
  });

  it('shows the refund as its own row on its day, at the invoice\u2019s state and rate', () => {
    const { records } = reportFromLog('getTaxCollected', log(), december());
    expect(records).toEqual([
      {
        invoice_id: 'inv-1',
        issued_at: REFUNDED_AT,
        tax_state: 'IL',
        tax_rate: 10.25,
        status: 'refunded',
        taxable: -20_000,
        tax: -2_050,
      },
    ]);
  });

  it('nets a refund in the same period against the sale, to the cent', () => {
    const both = reportWindow({ from: '2026-11-01', to: '2026-12-31' }, NOW);
    expect(totals('getTaxCollected', both)).toMatchObject({ tax: 6_150 - 2_050 });
    expect(totals('getPremiumEarned', both)).toMatchObject({ premium: 10_000 - 3_333 });
    expect(totals('getWeeklySales', both)).toMatchObject({ sales: 50_000 - 16_667, premium: 10_000 - 3_333 });
    // The sale's week and the refund's week each show their own.
    const weeks = reportFromLog('getWeeklySales', log(), both).records;
    expect(weeks).toEqual([
      { week: '2026-11-16', invoices: 1, sales: 50_000, premium: 10_000 },
      { week: '2026-11-30', invoices: 0, sales: -16_667, premium: -3_333 },
    ]);
  });

  it('shows the sale unreduced as of a date before the refund', () => {
    const both = (asOf: string) => reportWindow({ from: '2026-11-01', to: '2026-12-31', asOf }, NOW);
    expect(totals('getTaxCollected', both('2026-12-03T09:59:59.999Z'))).toMatchObject({ tax: 6_150 });
    expect(totals('getTaxCollected', both(REFUNDED_AT))).toMatchObject({ tax: 4_100 });
    expect(totals('getTaxCollected', december('2026-12-02T00:00:00.000Z'))).toMatchObject({ tax: 0 });
  });

  it('gives the same net reports from the ledger read model as from the log', async () => {
    const docs = await applyEvents([ledgerProjection], log());
    const rows = await docs.collection<LedgerRow>(LEDGER).find({}, { sort: { _id: 1 } });
    const both = reportWindow({ from: '2026-11-01', to: '2026-12-31' }, NOW);
    for (const report of ['getTaxCollected', 'getPremiumEarned', 'getWeeklySales'] as const) {
      expect(computeReport(report, rows, both), report).toEqual(reportFromLog(report, log(), both));
    }
  });
});
