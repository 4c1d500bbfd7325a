import { z } from 'zod';
import { InvoiceSummary, Transaction } from '../money/views.ts';

/** Waiting for a decision; accepted (its refund under way); refused; refunded. */
export const ReturnStatus = z.enum(['requested', 'accepted', 'refused', 'refunded']);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

/** A return request and how it ended (seeds 001 §7 allreturns). Money in cents. */
export const ReturnView = z.object({
  id: z.string(),
  invoice_id: z.string(),
  product_id: z.string(),
  title: z.string(),
  qty: z.number(),
  reason: z.string(),
  /** The refund it brings: the line's share of what was paid. */
  amount: z.number(),
  status: ReturnStatus,
  refund_to: z.enum(['card', 'wallet']).nullable(),
  /** What whoever decided wrote (why it was refused). */
  note: z.string().nullable(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type ReturnView = z.infer<typeof ReturnView>;

export const ReturnList = z.object({ records: z.array(ReturnView), totalRecords: z.number() });
export type ReturnList = z.infer<typeof ReturnList>;

/** seeds 001 §7 returninvoice: one return, its invoice and the refunds that settled it. */
export const ReturnDetail = ReturnView.extend({
  invoice: InvoiceSummary,
  returnTransactions: z.array(Transaction),
});
export type ReturnDetail = z.infer<typeof ReturnDetail>;

/** A return as the staff decide it: who asks, and where its refund can go. */
export const StaffReturn = ReturnView.extend({
  buyer_id: z.string(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  /** A card payment of the invoice can take the refund back. */
  card_refundable: z.boolean(),
  /** Where the refund goes unless the staff choose: the way it was paid. */
  default_to: z.enum(['card', 'wallet']),
});
export type StaffReturn = z.infer<typeof StaffReturn>;

export const StaffReturnList = z.object({ records: z.array(StaffReturn), totalRecords: z.number() });
export type StaffReturnList = z.infer<typeof StaffReturnList>;

/** What a request answers: the return, waiting for a decision, and the refund it would bring. */
export const ReturnRequestResult = z.object({
  return_id: z.string(),
  status: ReturnStatus,
  amount: z.number(),
});

/** What a decision answers: refunded (and where) or refused. */
export const ReturnDecisionResult = z.object({
  return_id: z.string(),
  status: ReturnStatus,
  amount: z.number(),
  refund_to: z.enum(['card', 'wallet']).nullable(),
});
export type ReturnDecisionResult = z.infer<typeof ReturnDecisionResult>;
