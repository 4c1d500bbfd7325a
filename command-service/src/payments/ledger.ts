import { paymentStream } from '@wine/event-schemas';
import { type MoneyDeps, type Step, stepContext } from '../checkout/money-deps.ts';
import type { Payment } from '../invoices/invoice.ts';
import { type StartTransaction, type TransactionCommand, transactionDecider } from './transaction.ts';

/**
 * Issue 35 §1: the money steps' writes to the payment ledger (`payment-<id>`), each a step of the
 * process that moves the money (its id derived from the step's, so a retried request writes nothing
 * twice). The order is the money's: a transaction is started before the provider is asked, charged
 * as soon as it answers (before any invoice records its share), refunded once the money went back.
 */
type Deps = Pick<MoneyDeps, 'streams' | 'clock'>;

const handle = (deps: Deps, step: Step, id: string, name: string, command: TransactionCommand) =>
  deps.streams.handle(
    paymentStream(id),
    transactionDecider,
    command,
    stepContext(step, `tx-${name}:${id}`, deps.clock.now()),
  );

export const loadTransaction = (deps: Pick<MoneyDeps, 'streams'>, id: string) =>
  deps.streams.load(paymentStream(id), transactionDecider);

/** The transaction an invoice's payment moved its money in: its own id when it named none (a card's part). */
export const transactionOf = (paymentId: string, payment: Pick<Payment, 'transactionId'> | undefined) =>
  payment?.transactionId ?? paymentId;

export function startTransaction(deps: Deps, step: Step, id: string, start: Omit<StartTransaction, 'now'>) {
  return handle(deps, step, id, 'start', { type: 'StartTransaction', ...start, now: deps.clock.now() });
}

export function requireTransactionAction(deps: Deps, step: Step, id: string, reference: string) {
  return handle(deps, step, id, 'action', { type: 'RequireTransactionAction', reference });
}

/**
 * The money moved under `reference`: the whole of what was started, unless `amount` says less. With
 * `start`, one that moved at once (a wallet debit, an offline receipt) is started and charged together.
 */
export function chargeTransaction(
  deps: Deps,
  step: Step,
  id: string,
  charge: { reference: string; amount?: number; start?: Omit<StartTransaction, 'now'> },
) {
  const { start, ...rest } = charge;
  return handle(deps, step, id, 'charge', {
    type: 'ChargeTransaction',
    ...rest,
    ...(start ? { start: { ...start, now: deps.clock.now() } } : {}),
  });
}

export function failTransaction(deps: Deps, step: Step, id: string, reason: string) {
  return handle(deps, step, id, 'fail', { type: 'FailTransaction', reason });
}

export interface LedgerRefund {
  refundId: string;
  amount: number;
  to: 'card' | 'wallet';
  reason: string;
  invoiceId: string | null;
}

/**
 * Gives money back from a transaction: asks its ledger first (never more back than it holds, a refund
 * id once), then `move`s the money (the provider's refund or the wallet's credit, each once per key),
 * then records it. A refund recorded already moves nothing again.
 */
export async function refundThrough(
  deps: Deps,
  step: Step,
  id: string,
  refund: LedgerRefund,
  move: () => Promise<unknown>,
): Promise<void> {
  const command: TransactionCommand = { type: 'RefundTransaction', ...refund };
  const before = await loadTransaction(deps, id);
  if (transactionDecider.decide(command, before).length === 0) return;
  await move();
  await handle(deps, step, id, `refund-${refund.refundId}`, command);
}

/** The money went back already (a charge no invoice could take): recorded, checked against what it holds. */
export function recordRefund(deps: Deps, step: Step, id: string, refund: LedgerRefund) {
  return handle(deps, step, id, `refund-${refund.refundId}`, { type: 'RefundTransaction', ...refund });
}

export function disputeTransaction(
  deps: Deps,
  step: Step,
  id: string,
  dispute: { disputeId: string; outcome: 'disputed' | 'won' | 'lost'; amount: number; reason: string },
) {
  const { disputeId, outcome, amount, reason } = dispute;
  const command: TransactionCommand =
    outcome === 'disputed'
      ? { type: 'DisputeTransaction', disputeId, amount, reason }
      : { type: 'CloseTransactionDispute', disputeId, outcome, opened: { amount, reason } };
  return handle(deps, step, id, `dispute-${disputeId}`, command);
}
