import { invoiceAmounts } from '@wine/contracts';
import type { InvoiceEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import {
  accepted,
  ask,
  buyNow,
  DAY,
  line,
  PAID_AT,
  paidAuction,
  paidBuyNow,
  paidWith,
  refunded,
  requested,
  spec,
} from './testing.ts';

describe('a return request', () => {
  it('asks back part of a buy-now line for its share of what was paid, tax included', () => {
    // lot-a brings $270.00 + 270/370 of the $37.93 tax ($27.67, rounded down): $297.67; 2 of its 6
    // bottles a third of it, rounded down: $99.22.
    spec(paidBuyNow)
      .when(ask())
      .then([requested('r1', 'lot-a', 2, 9_922)]);
  });

  it('returns bottles of an auction lot pro rata of its hammer, premium and tax, or the lot whole', () => {
    // $100 hammer for 6 bottles + 20% premium + 10.25% tax = $132.30: a bottle is $22.05.
    spec(paidAuction)
      .when(ask({ lotId: 'lot-1', qty: 1 }))
      .then([requested('r1', 'lot-1', 1, 2_205)]);
    spec(paidAuction)
      .when(ask({ lotId: 'lot-1', qty: 2 }))
      .then([requested('r1', 'lot-1', 2, 4_410)]);
    spec(paidAuction)
      .when(ask({ lotId: 'lot-1', qty: null }))
      .then([requested('r1', 'lot-1', 6, 13_230)]);
    spec(paidAuction)
      .when(ask({ lotId: 'lot-1', qty: 7 }))
      .thenThrows({ code: 'RETURN_QUANTITY', message: 'Quantity to return: 1 to 6' });
  });

  it('rounds each part down and gives the last bottles of a line what the line has left', () => {
    // 1, then 2, then the last 3 of lot-a's 6 bottles: $49.61 + $99.22 + $148.84 = $297.67, the line's refund.
    const first = [...paidBuyNow, requested('r1', 'lot-a', 1, 4_961), accepted('r1'), refunded('r1', 4_961)];
    spec(first)
      .when(ask({ returnId: 'r2', qty: 2 }))
      .then([requested('r2', 'lot-a', 2, 9_922)]);
    const second = [...first, requested('r2', 'lot-a', 2, 9_922), accepted('r2'), refunded('r2', 9_922)];
    spec(second)
      .when(ask({ returnId: 'r3', qty: 3 }))
      .then([requested('r3', 'lot-a', 3, 14_884)]);
  });

  it('answers someone else\u2019s invoice, and one that does not exist, as unknown', () => {
    spec(paidBuyNow)
      .when(ask({ buyerId: 'mallory' }))
      .thenThrows({ code: 'INVOICE_NOT_FOUND' });
    spec([]).when(ask()).thenThrows({ code: 'INVOICE_NOT_FOUND' });
  });

  it('refuses a line of an invoice not paid in full', () => {
    spec([{ type: 'InvoiceIssued', data: buyNow }, ...paidWith(20_000)])
      .when(ask({ paidAt: null }))
      .thenThrows({ code: 'INVOICE_NOT_PAID', message: 'Only the lines of a paid invoice can be returned' });
  });

  it('refuses a wine that is not on the invoice', () => {
    spec(paidBuyNow)
      .when(ask({ lotId: 'lot-z' }))
      .thenThrows({ code: 'RETURN_LINE_UNKNOWN' });
  });

  it('takes requests up to the return window after payment, and refuses them after', () => {
    const last = new Date(PAID_AT.getTime() + 30 * DAY);
    spec(paidBuyNow)
      .when(ask({ now: last }))
      .then([requested('r1', 'lot-a', 2, 9_922)]);
    spec(paidBuyNow)
      .when(ask({ now: new Date(last.getTime() + 1) }))
      .thenThrows({
        code: 'RETURN_WINDOW_CLOSED',
        message: 'Returns close 30 days after the invoice is paid',
      });
  });

  it('refuses a second request for a line while one waits for a decision', () => {
    spec([...paidBuyNow, requested('r1', 'lot-a', 2, 9_922)])
      .when(ask({ returnId: 'r2', qty: 1 }))
      .thenThrows({ code: 'RETURN_OPEN' });
    // The same request retried is no change.
    spec([...paidBuyNow, requested('r1', 'lot-a', 2, 9_922)])
      .when(ask())
      .then([]);
  });

  it('refuses more than the units not yet returned, and a line returned in full', () => {
    const returnedFour = [
      ...paidBuyNow,
      requested('r1', 'lot-a', 4, 19_844),
      accepted('r1'),
      refunded('r1', 19_844),
    ];
    spec(returnedFour)
      .when(ask({ returnId: 'r2', qty: 3 }))
      .thenThrows({ code: 'RETURN_QUANTITY', message: 'Quantity to return: 1 to 2' });
    spec(returnedFour)
      .when(ask({ returnId: 'r2', qty: null }))
      .then([requested('r2', 'lot-a', 2, 9_923)]);
    const lotB = [...paidBuyNow, requested('r1', 'lot-b', 1, 11_025), accepted('r1'), refunded('r1', 11_025)];
    spec(lotB)
      .when(ask({ returnId: 'r2', lotId: 'lot-b', qty: 1 }))
      .thenThrows({ code: 'RETURN_QUANTITY', message: 'This wine was already returned' });
  });

  it('lets a refused line be asked for again', () => {
    const refused: InvoiceEvent = { type: 'ReturnRefused', data: { returnId: 'r1', note: 'Opened' } };
    spec([...paidBuyNow, requested('r1', 'lot-a', 2, 9_922), refused])
      .when(ask({ returnId: 'r2', qty: 6 }))
      .then([requested('r2', 'lot-a', 6, 29_767)]);
  });

  it('gives back exactly what was paid when every line comes back, never a cent more', () => {
    // Three $10 bottles, $3.08 of tax: each line brings $11.02 (rounded down); the last the $11.04 left.
    const three = [line('x', 1, 1_000), line('y', 1, 1_000), line('z', 1, 1_000)];
    const issued: InvoiceEvent = {
      type: 'InvoiceIssued',
      data: { ...buyNow, lines: three, amounts: invoiceAmounts(3_000, 0, 1025) },
    };
    const paid = [issued, ...paidWith(3_308)];
    const two = [
      ...paid,
      requested('r1', 'x', 1, 1_102),
      accepted('r1'),
      refunded('r1', 1_102),
      requested('r2', 'y', 1, 1_102),
    ];
    spec(two)
      .when(ask({ returnId: 'r3', lotId: 'z', qty: 1 }))
      .then([requested('r3', 'z', 1, 1_104)]);
  });
});
