import { z } from 'zod';
import { Cents } from './lot-events.ts';
import { defineEvent } from './registry.ts';

const Id = z.string().min(1).max(64);

/**
 * DOMAIN.md "Money": an admin issues a gift card of an amount; its stream is named by the hash of
 * its code, and the event keeps only the last four characters, to tell cards apart.
 */
export const GiftCardIssued = defineEvent({
  type: 'GiftCardIssued',
  version: 1,
  schema: z.object({ giftCardId: Id, last4: z.string().length(4), amount: Cents.min(1) }),
});

/** Redeemed into a user's wallet, once. */
export const GiftCardRedeemed = defineEvent({
  type: 'GiftCardRedeemed',
  version: 1,
  schema: z.object({ userId: Id, amount: Cents.min(1) }),
});

export type GiftCardEvent =
  | { type: 'GiftCardIssued'; data: z.infer<typeof GiftCardIssued.schema> }
  | { type: 'GiftCardRedeemed'; data: z.infer<typeof GiftCardRedeemed.schema> };
export const giftCardEventDefinitions = [GiftCardIssued, GiftCardRedeemed] as const;
