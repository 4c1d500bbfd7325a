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
    source: z.enum(['card', 'giftcard', 'refund', 'reversal']),
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

export type WalletEvent =
  | { type: 'WalletCredited'; data: z.infer<typeof WalletCredited.schema> }
  | { type: 'WalletDebited'; data: z.infer<typeof WalletDebited.schema> };
export const walletEventDefinitions = [WalletCredited, WalletDebited] as const;
