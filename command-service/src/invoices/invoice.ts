import type {
  DeliveryData,
  InvoiceAmountsData,
  InvoiceEvent,
  InvoiceIssuedData,
  InvoiceProductStatuses,
  PaymentMethod,
} from '@wine/event-schemas';

export interface Payment {
  method: PaymentMethod;
  amount: number;
  status: 'pending' | 'action_required' | 'succeeded' | 'failed';
  /** Epoch milliseconds the payment started (or was recorded). */
  at: number;
  /** The provider's charge, once known. */
  chargeId: string | null;
  /** Issue 35 §1: the transaction (`payment-<id>`) its money moves in, when it named one. */
  transactionId?: string;
}

/** A return of a line (DOMAIN.md "Money"): asked, then accepted or refused, then refunded. */
export interface ReturnCase {
  lotId: string;
  qty: number;
  reason: string;
  /** The refund it brings, cents. */
  amount: number;
  status: 'requested' | 'accepted' | 'received' | 'refunding' | 'refused' | 'refunded';
  to: 'card' | 'wallet' | null;
  /** Issue 31: the bottles back in stock, by condition, once received. */
  received?: { good: number; damaged: number };
  /** Issue 31: the refund claimed (the amount and its parts), and what of it was recorded so far. */
  refund?: {
    refundId: string;
    amount: number;
    reason: string;
    parts: { paymentId: string; to: 'card' | 'wallet'; amount: number }[];
    recorded: number;
  };
}

export interface IssuedInvoice {
  status: 'issued';
  issued: InvoiceIssuedData;
  delivery: DeliveryData;
  amounts: InvoiceAmountsData;
  /** Paid less the refunds of payments undone (a voided order's), cents; returns leave it as it is. */
  paid: number;
  payments: Record<string, Payment>;
  refunds: Record<string, number>;
  voided: boolean;
  /** Refunded for returns, cents: counted apart from `paid`, so a return leaves a paid invoice paid. */
  returned: number;
  returns: Record<string, ReturnCase>;
  /** What each payment has given back so far, cents (a refund goes back through one payment). */
  refundedFrom: Record<string, number>;
  /** Issue 31: a delivery's carrier and tracking number, once staff entered them. */
  tracking?: { carrier: string; trackingNumber: string };
  /**
   * Issue 35 §5: the paid invoice as recorded with the tax service (its document code), the returns
   * whose refunds it recorded (by return, their codes), and whether the sale was voided there.
   */
  tax?: { service: string; code: string; refunds: Record<string, string>; voided: boolean };
  /** Issue 35 §1: disputes of its payments, by the provider's dispute id. */
  disputes: Record<string, PaymentDispute>;
  /** Lost disputes, cents: money the card network gave back to the cardholder. */
  chargedBack: number;
  /** Issue 38 §2: provenance certificates attached to lines, by lot. */
  certificates: Record<string, OwnershipCertificate>;
  /** Issue 38 §2: where each line stands in the cellar, by lot (absent: not set yet). */
  productStatus: Record<string, InvoiceProductStatus>;
  /** Issue 38 §2: the share whose signed link shows the invoice without a session; null when none. */
  shareId: string | null;
}

/** Issue 38 §2: a line's provenance certificate (seeds 001 §7 buynow/updateOwnershipCertificate). */
export interface OwnershipCertificate {
  reference: string;
  issuer: string;
  issuedOn: string;
  note: string;
}

export type InvoiceProductStatus = (typeof InvoiceProductStatuses)[number];

/** Issue 35 §1: a payment the cardholder disputed with their bank, and how it was decided. */
export interface PaymentDispute {
  paymentId: string;
  /** This invoice's share of the disputed charge, cents. */
  amount: number;
  reason: string;
  status: 'open' | 'won' | 'lost';
}

/** The invoice aggregate (`invoice-<id>`), folded from its stream (DOMAIN.md "Money"). */
export type Invoice = { status: 'none' } | IssuedInvoice;

export const initialInvoice = (): Invoice => ({ status: 'none' });

/** What is left to pay: the total less what is paid and what payments under way may still bring. */
export const dueOf = (invoice: IssuedInvoice): number => Math.max(0, invoice.amounts.total - invoice.paid);

export const isPaid = (invoice: IssuedInvoice) => invoice.paid >= invoice.amounts.total;

/** Payments started and not finished: a card waiting for its issuer, or a step between two writes. */
export const pendingPayments = (invoice: IssuedInvoice) =>
  Object.entries(invoice.payments).filter(
    ([, p]) => p.status === 'pending' || p.status === 'action_required',
  );

export function evolveInvoice(state: Invoice, event: InvoiceEvent): Invoice {
  if (event.type === 'InvoiceIssued') {
    const issued = event.data;
    return {
      status: 'issued',
      issued,
      delivery: issued.delivery,
      amounts: issued.amounts,
      paid: 0,
      payments: {},
      refunds: {},
      voided: false,
      returned: 0,
      returns: {},
      refundedFrom: {},
      disputes: {},
      chargedBack: 0,
      certificates: {},
      productStatus: {},
      shareId: null,
    };
  }
  if (state.status === 'none') return state;
  const withPayment = (paymentId: string, change: Partial<Payment>) => {
    const current = state.payments[paymentId];
    const payment: Payment = current
      ? { ...current, ...change }
      : { method: 'card', amount: 0, status: 'pending', at: 0, chargeId: null, ...change };
    return { ...state, payments: { ...state.payments, [paymentId]: payment } };
  };
  switch (event.type) {
    case 'InvoiceDeliveryChosen':
      return { ...state, delivery: event.data.delivery, amounts: event.data.amounts };
    case 'ShipmentTracked':
      return { ...state, tracking: { ...event.data } };
    case 'PaymentStarted':
      return withPayment(event.data.paymentId, {
        method: event.data.method,
        amount: event.data.amount,
        status: 'pending',
        at: Date.parse(event.data.startedAt),
        ...(event.data.transactionId ? { transactionId: event.data.transactionId } : {}),
      });
    case 'PaymentActionRequired':
      return withPayment(event.data.paymentId, { status: 'action_required', chargeId: event.data.chargeId });
    case 'PaymentRecorded': {
      const next = withPayment(event.data.paymentId, {
        method: event.data.method,
        amount: event.data.amount,
        status: 'succeeded',
        chargeId: event.data.reference,
        ...(event.data.transactionId ? { transactionId: event.data.transactionId } : {}),
      });
      return { ...next, paid: state.paid + event.data.amount };
    }
    case 'PaymentFailed':
      return withPayment(event.data.paymentId, { status: 'failed' });
    case 'PaymentRefunded': {
      const { refundId, paymentId, amount, returnId } = event.data;
      const refunded = {
        ...state,
        refunds: { ...state.refunds, [refundId]: amount },
        refundedFrom: { ...state.refundedFrom, [paymentId]: (state.refundedFrom[paymentId] ?? 0) + amount },
      };
      const settled = returnId === undefined ? undefined : state.returns[returnId];
      if (returnId === undefined || !settled) return { ...refunded, paid: state.paid - amount };
      // A refund in parts (wallet and card) is done when its parts add up to the amount claimed;
      // a refund written before issue 31 had one part and no claim.
      const plan = settled.refund
        ? { ...settled.refund, recorded: settled.refund.recorded + amount }
        : undefined;
      const done = !plan || plan.recorded >= plan.amount;
      return {
        ...refunded,
        returned: state.returned + amount,
        returns: {
          ...state.returns,
          [returnId]: {
            ...settled,
            ...(plan ? { refund: plan } : {}),
            status: done ? 'refunded' : 'refunding',
          },
        },
      };
    }
    case 'PaymentDisputed': {
      const { disputeId, paymentId, amount, reason } = event.data;
      const opened: PaymentDispute = { paymentId, amount, reason, status: 'open' };
      return { ...state, disputes: { ...state.disputes, [disputeId]: opened } };
    }
    case 'PaymentDisputeClosed': {
      const dispute = state.disputes[event.data.disputeId];
      if (!dispute) return state;
      const closed = { ...dispute, status: event.data.outcome };
      return {
        ...state,
        disputes: { ...state.disputes, [event.data.disputeId]: closed },
        chargedBack: state.chargedBack + (event.data.outcome === 'lost' ? dispute.amount : 0),
      };
    }
    case 'InvoiceVoided':
      return { ...state, voided: true };
    case 'InvoiceNoteAdded':
      return state;
    case 'ReturnRequested': {
      const { returnId, lotId, qty, reason, amount } = event.data;
      const asked: ReturnCase = { lotId, qty, reason, amount, status: 'requested', to: null };
      return { ...state, returns: { ...state.returns, [returnId]: asked } };
    }
    case 'ReturnReceived': {
      const { returnId, good, damaged } = event.data;
      const back = state.returns[returnId];
      if (!back) return state;
      const received = { ...back, status: 'received' as const, received: { good, damaged } };
      return { ...state, returns: { ...state.returns, [returnId]: received } };
    }
    case 'ReturnRefundStarted': {
      const { returnId, refundId, amount, reason, parts } = event.data;
      const back = state.returns[returnId];
      if (!back) return state;
      const refund = { refundId, amount, reason, parts, recorded: 0 };
      return {
        ...state,
        returns: { ...state.returns, [returnId]: { ...back, status: 'refunding', refund } },
      };
    }
    case 'ReturnAccepted':
    case 'ReturnRefused': {
      const decided = state.returns[event.data.returnId];
      if (!decided) return state;
      const change =
        event.type === 'ReturnAccepted'
          ? { status: 'accepted' as const, to: event.data.to }
          : { status: 'refused' as const };
      return { ...state, returns: { ...state.returns, [event.data.returnId]: { ...decided, ...change } } };
    }
    case 'TaxRecorded':
      if (state.tax) return state;
      return {
        ...state,
        tax: { service: event.data.service, code: event.data.code, refunds: {}, voided: false },
      };
    case 'TaxRefunded':
      if (!state.tax) return state;
      return {
        ...state,
        tax: { ...state.tax, refunds: { ...state.tax.refunds, [event.data.returnId]: event.data.code } },
      };
    case 'TaxVoided':
      return state.tax ? { ...state, tax: { ...state.tax, voided: true } } : state;
    case 'InvoiceAdminFeeSet':
      return { ...state, amounts: event.data.amounts };
    case 'OwnershipCertificateAttached': {
      const { lotId, reference, issuer, issuedOn, note } = event.data;
      const certificate = { reference, issuer, issuedOn, note };
      return { ...state, certificates: { ...state.certificates, [lotId]: certificate } };
    }
    case 'OwnershipCertificateRemoved': {
      const { [event.data.lotId]: _removed, ...certificates } = state.certificates;
      return { ...state, certificates };
    }
    case 'InvoiceProductStatusChanged':
      return { ...state, productStatus: { ...state.productStatus, [event.data.lotId]: event.data.status } };
    case 'InvoiceShared':
      return { ...state, shareId: event.data.shareId };
    case 'InvoiceShareRevoked':
      return state.shareId === event.data.shareId ? { ...state, shareId: null } : state;
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
