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
  partsRefunded,
  receive,
  received,
  refunded,
  refundStarted,
  requested,
  spec,
  startRefund,
} from './testing.ts';

describe('deciding a return', () => {
  const asked = [...paidBuyNow, requested('r1', 'lot-a', 2, 9_922)];

  it('accepts without refunding anything yet: the refund goes the way it was paid unless the wallet is chosen', () => {
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
      requested('r1', 'lot-a', 2, 9_922),
    ];
    spec(walletPaid)
      .when(accept())
      .then([accepted('r1', 'wallet')]);
    spec(walletPaid).when(accept('card')).thenThrows({ code: 'RETURN_CARD_UNAVAILABLE' });
  });

  it('refuses with the note, while asked or accepted (the wine never came back)', () => {
    spec(asked)
      .when({ type: 'RefuseReturn', returnId: 'r1', note: 'The bottle was opened' })
      .then([{ type: 'ReturnRefused', data: { returnId: 'r1', note: 'The bottle was opened' } }]);
    spec([...asked, accepted('r1')])
      .when({ type: 'RefuseReturn', returnId: 'r1', note: 'Never arrived' })
      .then([{ type: 'ReturnRefused', data: { returnId: 'r1', note: 'Never arrived' } }]);
  });

  it('refuses deciding a return twice, and a return it does not know', () => {
    const refuse: ReturnCommand = { type: 'RefuseReturn', returnId: 'r1', note: 'No' };
    const done = [...asked, accepted('r1'), received('r1', 2)];
    spec(done)
      .when(accept())
      .thenThrows({ code: 'RETURN_DECIDED', message: 'This return was already decided' });
    spec(done).when(refuse).thenThrows({ code: 'RETURN_DECIDED' });
    spec([...asked, { type: 'ReturnRefused', data: { returnId: 'r1', note: 'No' } }])
      .when(accept())
      .thenThrows({ code: 'RETURN_DECIDED' });
    spec(asked).when(accept(null, 'r9')).thenThrows({ code: 'RETURN_NOT_FOUND' });
    spec([]).when(refuse).thenThrows({ code: 'RETURN_NOT_FOUND' });
  });

  it('takes the same acceptance again as no change, and the wallet instead of the card', () => {
    spec([...asked, accepted('r1')])
      .when(accept('card'))
      .then([]);
    spec([...asked, accepted('r1')])
      .when(accept('wallet'))
      .then([accepted('r1', 'wallet')]);
  });
});

describe('receiving a returned wine', () => {
  const asked = [...paidBuyNow, requested('r1', 'lot-a', 2, 9_922)];

  it('records the bottles back with their condition once accepted', () => {
    spec([...asked, accepted('r1')])
      .when(receive(1, 1))
      .then([received('r1', 1, 1)]);
    spec([...asked, accepted('r1')])
      .when(receive(2))
      .then([received('r1', 2, 0)]);
  });

  it('refuses a count that is not the bottles returned, and a return not accepted', () => {
    spec([...asked, accepted('r1')])
      .when(receive(2, 1))
      .thenThrows({
        code: 'RETURN_CONDITION_COUNT',
        message: 'Good and damaged bottles must add up to the 2 returned',
      });
    spec([...asked, accepted('r1')])
      .when(receive(1))
      .thenThrows({ code: 'RETURN_CONDITION_COUNT' });
    spec(asked).when(receive(2)).thenThrows({
      code: 'RETURN_NOT_ACCEPTED',
      message: 'Accept the return before marking the wine received',
    });
  });

  it('takes the same receipt again as no change, and refuses another count', () => {
    const got = [...asked, accepted('r1'), received('r1', 1, 1)];
    spec(got).when(receive(1, 1)).then([]);
    spec(got).when(receive(2, 0)).thenThrows({ code: 'RETURN_DECIDED' });
  });
});

describe('refunding a received return', () => {
  const got = [...paidBuyNow, requested('r1', 'lot-a', 2, 9_922), accepted('r1'), received('r1', 2)];

  it('claims all the return brings by default, to the card it was paid with', () => {
    // $99.22 of $407.93 carries 9922/40793 of its $37.93 tax, rounded down: $9.22; the price $90.00.
    spec(got)
      .when(startRefund())
      .then([refundStarted('r1', 9_922, undefined, '', 'rf1', { price: 9_000, premium: 0, tax: 922 })]);
  });

  it('refunds less with a reason, and refuses less without one', () => {
    spec(got)
      .when(startRefund({ amount: 5_000, reason: 'One bottle damaged in the buyer\u2019s care' }))
      .then([
        refundStarted(
          'r1',
          5_000,
          [{ paymentId: 'p1', to: 'card', amount: 5_000 }],
          'One bottle damaged in the buyer\u2019s care',
        ),
      ]);
    spec(got)
      .when(startRefund({ amount: 5_000 }))
      .thenThrows({
        code: 'RETURN_REFUND_REASON',
        message: 'Say why the refund is less than the return brings',
      });
  });

  it('never refunds more than the return brings, nor nothing', () => {
    spec(got)
      .when(startRefund({ amount: 9_923 }))
      .thenThrows({ code: 'RETURN_REFUND_AMOUNT', message: 'Refund between $0.01 and $99.22' });
    spec(got)
      .when(startRefund({ amount: 0 }))
      .thenThrows({ code: 'RETURN_REFUND_AMOUNT' });
  });

  it('never refunds more than was paid less what was already refunded', () => {
    // $400 of the $407.93 went back as a payment undone: $7.93 is all that is left to give.
    const undone: InvoiceEvent = {
      type: 'PaymentRefunded',
      data: { refundId: 'x', paymentId: 'p1', amount: 40_000, to: 'card', reason: 'undo' },
    };
    spec([...got, undone])
      .when(startRefund())
      .then([refundStarted('r1', 793)]);
    spec([...got, undone])
      .when(startRefund({ amount: 794, reason: 'x' }))
      .thenThrows({ code: 'RETURN_REFUND_AMOUNT', message: 'Refund between $0.01 and $7.93' });
  });

  it('refuses a refund before the wine is received or the return accepted', () => {
    spec([...paidBuyNow, requested('r1', 'lot-a', 2, 9_922), accepted('r1')])
      .when(startRefund())
      .thenThrows({ code: 'RETURN_NOT_RECEIVED', message: 'Mark the wine received before refunding it' });
    spec([...paidBuyNow, requested('r1', 'lot-a', 2, 9_922)])
      .when(startRefund())
      .thenThrows({ code: 'RETURN_NOT_ACCEPTED' });
  });

  it('shares a refund over the wallet and the card the invoice was paid with, to the cent', () => {
    // $100 from the wallet, $307.93 on the card: $99.22 goes back $74.90 to the card, $24.32 to the wallet.
    const split = [
      { type: 'InvoiceIssued', data: buyNow } as const,
      ...paidWith(10_000, 'wallet', 'pw'),
      ...paidWith(BUY_NOW_TOTAL - 10_000, 'card', 'pc'),
      requested('r1', 'lot-a', 2, 9_922),
      accepted('r1'),
      received('r1', 2),
    ];
    const parts = [
      { paymentId: 'pc', to: 'card', amount: 7_490 },
      { paymentId: 'pw', to: 'wallet', amount: 2_432 },
    ] as const;
    spec(split)
      .when(startRefund())
      .then([refundStarted('r1', 9_922, [...parts])]);
    // Staff who chose the wallet send all of it there.
    const toWallet = split.map((e) => (e.type === 'ReturnAccepted' ? accepted('r1', 'wallet') : e));
    spec(toWallet)
      .when(startRefund())
      .then([
        refundStarted('r1', 9_922, [
          { paymentId: 'pc', to: 'wallet', amount: 7_490 },
          { paymentId: 'pw', to: 'wallet', amount: 2_432 },
        ]),
      ]);
  });

  it('records the claimed parts once, and leaves the return refunded', () => {
    const parts = [{ paymentId: 'p1', to: 'card' as const, amount: 9_922 }];
    const claimed = [...got, refundStarted('r1', 9_922)];
    const recorded = partsRefunded('r1', parts, 'Return of 2 × Wine lot-a: Corked');
    spec(claimed).when({ type: 'RecordRefund', returnId: 'r1' }).then(recorded);
    spec([...claimed, ...recorded])
      .when({ type: 'RecordRefund', returnId: 'r1' })
      .then([]);
  });

  it('refunds once: a second claim while one is under way adds nothing, and after it is refused', () => {
    const claimed = [...got, refundStarted('r1', 9_922)];
    spec(claimed)
      .when(startRefund({ refundId: 'rf2' }))
      .then([]);
    const done = [...claimed, ...partsRefunded('r1', [{ paymentId: 'p1', to: 'card', amount: 9_922 }], 'r')];
    // The same request retried (its refund id) is no change; another is refused.
    spec(done).when(startRefund()).then([]);
    spec(done)
      .when(startRefund({ refundId: 'rf2' }))
      .thenThrows({ code: 'RETURN_REFUNDED', message: 'This return was already refunded' });
  });

  it('leaves the invoice paid with what was returned counted apart', () => {
    const parts = [{ paymentId: 'p1', to: 'card' as const, amount: 5_000 }];
    const done = [...got, refundStarted('r1', 5_000, parts, 'x'), ...partsRefunded('r1', parts, 'r')];
    spec(done)
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
  });
});

describe('an invoice after a return', () => {
  it('stays paid: nothing more is due on it', () => {
    const back = [...paidBuyNow, requested('r1', 'lot-a', 2, 9_922), accepted('r1'), refunded('r1', 9_922)];
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
        amount: BUY_NOW_TOTAL - 9_922 + 1,
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
