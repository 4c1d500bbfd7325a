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
/** The buyer was asked to act on p1's charge (issuer authentication). */
const asked: InvoiceEvent = { type: 'PaymentActionRequired', data: { paymentId: 'p1', chargeId: 'ch-1' } };
const voided: InvoiceEvent = { type: 'InvoiceVoided', data: { reason: 'expired' } };
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
      .then([voided]);
    spec([...paidSome, refunded, voided])
      .when(start('p2', 100))
      .thenThrows({ code: 'INVOICE_VOID' });
  });

  it('asks the buyer to act on a pending payment only, once', () => {
    const require = { type: 'RequireAction', paymentId: 'p1', chargeId: 'ch-1' } as const;
    spec([issued, started('p1', 13_230)])
      .when(require)
      .then([asked]);
    spec([issued, started('p1', 13_230), asked])
      .when(require)
      .then([]);
    spec([issued, started('p1', 13_230), recorded('p1', 13_230)])
      .when(require)
      .then([]);
    spec([issued]).when(require).then([]);
    spec([]).when(require).thenThrows({ code: 'INVOICE_NOT_FOUND' });
  });

  it('records a payment once, never on a void invoice, never for nothing or more than is due', () => {
    const record = (paymentId: string, amount: number) =>
      ({ type: 'RecordPayment', paymentId, method: 'card', amount, reference: `ch-${paymentId}` }) as const;
    spec([issued, started('p1', 13_230)])
      .when(record('p1', 13_230))
      .then([recorded('p1', 13_230)]);
    spec([issued, started('p1', 5_000), recorded('p1', 5_000), started('p2', 8_230)])
      .when(record('p2', 8_230))
      .then([recorded('p2', 8_230)]);
    spec([issued, started('p1', 5_000), recorded('p1', 5_000), started('p2', 8_231)])
      .when(record('p2', 8_231))
      .thenThrows({ code: 'INVOICE_PAID' });
    spec([issued, started('p1', 0)])
      .when(record('p1', 0))
      .thenThrows({ code: 'INVOICE_PAID' });
    spec([issued, started('p1', 1)])
      .when(record('p1', 1))
      .then([recorded('p1', 1)]);
    spec([issued, voided]).when(record('p1', 100)).thenThrows({ code: 'INVOICE_VOID' });
    spec([]).when(record('p1', 100)).thenThrows({ code: 'INVOICE_NOT_FOUND' });
  });

  it('fails a payment that is pending or waiting for the buyer, once, and never a recorded one', () => {
    const fail = { type: 'FailPayment', paymentId: 'p1', reason: 'card_declined' } as const;
    const failed: InvoiceEvent = {
      type: 'PaymentFailed',
      data: { paymentId: 'p1', reason: 'card_declined' },
    };
    spec([issued, started('p1', 13_230)])
      .when(fail)
      .then([failed]);
    spec([issued, started('p1', 13_230), asked])
      .when(fail)
      .then([failed]);
    spec([issued, started('p1', 13_230), failed])
      .when(fail)
      .then([]);
    spec([issued, started('p1', 13_230), recorded('p1', 13_230)])
      .when(fail)
      .then([]);
    spec([issued]).when(fail).then([]);
    // A failed payment no longer blocks the next one.
    spec([issued, started('p1', 13_230), failed])
      .when(start('p2', 13_230))
      .then([started('p2', 13_230)]);
  });

  it('refunds once, at most what was paid and not already returned, and at least a cent', () => {
    const paid = [issued, started('p1', 13_230), recorded('p1', 13_230)];
    const refund = (refundId: string, amount: number) =>
      ({ type: 'RefundPayment', refundId, paymentId: 'p1', amount, to: 'card', reason: 'goodwill' }) as const;
    const refunded = (refundId: string, amount: number): InvoiceEvent => ({
      type: 'PaymentRefunded',
      data: { refundId, paymentId: 'p1', amount, to: 'card', reason: 'goodwill' },
    });
    spec(paid)
      .when(refund('r1', 13_230))
      .then([refunded('r1', 13_230)]);
    spec(paid).when(refund('r1', 13_231)).thenThrows({ code: 'INVOICE_PAID' });
    spec(paid).when(refund('r1', 0)).thenThrows({ code: 'INVOICE_PAID' });
    spec(paid)
      .when(refund('r1', 1))
      .then([refunded('r1', 1)]);
    spec([...paid, refunded('r1', 13_000)])
      .when(refund('r1', 13_000))
      .then([]);
    spec([...paid, refunded('r1', 13_000)])
      .when(refund('r2', 231))
      .thenThrows({ code: 'INVOICE_PAID' });
    spec([...paid, refunded('r1', 13_000)])
      .when(refund('r2', 230))
      .then([refunded('r2', 230)]);
    spec([issued]).when(refund('r1', 1)).thenThrows({ code: 'INVOICE_PAID' });
  });

  it('locks the delivery while a payment is under way, and voids a void invoice as no change', () => {
    const delivery = { ...issuedData.delivery, method: 'delivery' as const, taxState: 'NY', taxRate: 0 };
    const amounts = { ...issuedData.amounts, tax: 0, total: 12_000 };
    spec([issued, started('p1', 100)])
      .when({ type: 'ChooseDelivery', buyerId: 'ann', delivery, amounts })
      .thenThrows({ code: 'DELIVERY_LOCKED' });
    spec([issued])
      .when({ type: 'ChooseDelivery', buyerId: 'ann', delivery: issuedData.delivery, amounts })
      .then([]);
    spec([issued, voided]).when({ type: 'VoidInvoice', reason: 'expired' }).then([]);
  });

  it('refuses starting a payment of nothing, and of a cent more than is due', () => {
    spec([issued]).when(start('p1', 0)).thenThrows({ code: 'PAYMENT_IN_PROGRESS' });
    spec([issued])
      .when(start('p1', 1))
      .then([started('p1', 1)]);
    spec([issued]).when(start('p1', 13_231)).thenThrows({ code: 'PAYMENT_IN_PROGRESS' });
  });
});
