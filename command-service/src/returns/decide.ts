import {
  returnAmount as amountOfReturn,
  cardCanTake,
  defaultRefundTo,
  formatMoney,
  lineTaken,
  type RefundablePayment,
  type ReturnableInvoice,
  lineRefund as refundOfLine,
} from '@wine/contracts';
import type { InvoiceEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { type Invoice, type IssuedInvoice, isPaid, type ReturnCase } from '../invoices/invoice.ts';

const DAY_MS = 24 * 3600_000;

/**
 * DOMAIN.md "Money", "Returns": the return part of the invoice decider (the events live on
 * `invoice-<id>`). Time, ids and when the invoice was paid come in the command.
 */
export type ReturnCommand =
  | {
      type: 'RequestReturn';
      buyerId: string;
      returnId: string;
      lotId: string;
      /** Buy now: how many; null for the whole line (an auction lot is always returned whole). */
      qty: number | null;
      reason: string;
      now: Date;
      /** When the invoice became paid (read from the log by the handler); null if it never was. */
      paidAt: Date | null;
      returnDays: number;
    }
  | { type: 'AcceptReturn'; returnId: string; by: string; note: string; to: 'card' | 'wallet' | null }
  | { type: 'RefuseReturn'; returnId: string; note: string }
  /** Issue 31: the bottles are back, `good` to the lot's stock, `damaged` not. */
  | { type: 'ReceiveReturn'; returnId: string; good: number; damaged: number; by: string; note: string }
  /**
   * Issue 31: claim the refund of a received return: `amount` (null: what the return brings; less
   * needs a reason), split the way the invoice was paid. Nothing moves before this is on the log.
   */
  | {
      type: 'StartRefund';
      returnId: string;
      refundId: string;
      amount: number | null;
      reason: string;
      by: string;
    }
  /** Issue 31: the claimed refund's parts were given back (wallet credited, card refunded): record them. */
  | { type: 'RecordRefund'; returnId: string };

/** The invoice's payments that took money, with what each gave back already. */
export const refundablePayments = (invoice: IssuedInvoice): (RefundablePayment & { paymentId: string })[] =>
  Object.entries(invoice.payments)
    .filter(([, p]) => p.status === 'succeeded')
    .map(([paymentId, p]) => ({
      paymentId,
      method: p.method,
      amount: p.amount,
      refunded: invoice.refundedFrom[paymentId] ?? 0,
    }));

/** Units of a line asked back and not refused. */
const unitsTaken = (invoice: IssuedInvoice, lotId: string) => lineTaken(returnable(invoice), lotId).qty;

/** The invoice as the return amounts see it (contracts/returns/amount.ts, shared with the dialog). */
const returnable = (invoice: IssuedInvoice): ReturnableInvoice => ({
  lines: invoice.issued.lines,
  amounts: invoice.amounts,
  paid: invoice.paid,
  returns: Object.values(invoice.returns).filter((r) => r.status !== 'refused'),
});

/** Issue 31: what returning `qty` bottles of a line brings back (contracts' `returnAmount`). */
export const returnAmount = (invoice: IssuedInvoice, lotId: string, qty: number): number =>
  amountOfReturn(returnable(invoice), lotId, qty);

/** What a whole line brings back (contracts' `lineRefund`). */
export const lineRefund = (invoice: IssuedInvoice, lotId: string): number =>
  refundOfLine(returnable(invoice), lotId);

/**
 * Issue 31: a refund's share of the invoice's tax and premium, pro rata of its total and rounded
 * down; the price (with any shipping) takes the rest. The reports take sales, premium and tax net of
 * these.
 */
export function refundShare(invoice: IssuedInvoice, amount: number) {
  const { total, premium, tax } = invoice.amounts;
  const taxPart = total > 0 ? Math.floor((amount * tax) / total) : 0;
  const premiumPart = total > 0 ? Math.floor((amount * premium) / total) : 0;
  return { price: amount - taxPart - premiumPart, premium: premiumPart, tax: taxPart };
}

/** What the invoice can still give back: paid, less every refund already made. */
export const refundableLeft = (invoice: IssuedInvoice) =>
  refundablePayments(invoice).reduce((sum, p) => sum + p.amount - p.refunded, 0);

/**
 * Issue 31: a refund goes back the way the invoice was paid: shared over its payments pro rata of
 * what each has left to give back (rounded down, the cents left over to the payments with most
 * left), a card or PayPal payment's part back to its provider (`card`: the way it came), any other's
 * (wallet, gift card, offline) to the wallet. Staff who chose the wallet send it all there.
 */
export function refundParts(invoice: IssuedInvoice, amount: number, to: 'card' | 'wallet' | null) {
  const payments = refundablePayments(invoice)
    .map((p) => ({ ...p, left: p.amount - p.refunded }))
    .filter((p) => p.left > 0)
    .sort((a, b) => b.left - a.left || a.paymentId.localeCompare(b.paymentId));
  const total = payments.reduce((sum, p) => sum + p.left, 0);
  if (amount > total) throw new AppError('RETURN_REFUND_AMOUNT');
  const shares = payments.map((p) => Math.floor((amount * p.left) / total));
  let rest = amount - shares.reduce((sum, n) => sum + n, 0);
  for (let i = 0; rest > 0; i = (i + 1) % payments.length) {
    const p = payments[i];
    if (p && (shares[i] ?? 0) < p.left) {
      shares[i] = (shares[i] ?? 0) + 1;
      rest -= 1;
    }
  }
  return payments
    .map((p, i) => ({
      paymentId: p.paymentId,
      to:
        to !== 'wallet' &&
        (p.method === 'card' || p.method === 'paypal') &&
        invoice.payments[p.paymentId]?.chargeId
          ? ('card' as const)
          : ('wallet' as const),
      amount: shares[i] ?? 0,
    }))
    .filter((p) => p.amount > 0);
}

function caseOf(state: Invoice, returnId: string): { invoice: IssuedInvoice; asked: ReturnCase } {
  const asked = state.status === 'issued' ? state.returns[returnId] : undefined;
  if (state.status === 'none' || !asked) throw new AppError('RETURN_NOT_FOUND');
  return { invoice: state, asked };
}

function requestReturn(command: Extract<ReturnCommand, { type: 'RequestReturn' }>, state: Invoice) {
  // Someone else's invoice answers as an unknown one.
  // Issue 38 §1: a charge billed to a seller returns no wine: it is no invoice to return from.
  if (state.status === 'none' || state.issued.buyerId !== command.buyerId || state.issued.kind === 'charge') {
    throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  }
  if (state.returns[command.returnId]) return [];
  if (state.voided || !isPaid(state) || !command.paidAt) throw new AppError('INVOICE_NOT_PAID');
  const line = state.issued.lines.find((l) => l.lotId === command.lotId);
  if (!line) throw new AppError('RETURN_LINE_UNKNOWN');
  if (command.now.getTime() > command.paidAt.getTime() + command.returnDays * DAY_MS) {
    throw new AppError('RETURN_WINDOW_CLOSED', { params: { days: command.returnDays } });
  }
  const open = Object.values(state.returns).some(
    (r) => r.lotId === line.lotId && r.status !== 'refused' && r.status !== 'refunded',
  );
  if (open) throw new AppError('RETURN_OPEN');
  const remaining = line.qty - unitsTaken(state, line.lotId);
  if (remaining <= 0) throw new AppError('RETURN_QUANTITY', { message: 'returns.nothingLeft' });
  const qty = command.qty ?? remaining;
  if (qty < 1 || qty > remaining) throw new AppError('RETURN_QUANTITY', { params: { max: remaining } });
  const amount = returnAmount(state, line.lotId, qty);
  if (amount < 1) throw new AppError('RETURN_QUANTITY', { message: 'returns.nothingLeft' });
  const { returnId, reason } = command;
  return [{ type: 'ReturnRequested', data: { returnId, lotId: line.lotId, qty, reason, amount } } as const];
}

export function decideReturn(command: ReturnCommand, state: Invoice): InvoiceEvent[] {
  switch (command.type) {
    case 'RequestReturn':
      return requestReturn(command, state);
    case 'AcceptReturn': {
      const { invoice, asked } = caseOf(state, command.returnId);
      if (asked.status === 'accepted' && (command.to === null || command.to === asked.to)) return [];
      if (asked.status !== 'requested' && asked.status !== 'accepted') throw new AppError('RETURN_DECIDED');
      const payments = refundablePayments(invoice);
      const to = command.to ?? defaultRefundTo(payments, asked.amount);
      if (to === 'card' && !cardCanTake(payments, 1)) throw new AppError('RETURN_CARD_UNAVAILABLE');
      const { returnId, by, note } = command;
      return [{ type: 'ReturnAccepted', data: { returnId, by, note, to } }];
    }
    case 'RefuseReturn': {
      const { asked } = caseOf(state, command.returnId);
      // Refused while asked, or accepted and the wine never came back.
      if (asked.status !== 'requested' && asked.status !== 'accepted') throw new AppError('RETURN_DECIDED');
      return [{ type: 'ReturnRefused', data: { returnId: command.returnId, note: command.note } }];
    }
    case 'ReceiveReturn': {
      const { asked } = caseOf(state, command.returnId);
      const { returnId, good, damaged, by, note } = command;
      if (asked.received) {
        if (asked.received.good === good && asked.received.damaged === damaged) return [];
        throw new AppError('RETURN_DECIDED');
      }
      if (asked.status === 'requested') throw new AppError('RETURN_NOT_ACCEPTED');
      if (asked.status !== 'accepted') throw new AppError('RETURN_DECIDED');
      if (good < 0 || damaged < 0 || good + damaged !== asked.qty)
        throw new AppError('RETURN_CONDITION_COUNT', { params: { qty: asked.qty } });
      return [{ type: 'ReturnReceived', data: { returnId, good, damaged, by, note } }];
    }
    case 'StartRefund': {
      const { invoice, asked } = caseOf(state, command.returnId);
      // A refund already claimed is finished, never claimed again (two requests refund once).
      if (asked.status === 'refunding') return [];
      if (asked.status === 'refunded') {
        if (asked.refund?.refundId === command.refundId) return [];
        throw new AppError('RETURN_REFUNDED');
      }
      if (asked.status === 'requested') throw new AppError('RETURN_NOT_ACCEPTED');
      if (asked.status === 'accepted') throw new AppError('RETURN_NOT_RECEIVED');
      if (asked.status !== 'received') throw new AppError('RETURN_DECIDED');
      const max = Math.min(asked.amount, refundableLeft(invoice));
      const amount = command.amount ?? max;
      if (!Number.isInteger(amount) || amount < 1 || amount > max)
        throw new AppError('RETURN_REFUND_AMOUNT', { params: { max: formatMoney(max) } });
      const reason = command.reason.trim();
      if (amount < max && reason.length === 0) throw new AppError('RETURN_REFUND_REASON');
      const parts = refundParts(invoice, amount, asked.to);
      const { returnId, refundId, by } = command;
      const share = refundShare(invoice, amount);
      const { taxState, taxRate } = invoice.delivery;
      const { lotId, qty } = asked;
      return [
        {
          type: 'ReturnRefundStarted',
          data: { returnId, refundId, amount, reason, by, lotId, qty, ...share, taxState, taxRate, parts },
        },
      ];
    }
    case 'RecordRefund': {
      const { invoice, asked } = caseOf(state, command.returnId);
      if (asked.status === 'refunded') return [];
      const plan = asked.refund;
      if (asked.status !== 'refunding' || !plan) throw new AppError('RETURN_NOT_RECEIVED');
      const title = invoice.issued.lines.find((l) => l.lotId === asked.lotId)?.title ?? asked.lotId;
      const why = plan.reason ? `${asked.reason} (${plan.reason})` : asked.reason;
      const reason = `Return of ${asked.qty} × ${title}: ${why}`.slice(0, 300);
      return plan.parts.map((part, i) => ({
        type: 'PaymentRefunded' as const,
        data: {
          refundId: `${plan.refundId}-${i + 1}`,
          paymentId: part.paymentId,
          amount: part.amount,
          to: part.to,
          reason,
          returnId: command.returnId,
        },
      }));
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}
