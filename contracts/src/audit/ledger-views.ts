import { z } from 'zod';

/** Issue 35 §1: the ways the payment ledger (`payment-<id>` streams) and the invoices can disagree. */
export const ledgerProblems = [
  /** An invoice records a payment whose transaction does not exist. */
  'unknown_transaction',
  /** An invoice records a payment whose transaction moved no money. */
  'not_charged',
  /** An invoice's share differs from the transaction's share for it. */
  'share',
  /** What the transaction charged is not what its invoices recorded plus what went back unrecorded. */
  'charged',
  /** The transaction's refunds for invoices are not the invoices' refunds from it. */
  'refunded',
  /** The transaction's lost disputes are not the invoices' charge-backs of it. */
  'charged_back',
] as const;

/** One disagreement: the transaction, the invoice when one is named, what was expected and found (cents). */
export const LedgerDisagreement = z.object({
  transactionId: z.string(),
  invoiceId: z.string().nullable(),
  problem: z.enum(ledgerProblems),
  expected: z.number().int(),
  found: z.number().int(),
});
export type LedgerDisagreement = z.infer<typeof LedgerDisagreement>;

/**
 * The whole books checked from the log: how many transactions and invoices were read, what each
 * provider holds by the ledger (charged less given back, cents), and every disagreement (none: they agree).
 */
export const LedgerCheck = z.object({
  transactions: z.number().int().min(0),
  invoices: z.number().int().min(0),
  held: z.array(z.object({ provider: z.string(), amount: z.number().int() })),
  disagreements: z.array(LedgerDisagreement),
});
export type LedgerCheck = z.infer<typeof LedgerCheck>;
