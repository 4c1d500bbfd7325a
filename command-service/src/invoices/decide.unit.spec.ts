import type { InvoiceEvent, InvoiceIssuedData } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { invoiceDecider, STALE_PAYMENT_MS } from './decide.ts';

const spec = deciderSpec(invoiceDecider);
const NOW = new Date('2026-11-24T10:00:00.000Z');

const issuedData: InvoiceIssuedData = {
  invoiceId: 'A-lot-1',
  kind: 'auction',
  buyerId: 'ann',
  lines: [
    {
      lotId: 'lot-1',
      title: 'Barolo',
      sellerId: 'sam',
      qty: 6,
      unitPrice: 10_000,
      amount: 10_000,
      reservationId: null,
    },
  ],
  amounts: { subtotal: 10_000, premiumPercent: 20, premium: 2_000, tax: 1_230, total: 13_230 },
  delivery: { method: 'pickup', address: null, billingAddress: null, taxState: 'IL', taxRate: 1025 },
  dueAt: '2026-12-08T10:00:00.000Z',
};
const issued: InvoiceEvent = { type: 'InvoiceIssued', data: issuedData };
const started = (paymentId: string, amount: number, at = NOW): InvoiceEvent => ({
  type: 'PaymentStarted',
  data: { paymentId, method: 'card', amount, card: null, startedAt: at.toISOString() },
});
const recorded = (paymentId: string, amount: number): InvoiceEvent => ({
  type: 'PaymentRecorded',
  data: { paymentId, method: 'card', amount, reference: `ch-${paymentId}` },
});
const start = (paymentId: string, amount: number, buyerId = 'ann') =>
  ({ type: 'StartPayment', buyerId, paymentId, method: 'card', amount, card: null, now: NOW }) as const;

describe('the invoice decider', () => {
  it('issues once; the same order retried is no change, another buyer may not take its id', () => {
    spec([]).when({ type: 'IssueInvoice', data: issuedData }).then([issued]);
    spec([issued]).when({ type: 'IssueInvoice', data: issuedData }).then([]);
    spec([issued])
      .when({ type: 'IssueInvoice', data: { ...issuedData, buyerId: 'mallory' } })
      .thenThrows({ code: 'ORDER_TAKEN' });
  });

  it('takes one payment at a time: a second while one is under way is refused', () => {
    spec([issued])
      .when(start('p1', 13_230))
      .then([started('p1', 13_230)]);
    spec([issued, started('p1', 13_230)])
      .when(start('p2', 13_230))
      .thenThrows({ code: 'PAYMENT_IN_PROGRESS' });
    // The same payment started again is no change (a retried request).
    spec([issued, started('p1', 13_230)])
      .when(start('p1', 13_230))
      .then([]);
  });

  it('lets a payment left unfinished for 30 minutes stop blocking the next', () => {
    const long = new Date(NOW.getTime() - STALE_PAYMENT_MS);
    spec([issued, started('p1', 13_230, long)])
      .when(start('p2', 13_230))
      .then([started('p2', 13_230)]);
  });

  it('goes from unpaid to partial to paid, and refuses paying a paid invoice or more than is due', () => {
    spec([issued, started('p1', 5_000), recorded('p1', 5_000)])
      .when(start('p2', 9_000))
      .thenThrows({ code: 'PAYMENT_IN_PROGRESS' });
    spec([issued, started('p1', 5_000), recorded('p1', 5_000)])
      .when(start('p2', 8_230))
      .then([started('p2', 8_230)]);
    spec([issued, started('p1', 13_230), recorded('p1', 13_230)])
      .when(start('p2', 1))
      .thenThrows({ code: 'INVOICE_PAID', message: 'This invoice is already paid' });
    spec([issued, started('p1', 13_230), recorded('p1', 13_230)])
      .when({ type: 'RecordPayment', paymentId: 'p1', method: 'card', amount: 13_230, reference: 'x' })
      .then([]);
  });

  it('answers someone else\u2019s invoice as unknown', () => {
    spec([issued])
      .when(start('p1', 100, 'mallory'))
      .thenThrows({ code: 'INVOICE_NOT_FOUND' });
    spec([]).when(start('p1', 100)).thenThrows({ code: 'INVOICE_NOT_FOUND' });
  });

  it('changes the delivery only before any payment', () => {
    const delivery = { ...issuedData.delivery, method: 'delivery' as const, taxState: 'NY', taxRate: 0 };
    const amounts = { ...issuedData.amounts, tax: 0, total: 12_000 };
    spec([issued])
      .when({ type: 'ChooseDelivery', buyerId: 'ann', delivery, amounts })
      .then([{ type: 'InvoiceDeliveryChosen', data: { delivery, amounts } }]);
    spec([issued, started('p1', 100), recorded('p1', 100)])
      .when({ type: 'ChooseDelivery', buyerId: 'ann', delivery, amounts })
      .thenThrows({ code: 'DELIVERY_LOCKED' });
  });

  it('voids only once the money taken is given back', () => {
    const paidSome = [issued, started('p1', 100), recorded('p1', 100)];
    spec(paidSome).when({ type: 'VoidInvoice', reason: 'expired' }).thenThrows({ code: 'INVOICE_PAID' });
    const refunded: InvoiceEvent = {
      type: 'PaymentRefunded',
      data: { refundId: 'r1', paymentId: 'p1', amount: 100, to: 'wallet', reason: 'order expired unpaid' },
    };
    spec([...paidSome, refunded])
      .when({ type: 'VoidInvoice', reason: 'expired' })
      .then([{ type: 'InvoiceVoided', data: { reason: 'expired' } }]);
    spec([...paidSome, refunded, { type: 'InvoiceVoided', data: { reason: 'expired' } }])
      .when(start('p2', 100))
      .thenThrows({ code: 'INVOICE_VOID' });
  });
});
