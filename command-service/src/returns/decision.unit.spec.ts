import type { InvoiceEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import type { ReturnCommand } from './decide.ts';
import {
  accept,
  accepted,
  BUY_NOW_TOTAL,
  buyNow,
  NOW,
  paidBuyNow,
  paidWith,
  refunded,
  requested,
  spec,
} from './testing.ts';

describe('deciding a return', () => {
  const asked = [...paidBuyNow, requested('r1', 'lot-a', 2, 9_923)];

  it('refunds to the card it was paid with by default, to the wallet when asked', () => {
    spec(asked)
      .when(accept())
      .then([accepted('r1', 'card')]);
    spec(asked)
      .when(accept('wallet'))
      .then([accepted('r1', 'wallet')]);
  });

  it('refunds a wallet-paid invoice to the wallet by default, and refuses the card for it', () => {
    const walletPaid = [
      { type: 'InvoiceIssued', data: buyNow } as const,
      ...paidWith(BUY_NOW_TOTAL, 'wallet'),
      requested('r1', 'lot-a', 2, 9_923),
    ];
    spec(walletPaid)
      .when(accept())
      .then([accepted('r1', 'wallet')]);
    spec(walletPaid).when(accept('card')).thenThrows({ code: 'RETURN_CARD_UNAVAILABLE' });
  });

  it('refunds the accepted amount once, as a refund for the return', () => {
    const ok = [...asked, accepted('r1')];
    const refund: ReturnCommand = {
      type: 'RefundReturn',
      returnId: 'r1',
      refundId: 'r1:refund',
      paymentId: 'p1',
    };
    spec(ok)
      .when(refund)
      .then([
        {
          type: 'PaymentRefunded',
          data: {
            refundId: 'r1:refund',
            paymentId: 'p1',
            amount: 9_923,
            to: 'card',
            reason: 'Return of 2 × Wine lot-a: Corked',
            returnId: 'r1',
          },
        },
      ]);
    spec([...ok, refunded('r1', 9_923)])
      .when(refund)
      .then([]);
    spec(asked).when(refund).thenThrows({ code: 'RETURN_DECIDED' });
  });

  it('refuses with the note', () => {
    spec(asked)
      .when({ type: 'RefuseReturn', returnId: 'r1', note: 'The bottle was opened' })
      .then([{ type: 'ReturnRefused', data: { returnId: 'r1', note: 'The bottle was opened' } }]);
  });

  it('refuses deciding a return twice, and a return it does not know', () => {
    const refuse: ReturnCommand = { type: 'RefuseReturn', returnId: 'r1', note: 'No' };
    const done = [...asked, accepted('r1'), refunded('r1', 9_923)];
    spec(done)
      .when(accept())
      .thenThrows({ code: 'RETURN_DECIDED', message: 'This return was already decided' });
    spec(done).when(refuse).thenThrows({ code: 'RETURN_DECIDED' });
    spec([...asked, accepted('r1')])
      .when(refuse)
      .thenThrows({ code: 'RETURN_DECIDED' });
    spec([...asked, { type: 'ReturnRefused', data: { returnId: 'r1', note: 'No' } }])
      .when(accept())
      .thenThrows({ code: 'RETURN_DECIDED' });
    spec(asked).when(accept(null, 'r9')).thenThrows({ code: 'RETURN_NOT_FOUND' });
    spec([]).when(refuse).thenThrows({ code: 'RETURN_NOT_FOUND' });
  });

  it('finishes an accepted return whose refund failed: the same decision again, or the wallet instead', () => {
    spec([...asked, accepted('r1')])
      .when(accept('card'))
      .then([]);
    spec([...asked, accepted('r1')])
      .when(accept('wallet'))
      .then([accepted('r1', 'wallet')]);
  });
});

describe('an invoice after a return', () => {
  it('stays paid: nothing more is due on it', () => {
    const back = [...paidBuyNow, requested('r1', 'lot-a', 2, 9_923), accepted('r1'), refunded('r1', 9_923)];
    spec(back)
      .when({
        type: 'StartPayment',
        buyerId: 'ann',
        paymentId: 'p2',
        method: 'card',
        amount: 1,
        card: null,
        now: NOW,
      })
      .thenThrows({ code: 'INVOICE_PAID' });
    // Only what was not returned can still be given back as a payment undone.
    spec(back)
      .when({
        type: 'RefundPayment',
        refundId: 'x',
        paymentId: 'p1',
        amount: BUY_NOW_TOTAL - 9_923 + 1,
        to: 'card',
        reason: 'undo',
      })
      .thenThrows({ code: 'INVOICE_PAID' });
  });

  it('is no longer paid after a refund that undoes a payment (no return)', () => {
    const undone: InvoiceEvent = {
      type: 'PaymentRefunded',
      data: { refundId: 'x', paymentId: 'p1', amount: 1_000, to: 'card', reason: 'undo' },
    };
    spec([...paidBuyNow, undone])
      .when({
        type: 'StartPayment',
        buyerId: 'ann',
        paymentId: 'p2',
        method: 'card',
        amount: 1_000,
        card: null,
        now: NOW,
      })
      .then([
        {
          type: 'PaymentStarted',
          data: { paymentId: 'p2', method: 'card', amount: 1_000, card: null, startedAt: NOW.toISOString() },
        },
      ]);
  });
});
