import { invoiceAmounts } from '@wine/contracts';
import type { InvoiceEvent, InvoiceIssuedData, PaymentMethod } from '@wine/event-schemas';
import { deciderSpec } from '../core/decider-spec.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import type { ReturnCommand } from './decide.ts';

/** Fixtures of the return decider's specs: ann's paid invoices, and the events of a return. */
export const spec = deciderSpec(invoiceDecider);
export const DAY = 24 * 3600_000;
export const PAID_AT = new Date('2026-11-24T10:00:00.000Z');
export const NOW = new Date(PAID_AT.getTime() + 3 * DAY);

export const line = (lotId: string, qty: number, unitPrice: number, amount = qty * unitPrice) => ({
  lotId,
  title: `Wine ${lotId}`,
  sellerId: 'sam',
  qty,
  unitPrice,
  amount,
  reservationId: null,
});
export const pickup = {
  method: 'pickup',
  address: null,
  billingAddress: null,
  taxState: 'IL',
  taxRate: 1025,
} as const;

/** ann's buy-now order: 6 bottles of lot-a at $45 and one of lot-b at $100, Chicago tax: $407.93. */
export const buyNowLines = [line('lot-a', 6, 4_500), line('lot-b', 1, 10_000)];
export const buyNow: InvoiceIssuedData = {
  invoiceId: 'B-1',
  kind: 'buynow',
  buyerId: 'ann',
  lines: buyNowLines,
  amounts: invoiceAmounts(37_000, 0, 1025),
  delivery: pickup,
  dueAt: '2026-11-24T10:15:00.000Z',
};
export const BUY_NOW_TOTAL = 40_793;
/** ann's auction invoice: a 6-bottle lot at $100 hammer, 20% premium, Chicago tax: $132.30. */
export const auction: InvoiceIssuedData = {
  ...buyNow,
  invoiceId: 'A-1',
  kind: 'auction',
  lines: [line('lot-1', 6, 10_000, 10_000)],
  amounts: invoiceAmounts(10_000, 20, 1025),
};

export const paidWith = (
  amount: number,
  method: PaymentMethod = 'card',
  paymentId = 'p1',
): InvoiceEvent[] => [
  {
    type: 'PaymentStarted',
    data: { paymentId, method, amount, card: null, startedAt: PAID_AT.toISOString() },
  },
  { type: 'PaymentRecorded', data: { paymentId, method, amount, reference: `ch-${paymentId}` } },
];
export const paidBuyNow: InvoiceEvent[] = [
  { type: 'InvoiceIssued', data: buyNow },
  ...paidWith(BUY_NOW_TOTAL),
];
export const paidAuction: InvoiceEvent[] = [{ type: 'InvoiceIssued', data: auction }, ...paidWith(13_230)];

export const ask = (
  over: Partial<Extract<ReturnCommand, { type: 'RequestReturn' }>> = {},
): ReturnCommand => ({
  type: 'RequestReturn',
  buyerId: 'ann',
  returnId: 'r1',
  lotId: 'lot-a',
  qty: 2,
  reason: 'Corked',
  now: NOW,
  paidAt: PAID_AT,
  returnDays: 30,
  ...over,
});
export const requested = (returnId: string, lotId: string, qty: number, amount: number): InvoiceEvent => ({
  type: 'ReturnRequested',
  data: { returnId, lotId, qty, reason: 'Corked', amount },
});
export const accepted = (returnId: string, to: 'card' | 'wallet' = 'card'): InvoiceEvent => ({
  type: 'ReturnAccepted',
  data: { returnId, by: 'fin', note: '', to },
});
export const refunded = (returnId: string, amount: number, to: 'card' | 'wallet' = 'card'): InvoiceEvent => ({
  type: 'PaymentRefunded',
  data: { refundId: `${returnId}:refund`, paymentId: 'p1', amount, to, reason: 'return', returnId },
});
export const accept = (to: 'card' | 'wallet' | null = null, returnId = 'r1'): ReturnCommand => ({
  type: 'AcceptReturn',
  returnId,
  by: 'fin',
  note: '',
  to,
});

/** Issue 31: staff mark the wine received, `good` back in stock and `damaged` not. */
export const receive = (good: number, damaged = 0, returnId = 'r1'): ReturnCommand => ({
  type: 'ReceiveReturn',
  returnId,
  good,
  damaged,
  by: 'fin',
  note: '',
});
export const received = (returnId: string, good: number, damaged = 0): InvoiceEvent => ({
  type: 'ReturnReceived',
  data: { returnId, good, damaged, by: 'fin', note: '' },
});
export const startRefund = (
  over: Partial<Extract<ReturnCommand, { type: 'StartRefund' }>> = {},
): ReturnCommand => ({
  type: 'StartRefund',
  returnId: 'r1',
  refundId: 'rf1',
  amount: null,
  reason: '',
  by: 'fin',
  ...over,
});
export type RefundPart = { paymentId: string; to: 'card' | 'wallet'; amount: number };
export const refundStarted = (
  returnId: string,
  amount: number,
  parts: RefundPart[] = [{ paymentId: 'p1', to: 'card', amount }],
  reason = '',
  refundId = 'rf1',
  share = shareOf(amount),
): InvoiceEvent => ({
  type: 'ReturnRefundStarted',
  data: {
    returnId,
    refundId,
    amount,
    reason,
    by: 'fin',
    lotId: 'lot-a',
    qty: 2,
    ...share,
    taxState: 'IL',
    taxRate: 1025,
    parts,
  },
});
/** ann's buy-now invoice ($407.93, $37.93 of it tax): a refund's tax is its share, rounded down. */
export const shareOf = (amount: number) => {
  const tax = Math.floor((amount * 3_793) / BUY_NOW_TOTAL);
  return { price: amount - tax, premium: 0, tax };
};
/** The parts of a claimed refund recorded, as RecordRefund writes them. */
export const partsRefunded = (
  returnId: string,
  parts: RefundPart[],
  reason: string,
  refundId = 'rf1',
): InvoiceEvent[] =>
  parts.map((part, i) => ({
    type: 'PaymentRefunded',
    data: { refundId: `${refundId}-${i + 1}`, ...part, reason, returnId },
  }));
