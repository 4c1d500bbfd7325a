import { invoiceAmounts } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import type { AppError } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { computeReport, type ReportWindow, weekOf } from './books.ts';
import { csvCells, dollars } from './csv.ts';
import { reportFromLog } from './fold.ts';
import { LEDGER, type LedgerRow, ledgerRowsOf, shares } from './ledger.ts';
import { ledgerProjection } from './project.ts';
import { reportWindow } from './window.ts';

// eventRecorder: the n-th event happens at 2026-11-22T12:00Z + n minutes.
const at = (n: number) => new Date(Date.parse('2026-11-22T12:00:00.000Z') + n * 60_000).toISOString();
const window = (asOf = '2026-11-30T00:00:00.000Z'): ReportWindow =>
  reportWindow({ from: '2026-11-01', to: '2026-11-30', asOf }, new Date('2026-12-01T00:00:00Z'));
// $500 hammer + 20% premium + 10.25% tax on both = $661.50.
const TOTAL = 66_150;

function moneyLog(): RecordedEvent[] {
  const record = eventRecorder();
  const buyNowLines = [
    {
      lotId: 'l-2',
      title: 'Barolo',
      sellerId: 'sam',
      qty: 2,
      unitPrice: 3_000,
      amount: 6_000,
      reservationId: 'r-1',
    },
    {
      lotId: 'l-3',
      title: 'Chablis',
      sellerId: 'house',
      qty: 1,
      unitPrice: 1_001,
      amount: 1_001,
      reservationId: 'r-2',
    },
  ];
  return [
    record('invoice-inv-1', 'InvoiceIssued', invoiceIssued()), // 1
    record('invoice-inv-2', 'InvoiceIssued', {
      ...invoiceIssued({ invoiceId: 'inv-2', kind: 'buynow', buyerId: 'bo', lines: buyNowLines }),
    }), // 2
    record('wallet-bo', 'WalletCredited', {
      entryId: 'w-1',
      amount: 2_500,
      source: 'card',
      reference: 'ch_w',
    }), // 3
    record('giftcard-h1', 'GiftCardIssued', { giftCardId: 'g-1', last4: 'AB12', amount: 1_000 }), // 4
    record('invoice-inv-1', 'PaymentRecorded', paymentRecorded('p-1', TOTAL)), // 5 (t1 is here)
    record('invoice-inv-2', 'PaymentRecorded', paymentRecorded('p-2', 2_000, 'wallet')), // 6
    record('wallet-bo', 'WalletDebited', {
      entryId: 'w-2',
      amount: 2_000,
      purpose: 'invoice',
      reference: 'inv-2',
    }), // 7
    record('giftcard-h1', 'GiftCardRedeemed', { userId: 'bo', amount: 1_000 }), // 8
    record('invoice-inv-1', 'ReturnAccepted', { returnId: 'rt-1', by: 'fin', note: '', to: 'card' }), // 9
    record('invoice-inv-1', 'PaymentRefunded', {
      refundId: 'rf-1',
      paymentId: 'p-1',
      amount: 5_000,
      to: 'card',
      reason: 'return',
      returnId: 'rt-1',
    }), // 10
    record('lot-l-9', 'BidPlaced', { bidderId: 'x', amount: 1 }), // 11: moves no money
  ];
}

describe('ledger projection', () => {
  it('writes an issued invoice as one row for the invoice and one per line, with the event position and time', () => {
    const [issued] = moneyLog();
    const rows = ledgerRowsOf(issued as RecordedEvent);
    expect(rows).toEqual([
      expect.objectContaining({
        _id: `${issued?.position}:000`,
        kind: 'invoice',
        invoice_id: 'inv-1',
        buyer_id: 'ann',
        amount: 50_000,
        premium: 10_000,
        tax: 6_150,
        total: TOTAL,
        occurred_at: at(1),
        position: issued?.position,
      }),
      expect.objectContaining({
        _id: `${issued?.position}:001`,
        kind: 'line',
        seller_id: 'house',
        lot_id: 'l-1',
      }),
    ]);
  });

  it('splits the premium and tax over the lines to the cent, the remainder on the last line', () => {
    expect(shares(100, [1, 1, 1])).toEqual([33, 33, 34]);
    const rows = ledgerRowsOf(moneyLog()[1] as RecordedEvent).filter((r) => r.kind === 'line');
    const tax = invoiceAmounts(7_001, 0, 1025).tax;
    expect(rows.reduce((sum, r) => sum + (r.tax ?? 0), 0)).toBe(tax);
  });

  it('records nothing for an event that moves no money', () => {
    expect(ledgerRowsOf(moneyLog()[10] as RecordedEvent)).toEqual([]);
  });

  it('is idempotent: the same events applied twice, one at a time or in a batch, leave the same rows', async () => {
    const log = moneyLog();
    const once = await applyEvents([ledgerProjection], log);
    const twice = await applyEvents([ledgerProjection], log, await applyEvents([ledgerProjection], log), 4);
    const rowsOf = async (docs: typeof once) =>
      docs.collection<LedgerRow>(LEDGER).find({}, { sort: { _id: 1 } });
    expect(await rowsOf(twice)).toEqual(await rowsOf(once));
    expect(await rowsOf(once)).toHaveLength(log.flatMap(ledgerRowsOf).length);
  });
});

describe('reports over the ledger', () => {
  it('gives the same report from the ledger read model as straight from the log', async () => {
    const log = moneyLog();
    const docs = await applyEvents([ledgerProjection], log);
    const rows = await docs.collection<LedgerRow>(LEDGER).find({}, { sort: { _id: 1 } });
    for (const report of ['getCustomerOrders', 'getPayments', 'getBalances', 'getVendorSold'] as const) {
      expect(computeReport(report, rows, window()), report).toEqual(reportFromLog(report, log, window()));
    }
  });

  it('reconciles payments and refunds with the log to the cent', () => {
    const { records, totals } = reportFromLog('getPayments', moneyLog(), window());
    expect(records.map((r) => [r.type, r.method, r.amount])).toEqual([
      ['payment', 'card', TOTAL],
      ['payment', 'wallet', 2_000],
      ['refund', 'card', -5_000],
    ]);
    expect(totals).toMatchObject({ amount: TOTAL + 2_000 - 5_000, payments: TOTAL + 2_000, refunds: 5_000 });
  });

  it('takes a lost dispute off the payments as a charge-back, and a won one not at all (issue 35 §1)', () => {
    const record = eventRecorder();
    const closed = (disputeId: string, outcome: 'won' | 'lost') => ({
      disputeId,
      paymentId: 'p-1',
      method: 'card',
      amount: 4_000,
      outcome,
    });
    const log = [
      record('invoice-inv-1', 'InvoiceIssued', invoiceIssued()),
      record('invoice-inv-1', 'PaymentRecorded', paymentRecorded('p-1', TOTAL)),
      record('invoice-inv-1', 'PaymentDisputed', {
        disputeId: 'dp_1',
        paymentId: 'p-1',
        amount: 4_000,
        reason: 'fraudulent',
      }),
      record('invoice-inv-1', 'PaymentDisputeClosed', closed('dp_1', 'lost')),
      record('invoice-inv-1', 'PaymentDisputeClosed', closed('dp_2', 'won')),
    ];
    const { records, totals } = reportFromLog('getPayments', log, window());
    expect(records.map((r) => [r.type, r.method, r.reference, r.amount])).toEqual([
      ['payment', 'card', 'ch_p-1', TOTAL],
      ['chargeback', 'card', 'dp_1', -4_000],
    ]);
    expect(totals).toMatchObject({ amount: TOTAL - 4_000, payments: TOTAL, refunds: 0, chargebacks: 4_000 });
  });

  it('takes the books as they stood at an instant: later payments are not yet in them', () => {
    const log = moneyLog();
    const before = reportFromLog('getCustomerOrders', log, window(at(4)));
    expect(before.records.map((r) => [r.invoice_id, r.status, r.paid])).toEqual([
      ['inv-1', 'unpaid', 0],
      ['inv-2', 'unpaid', 0],
    ]);
    // Later events change nothing about the books as of t1.
    expect(reportFromLog('getCustomerOrders', log.slice(0, 4), window(at(4)))).toEqual(before);
    const now = reportFromLog('getCustomerOrders', log, window());
    expect(now.records.map((r) => [r.invoice_id, r.status, r.paid, r.refunded])).toEqual([
      ['inv-1', 'paid', TOTAL, 5_000],
      ['inv-2', 'partial', 2_000, 0],
    ]);
    expect(reportFromLog('getCustomerPaid', log, window()).records.map((r) => r.invoice_id)).toEqual([
      'inv-1',
    ]);
    expect(reportFromLog('getCustomerUnPaid', log, window()).records.map((r) => r.invoice_id)).toEqual([
      'inv-2',
    ]);
  });

  it('counts wallet and gift-card balances outstanding at the end of the period', () => {
    const asOfT1 = reportFromLog('getBalances', moneyLog(), window(at(4)));
    expect(asOfT1.totals).toMatchObject({ wallets: 2_500, giftcards: 1_000, balance: 3_500 });
    const later = reportFromLog('getBalances', moneyLog(), window());
    expect(later.totals).toMatchObject({ wallets: 500, giftcards: 0 });
  });

  it('sums sales and premium by week, and premium and tax per invoice', () => {
    const log = moneyLog();
    expect(weekOf('2026-11-22T12:00:00.000Z')).toBe('2026-11-16');
    expect(reportFromLog('getWeeklySales', log, window()).records).toEqual([
      { week: '2026-11-16', invoices: 2, sales: 57_001, premium: 10_000 },
    ]);
    expect(reportFromLog('getPremiumEarned', log, window()).totals).toMatchObject({ premium: 10_000 });
    expect(reportFromLog('getTaxCollected', log, window()).records[0]).toMatchObject({
      tax_rate: 10.25,
      tax: 6_150,
    });
    const selling = reportFromLog('getVendorSelling', log, window());
    expect(selling.records.map((r) => [r.seller_id, r.gross, r.paid_gross])).toEqual([
      ['house', 51_001, 50_000],
      ['sam', 6_000, 0],
    ]);
  });
});

describe('report window and CSV', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const refused = (input: { from: string; to: string; asOf?: string }) => {
    try {
      reportWindow(input, now);
      return null;
    } catch (error) {
      return (error as AppError).code;
    }
  };

  it('refuses a range that ends before it starts, or an instant after now', () => {
    expect(refused({ from: '2026-11-02', to: '2026-11-01' })).toBe('REPORT_RANGE');
    expect(refused({ from: '2000-01-01', to: '2026-11-01' })).toBe('REPORT_RANGE');
    expect(refused({ from: '2026-11-01', to: '2026-11-02', asOf: '2026-11-24T10:00:01Z' })).toBe(
      'REPORT_AS_OF',
    );
    expect(refused({ from: '2026-11-01', to: '2026-11-01', asOf: '2026-11-24T10:00:00Z' })).toBeNull();
  });

  it('writes money as dollars with two decimals, exactly', () => {
    expect([dollars(0), dollars(5), dollars(-5_000), dollars(66_150)]).toEqual([
      '0.00',
      '0.05',
      '-50.00',
      '661.50',
    ]);
    expect(
      csvCells('getPayments', {
        occurred_at: 'x',
        invoice_id: 'i',
        type: 'refund',
        method: 'card',
        reference: '',
        amount: -105,
      }),
    ).toEqual(['x', 'i', 'refund', 'card', '', '-1.05']);
  });
});
