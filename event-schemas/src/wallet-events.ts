import { z } from 'zod';
import { Cents } from './lot-events.ts';
import { defineEvent } from './registry.ts';

const Id = z.string().min(1).max(64);

/**
 * DOMAIN.md "Money": credit on `wallet-<userId>`: bought by card, a gift card redeemed, a refund,
 * or a payment given back when its order was voided.
 */
export const WalletCredited = defineEvent({
  type: 'WalletCredited',
  version: 1,
  schema: z.object({
    entryId: Id,
    amount: Cents.min(1),
    /** `gateway`: a bid deposit paid on a hosted gateway's page (seeds 001 membership-payment). */
    source: z.enum(['card', 'giftcard', 'refund', 'reversal', 'gateway']),
    /** The card charge, the gift card's last four, or the invoice. */
    reference: z.string().max(100),
  }),
});

/** Credit spent; the decider refuses to take a wallet below zero. */
export const WalletDebited = defineEvent({
  type: 'WalletDebited',
  version: 1,
  schema: z.object({
    entryId: Id,
    amount: Cents.min(1),
    purpose: z.enum(['invoice']),
    reference: z.string().max(100),
  }),
});

/**
 * seeds 001 §7 credit/addBidDeposit: credit set aside as a bid deposit (DOMAIN.md: deposits are held
 * on the wallet); it leaves the balance until it is applied to an invoice or released.
 */
export const DepositHeld = defineEvent({
  type: 'DepositHeld',
  version: 1,
  schema: z.object({ depositId: Id, amount: Cents.min(1), lotId: Id.nullable() }),
});

/** A deposit given back to the wallet's balance (refunded by finance or an admin). */
export const DepositReleased = defineEvent({
  type: 'DepositReleased',
  version: 1,
  schema: z.object({ depositId: Id, amount: Cents.min(1) }),
});

/** A deposit spent on an invoice: `applied` pays it, what is left of the deposit returns to the balance. */
export const DepositApplied = defineEvent({
  type: 'DepositApplied',
  version: 1,
  schema: z.object({ depositId: Id, invoiceId: Id, applied: Cents.min(1), returned: Cents }),
});

export type WalletEvent =
  | { type: 'WalletCredited'; data: z.infer<typeof WalletCredited.schema> }
  | { type: 'WalletDebited'; data: z.infer<typeof WalletDebited.schema> }
  | { type: 'DepositHeld'; data: z.infer<typeof DepositHeld.schema> }
  | { type: 'DepositReleased'; data: z.infer<typeof DepositReleased.schema> }
  | { type: 'DepositApplied'; data: z.infer<typeof DepositApplied.schema> };
export const walletEventDefinitions = [
  WalletCredited,
  WalletDebited,
  DepositHeld,
  DepositReleased,
  DepositApplied,
] as const;
