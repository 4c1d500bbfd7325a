import type { LedgerDisagreement } from '@wine/contracts';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import { transactionOf } from './ledger.ts';
import type { Transaction } from './transaction.ts';

const add = (totals: Map<string, number>, key: string, amount: number) =>
  totals.set(key, (totals.get(key) ?? 0) + amount);

/**
 * Issue 35 §1: the payment ledger checked against the invoices, from their folds alone. Every payment
 * an invoice records points to a transaction that moved that money for it; every transaction's charge
 * is what its invoices recorded plus what went back before any invoice took it; its refunds for
 * invoices and its lost disputes are the invoices' own. An empty answer: the books agree.
 */
export function reconcileLedger(
  transactions: ReadonlyMap<string, Transaction>,
  invoices: readonly IssuedInvoice[],
): LedgerDisagreement[] {
  const found: LedgerDisagreement[] = [];
  const recorded = new Map<string, number>();
  const refunded = new Map<string, number>();
  const chargedBack = new Map<string, number>();
  for (const invoice of invoices) {
    const { invoiceId } = invoice.issued;
    for (const [paymentId, payment] of Object.entries(invoice.payments)) {
      if (payment.status !== 'succeeded') continue;
      const id = transactionOf(paymentId, payment);
      const tx = transactions.get(id);
      if (!tx || tx.status === 'none') {
        found.push({
          transactionId: id,
          invoiceId,
          problem: 'unknown_transaction',
          expected: payment.amount,
          found: 0,
        });
        continue;
      }
      if (tx.status !== 'charged') {
        found.push({
          transactionId: id,
          invoiceId,
          problem: 'not_charged',
          expected: payment.amount,
          found: 0,
        });
        continue;
      }
      const target = tx.started?.target;
      const share =
        target?.kind === 'invoices' ? target.invoices.find((s) => s.invoiceId === invoiceId) : undefined;
      if (share?.amount !== payment.amount) {
        found.push({
          transactionId: id,
          invoiceId,
          problem: 'share',
          expected: share?.amount ?? 0,
          found: payment.amount,
        });
      }
      add(recorded, id, payment.amount);
      add(refunded, id, invoice.refundedFrom[paymentId] ?? 0);
    }
    for (const dispute of Object.values(invoice.disputes)) {
      if (dispute.status !== 'lost') continue;
      add(chargedBack, transactionOf(dispute.paymentId, invoice.payments[dispute.paymentId]), dispute.amount);
    }
  }
  for (const [id, tx] of transactions) {
    if (tx.status !== 'charged' || tx.started?.target.kind !== 'invoices') continue;
    const refunds = Object.values(tx.refunds);
    const unallotted = refunds.filter((r) => r.invoiceId === null).reduce((sum, r) => sum + r.amount, 0);
    const forInvoices = refunds.filter((r) => r.invoiceId !== null).reduce((sum, r) => sum + r.amount, 0);
    const checks = [
      ['charged', tx.charged, (recorded.get(id) ?? 0) + unallotted],
      ['refunded', forInvoices, refunded.get(id) ?? 0],
      ['charged_back', tx.chargedBack, chargedBack.get(id) ?? 0],
    ] as const;
    for (const [problem, expected, got] of checks) {
      if (expected !== got) found.push({ transactionId: id, invoiceId: null, problem, expected, found: got });
    }
  }
  return found;
}
