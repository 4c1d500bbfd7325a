import { cardCanTake, defaultRefundTo, type RefundablePayment } from '@wine/contracts';
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
  | { type: 'RefundReturn'; returnId: string; refundId: string; paymentId: string };

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

/**
 * The payment a refund goes back through: to the card, a card payment (with its charge) that can take
 * it; to the wallet, the payment with the most left to give back (the wallet credits it either way).
 */
export function refundSource(invoice: IssuedInvoice, to: 'card' | 'wallet', amount: number) {
  const payments = refundablePayments(invoice);
  const left = (p: RefundablePayment) => p.amount - p.refunded;
  const candidates =
    to === 'card'
      ? payments.filter(
          (p) => p.method === 'card' && left(p) >= amount && invoice.payments[p.paymentId]?.chargeId,
        )
      : payments;
  const best = candidates.sort((a, b) => left(b) - left(a))[0];
  if (!best) throw new AppError('RETURN_CARD_UNAVAILABLE');
  return { paymentId: best.paymentId, chargeId: invoice.payments[best.paymentId]?.chargeId ?? null };
}

/** Money promised or given back for returns: refunded, accepted or still asked for. */
const committed = (invoice: IssuedInvoice) =>
  Object.values(invoice.returns)
    .filter((r) => r.status === 'requested' || r.status === 'accepted')
    .reduce((sum, r) => sum + r.amount, invoice.returned);

/** Units of a line asked back and not refused. */
const unitsTaken = (invoice: IssuedInvoice, lotId: string) =>
  Object.values(invoice.returns)
    .filter((r) => r.lotId === lotId && r.status !== 'refused')
    .reduce((sum, r) => sum + r.qty, 0);

/**
 * The refund a return brings: the line's share of what was paid, in whole cents: the units' amount
 * plus their share of the premium and tax. The last units of the invoice take whatever is left, so
 * returning everything gives back exactly what was paid; never more than is left to give back.
 */
export function returnAmount(invoice: IssuedInvoice, lotId: string, qty: number): number {
  const line = invoice.issued.lines.find((l) => l.lotId === lotId);
  if (!line) return 0;
  const { subtotal, premium, tax } = invoice.amounts;
  const units = qty === line.qty ? line.amount : Math.round((line.amount * qty) / line.qty);
  const share = units + (subtotal > 0 ? Math.round(((premium + tax) * units) / subtotal) : 0);
  const left = Math.max(0, invoice.paid - committed(invoice));
  const everythingBack = invoice.issued.lines.every(
    (l) => unitsTaken(invoice, l.lotId) + (l.lotId === lotId ? qty : 0) >= l.qty,
  );
  return everythingBack ? left : Math.min(share, left);
}

function caseOf(state: Invoice, returnId: string): { invoice: IssuedInvoice; asked: ReturnCase } {
  const asked = state.status === 'issued' ? state.returns[returnId] : undefined;
  if (state.status === 'none' || !asked) throw new AppError('RETURN_NOT_FOUND');
  return { invoice: state, asked };
}

function requestReturn(command: Extract<ReturnCommand, { type: 'RequestReturn' }>, state: Invoice) {
  // Someone else's invoice answers as an unknown one.
  if (state.status === 'none' || state.issued.buyerId !== command.buyerId) {
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
    (r) => r.lotId === line.lotId && (r.status === 'requested' || r.status === 'accepted'),
  );
  if (open) throw new AppError('RETURN_OPEN');
  const remaining = line.qty - unitsTaken(state, line.lotId);
  if (remaining <= 0) throw new AppError('RETURN_QUANTITY', { message: 'returns.nothingLeft' });
  if (state.issued.kind === 'auction' && command.qty !== null && command.qty !== line.qty) {
    throw new AppError('RETURN_QUANTITY', { message: 'returns.wholeLot' });
  }
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
      // Accepted, its refund not recorded yet (the card refused it, or a step failed): the same
      // decision again finishes it, and another destination re-routes the refund still to make.
      if (asked.status === 'accepted' && (command.to === null || command.to === asked.to)) return [];
      if (asked.status !== 'requested' && asked.status !== 'accepted') throw new AppError('RETURN_DECIDED');
      const payments = refundablePayments(invoice);
      const to = command.to ?? defaultRefundTo(payments, asked.amount);
      if (to === 'card' && !cardCanTake(payments, asked.amount))
        throw new AppError('RETURN_CARD_UNAVAILABLE');
      const { returnId, by, note } = command;
      return [{ type: 'ReturnAccepted', data: { returnId, by, note, to } }];
    }
    case 'RefuseReturn': {
      const { asked } = caseOf(state, command.returnId);
      if (asked.status !== 'requested') throw new AppError('RETURN_DECIDED');
      return [{ type: 'ReturnRefused', data: { returnId: command.returnId, note: command.note } }];
    }
    case 'RefundReturn': {
      const { invoice, asked } = caseOf(state, command.returnId);
      if (asked.status === 'refunded') return [];
      if (asked.status !== 'accepted' || !asked.to) throw new AppError('RETURN_DECIDED');
      if (asked.amount > invoice.paid - invoice.returned) throw new AppError('RETURN_QUANTITY');
      const title = invoice.issued.lines.find((l) => l.lotId === asked.lotId)?.title ?? asked.lotId;
      const reason = `Return of ${asked.qty} × ${title}: ${asked.reason}`.slice(0, 300);
      return [
        {
          type: 'PaymentRefunded',
          data: {
            refundId: command.refundId,
            paymentId: command.paymentId,
            amount: asked.amount,
            to: asked.to,
            reason,
            returnId: command.returnId,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}
