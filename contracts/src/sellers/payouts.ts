import { z } from 'zod';
import { action, NoData } from '../action.ts';
import { plainText } from '../text.ts';

const Id = z.string().trim().min(1).max(64);

/** How the house pays a seller: a check or a bank transfer, made outside the product. */
export const PayoutMethod = z.enum(['check', 'bank_transfer']);
export type PayoutMethod = z.infer<typeof PayoutMethod>;

/** The most statement lines one payout settles (a seller's month of sales fits many times over). */
export const MAX_PAYOUT_LINES = 200;

/** One statement line: a lot on a buyer's invoice. */
export const PayoutLineRef = z.strictObject({ invoiceId: Id, lotId: Id });
export type PayoutLineRef = z.infer<typeof PayoutLineRef>;

/**
 * Finance records that the house paid the seller these statement lines (seeds: `seller/invoice:
 * changeStatus`). No amount is typed: the command settles each line's net by the statement's rule.
 */
export const RecordSellerPayoutInput = z.strictObject({
  sellerId: Id,
  lines: z
    .array(PayoutLineRef)
    .min(1)
    .max(MAX_PAYOUT_LINES)
    .refine(
      (lines) => new Set(lines.map((l) => `${l.invoiceId}:${l.lotId}`)).size === lines.length,
      'A line is named twice',
    ),
  /** A check number or a transfer's reference. */
  reference: plainText('Reference').min(1).max(100),
  method: PayoutMethod,
});
export type RecordSellerPayoutInput = z.infer<typeof RecordSellerPayoutInput>;

/**
 * How the seller wants to be paid (seeds: `seller/user/invoice: update_invoice`): a payee and a
 * method, with a note. Never account numbers: the house asks for those outside the product.
 */
export const SellerPayoutPreferenceInput = z.strictObject({
  payee: plainText('Payee').min(1).max(100),
  method: PayoutMethod,
  note: plainText('Note').max(300).optional(),
});
export type SellerPayoutPreferenceInput = z.infer<typeof SellerPayoutPreferenceInput>;

/** The seller's payout preference as the statement shows it. */
export const SellerPayoutPreference = z.object({
  payee: z.string(),
  method: PayoutMethod,
  note: z.string().nullable(),
  set_at: z.string(),
});
export type SellerPayoutPreference = z.infer<typeof SellerPayoutPreference>;

/** One seller with lines payable now, for finance's payouts list. */
export const SellerPayable = z.object({
  seller: z.object({ id: z.string(), name: z.string() }),
  lines: z.array(
    z.object({
      invoice_id: z.string(),
      invoice_number: z.string().nullable(),
      product_id: z.string(),
      title: z.string(),
      net: z.number().int(),
      payable_on: z.string().nullable(),
    }),
  ),
  /** The sum of the lines' nets, cents. */
  total: z.number().int(),
  preference: SellerPayoutPreference.nullable(),
});
export type SellerPayable = z.infer<typeof SellerPayable>;

/**
 * Issue 33 "Sellers": paying sellers. Finance (or an admin) records a payout of a seller's payable
 * lines; the path keeps the seeds' `seller/invoice` area. The seller sets how they are paid.
 */
export const sellerPayoutActions = {
  recordSellerPayout: action({
    path: '/api/seller/invoice/changeStatus',
    side: 'command',
    auth: ['finance', 'admin'],
    input: RecordSellerPayoutInput,
    output: z.object({ payoutId: z.string(), amount: z.number().int() }),
  }),
  setSellerPayoutPreference: action({
    path: '/api/seller/user/invoice/update_invoice',
    side: 'command',
    // Issue 38 §1: a vendor is paid as a seller is.
    auth: ['seller', 'vendor'],
    input: SellerPayoutPreferenceInput,
    output: NoData,
  }),
  staffSellerPayables: action({
    path: '/api/admin/seller/payables',
    side: 'query',
    auth: ['finance', 'admin'],
    input: z.strictObject({}),
    output: z.object({ sellers: z.array(SellerPayable) }),
  }),
} as const;
