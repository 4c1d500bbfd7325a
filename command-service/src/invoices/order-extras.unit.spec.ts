import type { InvoiceEvent, InvoiceIssuedData } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { invoiceDecider } from './decide.ts';

/** Issue 38 §2: the admin fee, a line's certificate and status, the owner's share, given / when / then. */
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
    {
      lotId: 'lot-2',
      title: 'Chablis',
      sellerId: 'sue',
      qty: 1,
      unitPrice: 5_000,
      amount: 5_000,
      reservationId: null,
    },
  ],
  amounts: { subtotal: 15_000, premiumPercent: 20, premium: 3_000, tax: 1_845, total: 19_845 },
  delivery: { method: 'pickup', address: null, billingAddress: null, taxState: 'IL', taxRate: 1025 },
  dueAt: '2026-12-08T10:00:00.000Z',
};
const issued: InvoiceEvent = { type: 'InvoiceIssued', data: issuedData };
const feeSet = (fee: number, note = 'Handling', total = 19_845 + fee): InvoiceEvent => ({
  type: 'InvoiceAdminFeeSet',
  data: {
    fee,
    note,
    by: 'fin',
    amounts: fee > 0 ? { ...issuedData.amounts, adminFee: fee, total } : { ...issuedData.amounts, total },
    delivery: issuedData.delivery,
  },
});
const started = (amount: number): InvoiceEvent => ({
  type: 'PaymentStarted',
  data: { paymentId: 'p1', method: 'card', amount, card: null, startedAt: NOW.toISOString() },
});
const recorded = (amount: number): InvoiceEvent => ({
  type: 'PaymentRecorded',
  data: { paymentId: 'p1', method: 'card', amount, reference: 'ch-1' },
});
const setFee = (fee: number, note = 'Handling') => ({ type: 'SetAdminFee', fee, note, by: 'fin' }) as const;

describe('the admin fee (buynow/updateAdminFee)', () => {
  it('adds the fee to the total, untaxed; replaces it; takes it off with 0', () => {
    spec([issued])
      .when(setFee(2_500))
      .then([feeSet(2_500)]);
    spec([issued, feeSet(2_500)])
      .when(setFee(4_000, 'Storage'))
      .then([feeSet(4_000, 'Storage')]);
    spec([issued, feeSet(2_500)])
      .when(setFee(0, 'Waived'))
      .then([feeSet(0, 'Waived', 19_845)]);
  });

  it('records nothing for the fee it has already', () => {
    spec([issued, feeSet(2_500)])
      .when(setFee(2_500, 'Again'))
      .then([]);
    spec([issued]).when(setFee(0)).then([]);
  });

  it('is refused while a payment is under way or once money is paid, and on a voided or unknown invoice', () => {
    spec([issued, started(19_845)])
      .when(setFee(2_500))
      .thenThrows({ code: 'ADMIN_FEE_LOCKED' });
    spec([issued, started(5_000), recorded(5_000)])
      .when(setFee(2_500))
      .thenThrows({ code: 'ADMIN_FEE_LOCKED' });
    spec([issued, { type: 'InvoiceVoided', data: { reason: 'expired' } }])
      .when(setFee(2_500))
      .thenThrows({ code: 'INVOICE_VOID' });
    spec([]).when(setFee(2_500)).thenThrows({ code: 'INVOICE_NOT_FOUND' });
  });

  it('refuses a payment whose amount was read from another total (a fee set meanwhile), rather than take it short', () => {
    const start = (expectedTotal: number, amount: number) =>
      ({
        type: 'StartPayment',
        buyerId: 'ann',
        paymentId: 'p1',
        method: 'card',
        amount,
        card: null,
        now: NOW,
        expectedTotal,
      }) as const;
    spec([issued, feeSet(2_500)])
      .when(start(19_845, 19_845))
      .thenThrows({ code: 'INVOICE_CHANGED' });
    spec([issued, feeSet(2_500)])
      .when(start(22_345, 22_345))
      .then([started(22_345)]);
  });
});

describe("a line's certificate (buynow/updateOwnershipCertificate)", () => {
  const certificate = { reference: 'PROV-1', issuer: 'Bureau', issuedOn: '2019-05-02', note: '' };
  const attached: InvoiceEvent = {
    type: 'OwnershipCertificateAttached',
    data: { lotId: 'lot-1', ...certificate, by: 'sam' },
  };
  const attach = (sellerId: string | null, lotId = 'lot-1', by = 'sam') =>
    ({ type: 'AttachCertificate', lotId, certificate, by, sellerId }) as const;

  it("is attached by the line's seller or an admin, once; taken off once", () => {
    spec([issued]).when(attach('sam')).then([attached]);
    spec([issued]).when(attach(null)).then([attached]);
    spec([issued, attached]).when(attach('sam')).then([]);
    spec([issued, attached])
      .when({ type: 'RemoveCertificate', lotId: 'lot-1', by: 'sam', sellerId: 'sam' })
      .then([{ type: 'OwnershipCertificateRemoved', data: { lotId: 'lot-1', by: 'sam' } }]);
    spec([issued]).when({ type: 'RemoveCertificate', lotId: 'lot-1', by: 'sam', sellerId: 'sam' }).then([]);
  });

  it("is refused to a seller on another seller's line, to a seller of none of its lines, and for a lot not on it", () => {
    spec([issued])
      .when(attach('sue', 'lot-1', 'sue'))
      .thenThrows({ code: 'NOT_ON_INVOICE' });
    spec([issued])
      .when(attach('mallory', 'lot-1', 'mallory'))
      .thenThrows({ code: 'INVOICE_NOT_FOUND' });
    spec([issued]).when(attach(null, 'lot-9')).thenThrows({ code: 'NOT_ON_INVOICE' });
  });
});

describe("a line's status (seeds 001 §4 invoice product status change)", () => {
  const change = (status: 'processing' | 'ready' | 'collected' | 'shipped') =>
    ({ type: 'ChangeProductStatus', lotId: 'lot-1', status, by: 'fin' }) as const;
  const changed = (status: 'ready' | 'collected'): InvoiceEvent => ({
    type: 'InvoiceProductStatusChanged',
    data: { lotId: 'lot-1', status, by: 'fin' },
  });
  const paid = [issued, started(19_845), recorded(19_845)];

  it('moves a paid pickup line to ready and collected; the same status again is no change', () => {
    spec(paid)
      .when(change('ready'))
      .then([changed('ready')]);
    spec([...paid, changed('ready')])
      .when(change('collected'))
      .then([changed('collected')]);
    spec([...paid, changed('ready')])
      .when(change('ready'))
      .then([]);
    spec(paid).when(change('processing')).then([]);
  });

  it('refuses ready before it is paid, shipped for a pickup', () => {
    spec([issued]).when(change('ready')).thenThrows({ code: 'INVOICE_NOT_PAID' });
    spec(paid).when(change('shipped')).thenThrows({ code: 'PRODUCT_STATUS_INVALID' });
  });
});

describe("the owner's share (seeds 001 public_invoice)", () => {
  const shared: InvoiceEvent = { type: 'InvoiceShared', data: { shareId: 'S-1', tokenHash: 'a'.repeat(64) } };
  const share = (buyerId = 'ann', shareId = 'S-1') =>
    ({ type: 'ShareInvoice', buyerId, shareId, tokenHash: 'a'.repeat(64) }) as const;

  it('shares once (the share there is stays), revokes it, and shares anew after', () => {
    spec([issued]).when(share()).then([shared]);
    spec([issued, shared]).when(share('ann', 'S-2')).then([]);
    spec([issued, shared])
      .when({ type: 'RevokeShare', buyerId: 'ann' })
      .then([{ type: 'InvoiceShareRevoked', data: { shareId: 'S-1' } }]);
    spec([issued]).when({ type: 'RevokeShare', buyerId: 'ann' }).then([]);
    spec([issued, shared, { type: 'InvoiceShareRevoked', data: { shareId: 'S-1' } }])
      .when(share('ann', 'S-2'))
      .then([{ type: 'InvoiceShared', data: { shareId: 'S-2', tokenHash: 'a'.repeat(64) } }]);
  });

  it("answers someone else's invoice as unknown", () => {
    spec([issued]).when(share('mallory')).thenThrows({ code: 'INVOICE_NOT_FOUND' });
    spec([issued, shared])
      .when({ type: 'RevokeShare', buyerId: 'mallory' })
      .thenThrows({ code: 'INVOICE_NOT_FOUND' });
  });
});
