import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { PageInput } from '../money/inputs.ts';
import { multilineText } from '../text.ts';

const Id = z.string().trim().min(1).max(64);

/** A reason or a note: a few lines a person writes, at most 1000 characters. */
const Text = (label: () => string) =>
  multilineText(label).max(
    1000,
    lazy(() => t('returns.textLength')),
  );

const Qty = z
  .number(lazy(() => t('returns.qtyWhole')))
  .int(lazy(() => t('returns.qtyWhole')))
  .min(
    1,
    lazy(() => t('returns.qtyWhole')),
  )
  .max(10_000);

/**
 * seeds 001 §7 product/raiseReturnRequest: a line of the caller's paid invoice, how many of it (buy
 * now; an auction lot is returned whole, so its quantity is left out) and why.
 */
export const RaiseReturnInput = z.strictObject({
  invoice_id: Id,
  product_id: Id,
  qty: Qty.nullable().default(null),
  reason: Text(() => t('returns.reasonLabel')).min(
    1,
    lazy(() => t('returns.reasonRequired')),
  ),
});
export type RaiseReturnInput = z.input<typeof RaiseReturnInput>;

/** seeds 001 §7 product/returninvoice: one of the caller's returns. */
export const ReturnIdInput = z.strictObject({ id: Id });

/** seeds 001 §7 product/allreturns: the caller's returns, newest first; those of one invoice if named. */
export const ReturnListInput = PageInput.extend({ invoice_id: Id.optional() });

/** The staff's list: the returns waiting for a decision, those decided, or all. */
export const StaffReturnListInput = PageInput.extend({
  status: z.enum(['open', 'decided', 'all']).default('open'),
});

/**
 * Finance or an admin decides a return: accept (the refund goes to the card or the wallet; left out,
 * the way the invoice was paid) or refuse, saying why.
 */
export const DecideReturnInput = z
  .strictObject({
    invoice_id: Id,
    return_id: Id,
    decision: z.enum(['accept', 'refuse']),
    to: z.enum(['card', 'wallet']).nullable().default(null),
    note: Text(() => t('returns.noteLabel')).default(''),
  })
  .refine((v) => v.decision === 'accept' || v.note.length > 0, {
    path: ['note'],
    ...lazy(() => t('returns.noteRequired')),
  });
export type DecideReturnInput = z.input<typeof DecideReturnInput>;

const Bottles = z
  .number(lazy(() => t('returns.qtyWhole')))
  .int(lazy(() => t('returns.qtyWhole')))
  .min(0)
  .max(10_000);

/** Issue 31: the returned wine arrived: how many bottles are good (back in stock) and how many damaged. */
export const ReceiveReturnInput = z.strictObject({
  invoice_id: Id,
  return_id: Id,
  good: Bottles,
  damaged: Bottles,
  note: Text(() => t('returns.noteLabel')).default(''),
});
export type ReceiveReturnInput = z.input<typeof ReceiveReturnInput>;

/**
 * Issue 31: refund a received return: the amount in cents (left out: all the return brings; less
 * needs a reason), never more than the return brings or the invoice has left to give back.
 */
export const RefundReturnInput = z.strictObject({
  invoice_id: Id,
  return_id: Id,
  amount: z
    .number(lazy(() => t('returns.refundAmount', { max: '' })))
    .int()
    .min(1)
    .max(1_000_000_000)
    .nullable()
    .default(null),
  reason: z
    .string()
    .trim()
    .max(
      300,
      lazy(() => t('returns.textLength')),
    )
    .default(''),
});
export type RefundReturnInput = z.input<typeof RefundReturnInput>;
