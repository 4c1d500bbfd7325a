import { z } from 'zod';
import { defineEvent } from './registry.ts';
import { streamName } from './streams.ts';

const Id = z.string().min(1).max(64);
const Cents = z.number().int().min(0);
/** Plain text: no control characters (a reference or note is shown on statements and PDFs). */
const Text = (max: number) => z.string().max(max);

/** How the house pays a seller (DOMAIN.md "Money": a check or a bank transfer, made outside the product). */
export const PayoutMethods = ['check', 'bank_transfer'] as const;

/** One statement line paid: the invoice and lot it is, and its net as the statement's rule settled it. */
export const PaidLine = z.object({ invoiceId: Id, lotId: Id, net: Cents });

/**
 * Issue 33 "Sellers": finance recorded that the house paid the seller these statement lines (a check
 * sent, a transfer made). The nets are settled at the command from the invoice and lot streams, so the
 * amount is what the statement's rule said, never a figure typed in.
 */
export const SellerPaidOut = defineEvent({
  type: 'SellerPaidOut',
  version: 1,
  schema: z.object({
    payoutId: Id,
    lines: z.array(PaidLine).min(1).max(200),
    amount: Cents,
    method: z.enum(PayoutMethods),
    reference: Text(100).min(1),
  }),
});

/**
 * How the seller wants to be paid: a payee and a method, with a note. Never a bank account number: no
 * secrets in events (the house takes account details outside the product).
 */
export const SellerPayoutPreferenceSet = defineEvent({
  type: 'SellerPayoutPreferenceSet',
  version: 1,
  schema: z.object({
    payee: Text(100).min(1),
    method: z.enum(PayoutMethods),
    note: Text(300).nullable(),
  }),
});

export type PayoutEvent =
  | { type: 'SellerPaidOut'; data: z.infer<typeof SellerPaidOut.schema> }
  | { type: 'SellerPayoutPreferenceSet'; data: z.infer<typeof SellerPayoutPreferenceSet.schema> };

export const payoutEventDefinitions = [SellerPaidOut, SellerPayoutPreferenceSet] as const;

/** A seller's payouts and payout preference, one stream per seller: its revision guards a line paid twice. */
export const payoutStream = (sellerId: string) => streamName('payout', sellerId);
