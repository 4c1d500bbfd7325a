import type { StatementSale } from '@wine/contracts';
import type { PayoutEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { type PayoutCommand, payoutDecider } from './decide.ts';

const given = deciderSpec(payoutDecider);
const DAY = 86_400_000;
const paidAt = '2026-03-01T12:00:00.000Z';
const terms = { commissionPercent: 10, lotFee: 500, payoutDays: 14 };

const sale = (change: Partial<StatementSale> = {}): StatementSale => ({
  seller_id: 'seller-1',
  invoice_id: 'inv-1',
  invoice_number: null,
  kind: 'buynow',
  invoice_status: 'paid',
  paid_at: paidAt,
  product_id: 'lot-1',
  title: 'Pomerol 2010',
  qty: 2,
  amount: 10_000,
  returns: [],
  ...change,
});

const pay = (
  lines: { invoiceId: string; lotId: string; sale: StatementSale | null }[],
  days = 14,
): PayoutCommand => ({
  type: 'RecordPayout',
  sellerId: 'seller-1',
  payoutId: 'payout-a',
  method: 'check',
  reference: 'Check 1001',
  lines,
  configured: terms,
  now: new Date(Date.parse(paidAt) + days * DAY),
});

const line = (s: StatementSale | null = sale()) => ({ invoiceId: 'inv-1', lotId: 'lot-1', sale: s });

const paidOut: PayoutEvent = {
  type: 'SellerPaidOut',
  data: {
    payoutId: 'payout-0',
    lines: [{ invoiceId: 'inv-1', lotId: 'lot-1', net: 8500 }],
    amount: 8500,
    method: 'check',
    reference: 'Check 1000',
  },
};

describe('a seller payout', () => {
  it('pays a payable line its statement net (hammer less 10% commission and the $5 fee)', () => {
    given([])
      .when(pay([line()]))
      .then([
        {
          type: 'SellerPaidOut',
          data: {
            payoutId: 'payout-a',
            lines: [{ invoiceId: 'inv-1', lotId: 'lot-1', net: 8500 }],
            amount: 8500,
            method: 'check',
            reference: 'Check 1001',
          },
        },
      ]);
  });

  it("settles with the lot's own terms over the configured ones and sums the lines", () => {
    const other = {
      invoiceId: 'inv-2',
      lotId: 'lot-2',
      sale: sale({
        invoice_id: 'inv-2',
        product_id: 'lot-2',
        terms: { commissionPercent: 20, lotFee: 0, payoutDays: 7 },
      }),
    };
    given([])
      .when(pay([line(), other]))
      .then([
        {
          type: 'SellerPaidOut',
          data: {
            payoutId: 'payout-a',
            lines: [
              { invoiceId: 'inv-1', lotId: 'lot-1', net: 8500 },
              { invoiceId: 'inv-2', lotId: 'lot-2', net: 8000 },
            ],
            amount: 16_500,
            method: 'check',
            reference: 'Check 1001',
          },
        },
      ]);
  });

  it('refuses a line already paid out', () => {
    given([paidOut])
      .when(pay([line()]))
      .thenThrows({ code: 'LINE_ALREADY_PAID' });
  });

  it('refuses a line before its payout day, one a buyer has not paid in full, and one returned whole', () => {
    given([])
      .when(pay([line()], 13))
      .thenThrows({ code: 'LINE_NOT_PAYABLE' });
    given([])
      .when(pay([line(sale({ invoice_status: 'partial', paid_at: null }))]))
      .thenThrows({ code: 'LINE_NOT_PAYABLE' });
    given([])
      .when(pay([line(sale({ returns: [{ qty: 2, status: 'refunded' }] }))]))
      .thenThrows({ code: 'LINE_NOT_PAYABLE' });
  });

  it("refuses another seller's line and a line the invoice does not have", () => {
    given([])
      .when(pay([line(sale({ seller_id: 'seller-2' }))]))
      .thenThrows({ code: 'NOT_SELLERS_LINE' });
    given([])
      .when(pay([line(null)]))
      .thenThrows({ code: 'NOT_SELLERS_LINE' });
  });

  it('pays nothing when one line of several is refused', () => {
    const later = {
      invoiceId: 'inv-2',
      lotId: 'lot-2',
      sale: sale({ invoice_status: 'unpaid', paid_at: null }),
    };
    given([])
      .when(pay([line(), later]))
      .thenThrows({ code: 'LINE_NOT_PAYABLE' });
  });
});

describe("a seller's payout preference", () => {
  it('records the payee, method and note', () => {
    given([paidOut])
      .when({ type: 'SetPayoutPreference', payee: 'Ana Ruiz', method: 'bank_transfer', note: null })
      .then([
        {
          type: 'SellerPayoutPreferenceSet',
          data: { payee: 'Ana Ruiz', method: 'bank_transfer', note: null },
        },
      ]);
  });
});
