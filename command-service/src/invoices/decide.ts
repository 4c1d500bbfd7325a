import type {
  DeliveryData,
  InvoiceAmountsData,
  InvoiceEvent,
  InvoiceIssuedData,
  PaymentMethod,
} from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';
import { type DisputeCommand, decideDispute } from '../disputes/decide.ts';
import { decideReturn, type ReturnCommand } from '../returns/decide.ts';
import { decideShipping, type ShippingCommand } from '../shipping/decide.ts';
import { decideTax, type TaxCommand } from '../tax/decide.ts';
import { decideAdminFee, type SetAdminFee } from './admin-fee.ts';
import {
  dueOf,
  evolveInvoice,
  type Invoice,
  type IssuedInvoice,
  initialInvoice,
  isPaid,
  pendingPayments,
} from './invoice.ts';
import { decideInvoiceLine, type InvoiceLineCommand } from './lines.ts';
import { decideInvoiceShare, type InvoiceShareCommand } from './shares.ts';

/** A payment left unfinished this long (a crash between two writes) no longer blocks the next one. */
export const STALE_PAYMENT_MS = 30 * 60_000;

export type InvoiceCommand =
  | { type: 'IssueInvoice'; data: InvoiceIssuedData }
  | { type: 'ChooseDelivery'; buyerId: string; delivery: DeliveryData; amounts: InvoiceAmountsData }
  | {
      type: 'StartPayment';
      buyerId: string;
      paymentId: string;
      method: PaymentMethod;
      amount: number;
      card: { cardId: string; brand: string; last4: string } | null;
      now: Date;
      /** Issue 35 §1: the transaction (`payment-<id>`) its money moves in. */
      transactionId?: string;
      /**
       * Issue 38 §2: the invoice's total the payment's amount was read from; a total changed since (an
       * admin fee set meanwhile) refuses the payment rather than take it short.
       */
      expectedTotal?: number;
    }
  | { type: 'RequireAction'; paymentId: string; chargeId: string }
  | {
      type: 'RecordPayment';
      paymentId: string;
      method: PaymentMethod;
      amount: number;
      reference: string;
      transactionId?: string;
    }
  | { type: 'FailPayment'; paymentId: string; reason: string }
  | {
      type: 'RefundPayment';
      refundId: string;
      paymentId: string;
      amount: number;
      to: 'card' | 'wallet';
      reason: string;
    }
  | { type: 'VoidInvoice'; reason: 'payment_failed' | 'expired' }
  | ReturnCommand
  | ShippingCommand
  | TaxCommand
  | DisputeCommand
  | SetAdminFee
  | InvoiceLineCommand
  | InvoiceShareCommand;

/** Someone else's invoice answers as an unknown one: its existence is nobody else's business. */
function own(state: Invoice, buyerId?: string): IssuedInvoice {
  if (state.status === 'none' || (buyerId !== undefined && state.issued.buyerId !== buyerId)) {
    throw new AppError('INVOICE_NOT_FOUND');
  }
  return state;
}

function open(invoice: IssuedInvoice) {
  if (invoice.voided) throw new AppError('INVOICE_VOID');
  if (isPaid(invoice)) throw new AppError('INVOICE_PAID');
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decideInvoice(command: InvoiceCommand, state: Invoice): InvoiceEvent[] {
  switch (command.type) {
    case 'IssueInvoice': {
      if (state.status === 'none') return [{ type: 'InvoiceIssued', data: command.data }];
      // The same order retried is already issued; any other order may not take its id.
      if (state.issued.buyerId !== command.data.buyerId) throw new AppError('ORDER_TAKEN');
      return [];
    }
    case 'ChooseDelivery': {
      const invoice = own(state, command.buyerId);
      if (sameJson(invoice.delivery, command.delivery)) return [];
      open(invoice);
      if (invoice.paid > 0 || pendingPayments(invoice).length > 0) throw new AppError('DELIVERY_LOCKED');
      return [
        { type: 'InvoiceDeliveryChosen', data: { delivery: command.delivery, amounts: command.amounts } },
      ];
    }
    case 'StartPayment': {
      const invoice = own(state, command.buyerId);
      if (invoice.payments[command.paymentId]) return [];
      open(invoice);
      const now = command.now.getTime();
      const busy = pendingPayments(invoice).some(([, p]) => now - p.at < STALE_PAYMENT_MS);
      if (busy) throw new AppError('PAYMENT_IN_PROGRESS');
      if (command.expectedTotal !== undefined && command.expectedTotal !== invoice.amounts.total) {
        throw new AppError('INVOICE_CHANGED');
      }
      // The amount was read from the invoice a moment ago: more than is due means it changed since.
      if (command.amount < 1 || command.amount > dueOf(invoice)) throw new AppError('PAYMENT_IN_PROGRESS');
      return [
        {
          type: 'PaymentStarted',
          data: {
            paymentId: command.paymentId,
            method: command.method,
            amount: command.amount,
            card: command.card,
            startedAt: command.now.toISOString(),
            ...(command.transactionId ? { transactionId: command.transactionId } : {}),
          },
        },
      ];
    }
    case 'RequireAction': {
      const payment = own(state).payments[command.paymentId];
      if (payment?.status !== 'pending') return [];
      return [
        { type: 'PaymentActionRequired', data: { paymentId: command.paymentId, chargeId: command.chargeId } },
      ];
    }
    case 'RecordPayment': {
      const invoice = own(state);
      if (invoice.payments[command.paymentId]?.status === 'succeeded') return [];
      if (invoice.voided) throw new AppError('INVOICE_VOID');
      if (command.amount < 1 || command.amount > dueOf(invoice)) throw new AppError('INVOICE_PAID');
      return [
        {
          type: 'PaymentRecorded',
          data: {
            paymentId: command.paymentId,
            method: command.method,
            amount: command.amount,
            reference: command.reference,
            ...(command.transactionId ? { transactionId: command.transactionId } : {}),
          },
        },
      ];
    }
    case 'FailPayment': {
      const payment = own(state).payments[command.paymentId];
      if (payment?.status !== 'pending' && payment?.status !== 'action_required') return [];
      return [{ type: 'PaymentFailed', data: { paymentId: command.paymentId, reason: command.reason } }];
    }
    case 'RefundPayment': {
      const invoice = own(state);
      if (invoice.refunds[command.refundId] !== undefined) return [];
      // What was returned is given back already: only the rest can be refunded.
      if (command.amount < 1 || command.amount > invoice.paid - invoice.returned) {
        throw new AppError('INVOICE_PAID');
      }
      const { refundId, paymentId, amount, to, reason } = command;
      return [{ type: 'PaymentRefunded', data: { refundId, paymentId, amount, to, reason } }];
    }
    case 'VoidInvoice': {
      const invoice = own(state);
      if (invoice.voided) return [];
      // Money taken is given back first (the checkout refunds, then voids).
      if (invoice.paid > 0) throw new AppError('INVOICE_PAID');
      return [{ type: 'InvoiceVoided', data: { reason: command.reason } }];
    }
    case 'RequestReturn':
    case 'AcceptReturn':
    case 'RefuseReturn':
    case 'ReceiveReturn':
    case 'StartRefund':
    case 'RecordRefund':
      return decideReturn(command, state);
    case 'RecordTracking':
      return decideShipping(command, state);
    case 'RecordTaxSale':
    case 'RecordTaxRefund':
    case 'RecordTaxVoid':
      return decideTax(command, state);
    case 'OpenDispute':
    case 'CloseDispute':
      return decideDispute(command, state);
    case 'SetAdminFee':
      return decideAdminFee(command, state);
    case 'AttachCertificate':
    case 'RemoveCertificate':
    case 'ChangeProductStatus':
      return decideInvoiceLine(command, state);
    case 'ShareInvoice':
    case 'RevokeShare':
      return decideInvoiceShare(command, state);
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, Invoice> = {
  decide: decideInvoice,
  evolve: evolveInvoice,
  initialState: initialInvoice,
};
