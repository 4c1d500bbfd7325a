import type { PaymentEvent, PaymentMethod, TransactionStartedData } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

/**
 * Issue 35 §1, "one payment ledger": one movement of money (`payment-<id>`), whatever moved it: a card
 * provider's charge, a PayPal capture, a wallet debit, a deposit applied, money received offline. Its
 * amounts are folded from its events alone (as Saleor recalculates a transaction's from its events):
 * what was charged, what went back and to where, what a lost dispute took; the invoices it paid record
 * their share of it and point to it.
 */
export interface Transaction {
  status: 'none' | 'pending' | 'action_required' | 'charged' | 'failed';
  started: TransactionStartedData | null;
  /** The provider's charge, capture or order; the wallet entry; the offline receipt. */
  reference: string | null;
  charged: number;
  refunded: number;
  /**
   * Refunds by id (given once each): how much, and the invoice it was for; null for money given back
   * before any invoice took it (or wallet credit's).
   */
  refunds: Record<string, { amount: number; invoiceId: string | null }>;
  disputes: Record<string, { amount: number; status: 'open' | 'won' | 'lost' }>;
  /** Held by the card network while a dispute is open, cents. */
  disputed: number;
  /** Lost disputes, cents: given back to the cardholder by the network. */
  chargedBack: number;
}

/** What the transaction still holds: charged, less refunds and charge-backs. */
export const netOf = (t: Transaction) => t.charged - t.refunded - t.chargedBack;

export const initialTransaction = (): Transaction => ({
  status: 'none',
  started: null,
  reference: null,
  charged: 0,
  refunded: 0,
  refunds: {},
  disputes: {},
  disputed: 0,
  chargedBack: 0,
});

export function evolveTransaction(state: Transaction, event: PaymentEvent): Transaction {
  switch (event.type) {
    case 'TransactionStarted':
      return { ...state, status: 'pending', started: event.data };
    case 'TransactionActionRequired':
      return { ...state, status: 'action_required', reference: event.data.reference };
    case 'TransactionCharged':
      return {
        ...state,
        status: 'charged',
        charged: state.charged + event.data.amount,
        reference: event.data.reference,
      };
    case 'TransactionFailed':
      return { ...state, status: 'failed' };
    case 'TransactionRefunded':
      return {
        ...state,
        refunded: state.refunded + event.data.amount,
        refunds: {
          ...state.refunds,
          [event.data.refundId]: { amount: event.data.amount, invoiceId: event.data.invoiceId },
        },
      };
    case 'TransactionDisputed':
      return {
        ...state,
        disputed: state.disputed + event.data.amount,
        disputes: {
          ...state.disputes,
          [event.data.disputeId]: { amount: event.data.amount, status: 'open' },
        },
      };
    case 'TransactionDisputeClosed': {
      const dispute = state.disputes[event.data.disputeId];
      if (!dispute) return state;
      const lost = event.data.outcome === 'lost' ? dispute.amount : 0;
      return {
        ...state,
        disputed: state.disputed - dispute.amount,
        chargedBack: state.chargedBack + lost,
        disputes: { ...state.disputes, [event.data.disputeId]: { ...dispute, status: event.data.outcome } },
      };
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export interface StartTransaction {
  buyerId: string;
  method: PaymentMethod;
  provider: string;
  amount: number;
  target: TransactionStartedData['target'];
  card: TransactionStartedData['card'];
  now: Date;
}

export type TransactionCommand =
  | ({ type: 'StartTransaction' } & StartTransaction)
  | { type: 'RequireTransactionAction'; reference: string }
  /**
   * The money moved. `start`: what it was for, when nothing started it first (a wallet debit, a
   * deposit applied, money received offline: started and charged in one step).
   */
  | { type: 'ChargeTransaction'; amount?: number; reference: string; start?: StartTransaction }
  | { type: 'FailTransaction'; reason: string }
  | {
      type: 'RefundTransaction';
      refundId: string;
      amount: number;
      to: 'card' | 'wallet';
      reason: string;
      invoiceId: string | null;
    }
  | { type: 'DisputeTransaction'; disputeId: string; amount: number; reason: string }
  | {
      type: 'CloseTransactionDispute';
      disputeId: string;
      outcome: 'won' | 'lost';
      /** What the decision says of the dispute, to open it when its opening has not come yet. */
      opened: { amount: number; reason: string };
    };

const started = (start: StartTransaction): PaymentEvent => {
  const { now, ...data } = start;
  if (data.amount < 1) throw new AppError('PAYMENT_IN_PROGRESS');
  const shares = data.target.kind === 'invoices' ? data.target.invoices : [];
  const allotted = shares.reduce((sum, share) => sum + share.amount, 0);
  // Its shares are the whole of it: an invoice's share is never more or less than what moved for it.
  if (data.target.kind === 'invoices' && allotted !== data.amount) {
    throw new Error(`a transaction of ${data.amount} allotted ${allotted}`);
  }
  return { type: 'TransactionStarted', data: { ...data, startedAt: now.toISOString() } };
};

export function decideTransaction(command: TransactionCommand, state: Transaction): PaymentEvent[] {
  switch (command.type) {
    case 'StartTransaction': {
      if (state.status !== 'none') return [];
      const { type: _, ...start } = command;
      return [started(start)];
    }
    case 'RequireTransactionAction':
      if (state.status !== 'pending') return [];
      return [{ type: 'TransactionActionRequired', data: { reference: command.reference } }];
    case 'ChargeTransaction': {
      if (state.status === 'charged') {
        // The same charge told twice (the checkout's answer and the provider's webhook) is one charge.
        if (state.reference === command.reference) return [];
        throw new Error(`transaction charged as ${state.reference}, told of ${command.reference}`);
      }
      const opening = state.status === 'none' && command.start ? [started(command.start)] : [];
      const amount = state.started?.amount ?? command.start?.amount;
      if (amount === undefined) throw new AppError('PAYMENT_NOT_FOUND');
      // The provider took what was asked (the whole, unless told otherwise): more is money nobody allotted.
      const took = command.amount ?? amount;
      if (took < 1 || took > amount) throw new Error(`a transaction of ${amount} charged ${took}`);
      // A late success after a failure (a webhook after the checkout gave up) is still money taken.
      return [
        ...opening,
        { type: 'TransactionCharged', data: { amount: took, reference: command.reference } },
      ];
    }
    case 'FailTransaction':
      if (state.status !== 'pending' && state.status !== 'action_required') return [];
      return [{ type: 'TransactionFailed', data: { reason: command.reason.slice(0, 300) } }];
    case 'RefundTransaction': {
      if (state.refunds[command.refundId] !== undefined) return [];
      if (state.status !== 'charged') throw new AppError('PAYMENT_NOT_FOUND');
      // Never more back than it holds: refunds and charge-backs together stay within the charge.
      if (command.amount < 1 || command.amount > netOf(state)) throw new AppError('REFUND_EXCEEDS_PAYMENT');
      const { refundId, amount, to, reason, invoiceId } = command;
      return [
        {
          type: 'TransactionRefunded',
          data: { refundId, amount, to, reason: reason.slice(0, 300), invoiceId },
        },
      ];
    }
    case 'DisputeTransaction': {
      if (state.disputes[command.disputeId]) return [];
      return openDispute(state, command.disputeId, command);
    }
    case 'CloseTransactionDispute': {
      const known = state.disputes[command.disputeId];
      if (known && known.status !== 'open') return [];
      const opening = known ? [] : openDispute(state, command.disputeId, command.opened);
      const { disputeId, outcome } = command;
      return [...opening, { type: 'TransactionDisputeClosed', data: { disputeId, outcome } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** Only money taken can be disputed, and for no more than was taken. */
function openDispute(
  state: Transaction,
  disputeId: string,
  of: { amount: number; reason: string },
): PaymentEvent[] {
  if (state.status !== 'charged' || of.amount < 1 || of.amount > state.charged) {
    throw new AppError('PAYMENT_NOT_DISPUTABLE');
  }
  return [
    { type: 'TransactionDisputed', data: { disputeId, amount: of.amount, reason: of.reason.slice(0, 300) } },
  ];
}

export const transactionDecider: Decider<TransactionCommand, PaymentEvent, Transaction> = {
  decide: decideTransaction,
  evolve: evolveTransaction,
  initialState: initialTransaction,
};
