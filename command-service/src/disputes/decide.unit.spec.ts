import type { InvoiceEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { evolveInvoice, initialInvoice } from '../invoices/invoice.ts';

const spec = deciderSpec(invoiceDecider);

const issued: InvoiceEvent = {
  type: 'InvoiceIssued',
  data: {
    invoiceId: 'B-1',
    kind: 'buynow',
    buyerId: 'ann',
    lines: [
      {
        lotId: 'lot-1',
        title: 'Barolo',
        sellerId: 'sam',
        qty: 1,
        unitPrice: 5_000,
        amount: 5_000,
        reservationId: null,
      },
    ],
    amounts: { subtotal: 5_000, premiumPercent: 0, premium: 0, tax: 0, total: 5_000 },
    delivery: { method: 'pickup', address: null, billingAddress: null, taxState: 'IL', taxRate: 0 },
    dueAt: '2026-12-08T10:00:00.000Z',
  },
};
const paid: InvoiceEvent = {
  type: 'PaymentRecorded',
  data: { paymentId: 'p1-c', method: 'card', amount: 5_000, reference: 'pi_1' },
};
const opened = (amount = 5_000): InvoiceEvent => ({
  type: 'PaymentDisputed',
  data: { disputeId: 'dp_1', paymentId: 'p1-c', amount, reason: 'fraudulent' },
});
const open = (amount = 5_000, paymentId = 'p1-c') =>
  ({ type: 'OpenDispute', disputeId: 'dp_1', paymentId, amount, reason: 'fraudulent' }) as const;
const close = (outcome: 'won' | 'lost') =>
  ({
    type: 'CloseDispute',
    disputeId: 'dp_1',
    outcome,
    opened: { paymentId: 'p1-c', amount: 5_000, reason: 'fraudulent' },
  }) as const;
const closed = (outcome: 'won' | 'lost'): InvoiceEvent => ({
  type: 'PaymentDisputeClosed',
  data: { disputeId: 'dp_1', paymentId: 'p1-c', method: 'card', amount: 5_000, outcome },
});

describe('a dispute of a payment (issue 35 §1)', () => {
  it('is opened on a payment that took money, once', () => {
    spec([issued, paid]).when(open()).then([opened()]);
    spec([issued, paid, opened()]).when(open()).then([]);
  });

  it('is refused for a payment that took no money, or for more than it took', () => {
    spec([issued]).when(open()).thenThrows({ code: 'PAYMENT_NOT_DISPUTABLE' });
    spec([issued, paid]).when(open(5_001)).thenThrows({ code: 'PAYMENT_NOT_DISPUTABLE' });
    spec([issued, paid]).when(open(1_000, 'p2-c')).thenThrows({ code: 'PAYMENT_NOT_DISPUTABLE' });
  });

  it('is decided once; a decision before its opening opens and closes it at once', () => {
    spec([issued, paid, opened()])
      .when(close('lost'))
      .then([closed('lost')]);
    spec([issued, paid, opened(), closed('lost')])
      .when(close('won'))
      .then([]);
    spec([issued, paid])
      .when(close('won'))
      .then([opened(), closed('won')]);
  });

  it('counts a lost dispute as charged back, apart from what was paid and refunded', () => {
    const state = [issued, paid, opened(), closed('lost')].reduce(evolveInvoice, initialInvoice());
    expect(state.status === 'issued' && [state.paid, state.chargedBack, state.disputes.dp_1?.status]).toEqual(
      [5_000, 5_000, 'lost'],
    );
  });
});
