import { z } from 'zod';
import { PaymentMethods } from './invoice-events.ts';
import { Cents } from './lot-events.ts';
import { defineEvent } from './registry.ts';
import { streamName } from './streams.ts';

const Id = z.string().min(1).max(64);
const Text = (max: number) => z.string().max(max);

/**
 * Issue 35 §1: what one movement of money is for: invoices, each with its share (one card charge can
 * pay several), or an entry of the buyer's wallet (credit bought with a card).
 */
export const TransactionTarget = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('invoices'),
    invoices: z
      .array(z.object({ invoiceId: Id, amount: Cents }))
      .min(1)
      .max(50),
  }),
  z.object({ kind: z.literal('wallet'), entryId: Id }),
]);

/**
 * Issue 35 §1, "one payment ledger": a movement of money began (as Saleor's transactions: one per
 * charge, whatever took it). `provider` is what moves it: the card provider's name, `paypal`, the
 * `wallet`, or `offline` for money finance received. The card by brand and last four, never its number.
 */
export const TransactionStarted = defineEvent({
  type: 'TransactionStarted',
  version: 1,
  schema: z.object({
    buyerId: Id,
    method: z.enum(PaymentMethods),
    provider: Text(40).min(1),
    amount: Cents,
    target: TransactionTarget,
    card: z.object({ cardId: Id, brand: Text(20), last4: Text(4) }).nullable(),
    startedAt: z.iso.datetime(),
  }),
});

/** The provider waits for the buyer (the issuer's page, PayPal's): `reference` is its charge or order. */
export const TransactionActionRequired = defineEvent({
  type: 'TransactionActionRequired',
  version: 1,
  schema: z.object({ reference: Text(100).min(1) }),
});

/** The money moved: the provider's charge or capture, the wallet's entry, the offline receipt. */
export const TransactionCharged = defineEvent({
  type: 'TransactionCharged',
  version: 1,
  schema: z.object({ amount: Cents, reference: Text(100).min(1) }),
});

/** Nothing was taken: declined, given up, or never sent. */
export const TransactionFailed = defineEvent({
  type: 'TransactionFailed',
  version: 1,
  schema: z.object({ reason: Text(300) }),
});

/**
 * Money given back from this transaction, in part or whole: to the card (through the provider) or to
 * the wallet. `invoiceId` is the invoice it is for; null for a charge given back before any invoice
 * took it (it could not be recorded) or for wallet credit.
 */
export const TransactionRefunded = defineEvent({
  type: 'TransactionRefunded',
  version: 1,
  schema: z.object({
    refundId: Id,
    amount: Cents,
    to: z.enum(['card', 'wallet']),
    reason: Text(300),
    invoiceId: Id.nullable(),
  }),
});

/** The cardholder disputed the charge with their bank: `amount` is held by the network until decided. */
export const TransactionDisputed = defineEvent({
  type: 'TransactionDisputed',
  version: 1,
  schema: z.object({ disputeId: Text(100).min(1), amount: Cents, reason: Text(300) }),
});

/** The dispute decided: `lost`, the network gave its amount back to the cardholder (a charge-back). */
export const TransactionDisputeClosed = defineEvent({
  type: 'TransactionDisputeClosed',
  version: 1,
  schema: z.object({ disputeId: Text(100).min(1), outcome: z.enum(['won', 'lost']) }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type TransactionStartedData = Data<typeof TransactionStarted>;
export type TransactionTargetData = z.infer<typeof TransactionTarget>;
export type PaymentEvent =
  | { type: 'TransactionStarted'; data: TransactionStartedData }
  | { type: 'TransactionActionRequired'; data: Data<typeof TransactionActionRequired> }
  | { type: 'TransactionCharged'; data: Data<typeof TransactionCharged> }
  | { type: 'TransactionFailed'; data: Data<typeof TransactionFailed> }
  | { type: 'TransactionRefunded'; data: Data<typeof TransactionRefunded> }
  | { type: 'TransactionDisputed'; data: Data<typeof TransactionDisputed> }
  | { type: 'TransactionDisputeClosed'; data: Data<typeof TransactionDisputeClosed> };

export const paymentEventDefinitions = [
  TransactionStarted,
  TransactionActionRequired,
  TransactionCharged,
  TransactionFailed,
  TransactionRefunded,
  TransactionDisputed,
  TransactionDisputeClosed,
] as const;

/** Issue 35 §1: one movement of money, by its id (a payment's card, PayPal or wallet part, a receipt). */
export const paymentStream = (transactionId: string) => streamName('payment', transactionId);
