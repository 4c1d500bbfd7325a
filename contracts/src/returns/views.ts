import { z } from 'zod';
import { InvoiceSummary, Transaction } from '../money/views.ts';

/**
 * Waiting for a decision; accepted (the wine on its way back); received (back in stock, the refund
 * next); refunding (claimed, under way); refused; refunded (issue 31).
 */
export const ReturnStatus = z.enum(['requested', 'accepted', 'received', 'refunding', 'refused', 'refunded']);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

/** A return request and how it ended (seeds 001 §7 allreturns). Money in cents. */
export const ReturnView = z.object({
  id: z.string(),
  invoice_id: z.string(),
  /** The invoice's readable number (issue 31); null before numbers. */
  invoice_number: z.string().nullable().optional(),
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
  /** Issue 31: once received, the bottles back in stock and those damaged; when. */
  good: z.number().nullable(),
  damaged: z.number().nullable(),
  received_at: z.string().nullable(),
  /** Issue 31: the refund claimed (it may be less than `amount`, with the reason), and its parts. */
  refunded_amount: z.number().nullable(),
  refund_reason: z.string().nullable(),
  refunded_card: z.number(),
  refunded_wallet: z.number(),
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
  /** The most a refund can give back: what the return brings, at most what the invoice has left. */
  refund_max: z.number(),
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

/** What a staff step answers: the return's status now and, once refunded, how much went where. */
export const ReturnDecisionResult = z.object({
  return_id: z.string(),
  status: ReturnStatus,
  /** What the return brings (the most it can refund). */
  amount: z.number(),
  refund_to: z.enum(['card', 'wallet']).nullable(),
  /** The refund claimed (null before), and its card and wallet parts, cents. */
  refunded: z.number().nullable(),
  refunded_card: z.number(),
  refunded_wallet: z.number(),
});
export type ReturnDecisionResult = z.infer<typeof ReturnDecisionResult>;
