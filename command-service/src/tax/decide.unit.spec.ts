import type { InvoiceEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import {
  accepted,
  BUY_NOW_TOTAL,
  buyNow,
  paidBuyNow,
  paidWith,
  refunded,
  requested,
  spec,
} from '../returns/testing.ts';

const issued: InvoiceEvent = { type: 'InvoiceIssued', data: buyNow };
const sale = { type: 'RecordTaxSale', service: 'avalara', code: '2026-000123', tax: 3_793 } as const;
const taxRecorded: InvoiceEvent = {
  type: 'TaxRecorded',
  data: { service: 'avalara', code: '2026-000123', tax: 3_793 },
};
const refund = {
  type: 'RecordTaxRefund',
  returnId: 'r1',
  service: 'avalara',
  code: '2026-000123-R-1',
  amount: 9_922,
  tax: 922,
} as const;
const taxRefunded: InvoiceEvent = {
  type: 'TaxRefunded',
  data: { returnId: 'r1', service: 'avalara', code: '2026-000123-R-1', amount: 9_922, tax: 922 },
};
const voidSale = { type: 'RecordTaxVoid', service: 'avalara', code: '2026-000123' } as const;
const voided: InvoiceEvent = { type: 'InvoiceVoided', data: { reason: 'payment_failed' } };
/** A payment undone (no return): the invoice is paid nothing again, and may be voided. */
const undone: InvoiceEvent = {
  type: 'PaymentRefunded',
  data: { refundId: 'u1', paymentId: 'p1', amount: BUY_NOW_TOTAL, to: 'card', reason: 'voided' },
};
const returned = [requested('r1', 'lot-a', 2, 9_922), accepted('r1'), refunded('r1', 9_922)];

describe("the invoice's tax as recorded with the tax service (issue 35 §5)", () => {
  it('records the sale of a paid invoice once; again is no change', () => {
    spec(paidBuyNow).when(sale).then([taxRecorded]);
    spec([...paidBuyNow, taxRecorded])
      .when(sale)
      .then([]);
    spec([...paidBuyNow, taxRecorded])
      .when({ ...sale, code: 'another' })
      .then([]);
  });

  it('records no sale for an invoice not paid in full, voided, or unknown', () => {
    spec([issued, ...paidWith(20_000)])
      .when(sale)
      .thenThrows({ code: 'INVOICE_NOT_PAID' });
    spec([issued, voided]).when(sale).thenThrows({ code: 'INVOICE_VOID' });
    spec([]).when(sale).thenThrows({ code: 'INVOICE_NOT_FOUND' });
  });

  it("records a refunded return's refund of the sale once, and none before it is refunded or recorded", () => {
    spec([...paidBuyNow, taxRecorded, ...returned])
      .when(refund)
      .then([taxRefunded]);
    spec([...paidBuyNow, taxRecorded, ...returned, taxRefunded])
      .when(refund)
      .then([]);
    spec([...paidBuyNow, taxRecorded, requested('r1', 'lot-a', 2, 9_922), accepted('r1')])
      .when(refund)
      .thenThrows({ code: 'RETURN_NOT_FOUND' });
    spec([...paidBuyNow, ...returned])
      .when(refund)
      .thenThrows({ code: 'INVOICE_NOT_PAID' });
  });

  it('voids the recorded sale of a voided invoice once, and not of one still standing', () => {
    const voidedAfter = [...paidBuyNow, taxRecorded, undone, voided];
    spec(voidedAfter)
      .when(voidSale)
      .then([{ type: 'TaxVoided', data: { service: 'avalara', code: '2026-000123' } }]);
    spec([...voidedAfter, { type: 'TaxVoided', data: { service: 'avalara', code: '2026-000123' } }])
      .when(voidSale)
      .then([]);
    spec([...paidBuyNow, taxRecorded])
      .when(voidSale)
      .thenThrows({ code: 'INVOICE_PAID' });
    spec([issued, voided]).when(voidSale).thenThrows({ code: 'INVOICE_NOT_PAID' });
  });
});
