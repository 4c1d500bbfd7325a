import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { needsShipDate, shipDateIssue } from '../shipping/inputs.ts';
import { addressIssue, ClientId, DeliveryChoice, needsAddress } from './inputs.ts';

/**
 * seeds 001 "Payments" payment/authorize: the total of an auction cart's unpaid invoices (one, or
 * `all`), or of the temporary cart's, held on a card on file before checkout, with the delivery chosen
 * (written on the invoices as cart/updateCheckout writes it, so the hold is what the checkout will
 * take). A buy-now order's total is known only when it is placed: its type is refused.
 */
export const AuthorizeCardInput = z
  .strictObject({
    type: z.enum(
      ['auction', 'offer'],
      lazy(() => t('orders.buynowAtCheckout')),
    ),
    cart_id: ClientId,
    ...DeliveryChoice,
    card_id: z.string().trim().min(1).max(64),
  })
  .refine(needsAddress, addressIssue)
  .refine(needsShipDate, shipDateIssue);
export type AuthorizeCardInput = z.input<typeof AuthorizeCardInput>;

/** A hold on a card on file: how much, for which invoices, until when the provider keeps it. */
export const CardHoldView = z.object({
  hold_id: z.string(),
  card_id: z.string(),
  /** Cents. */
  amount: z.number(),
  invoice_ids: z.array(z.string()),
  expires_at: z.string(),
});
export type CardHoldView = z.infer<typeof CardHoldView>;

/** The buyer gives a hold back to their card before paying. */
export const ReleaseCardHoldInput = z.strictObject({ hold_id: z.string().trim().min(1).max(80) });
