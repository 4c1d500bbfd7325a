import { SellerChargeKinds } from '@wine/event-schemas';
import { z } from 'zod';
import { action } from '../action.ts';
import { CheckoutResult, InvoiceStatus } from '../money/views.ts';
import { plainText } from '../text.ts';

export { SellerChargeKinds };

const Id = z.string().trim().min(1).max(64);

/** The most charges one payment settles (as a checkout pays at most 50 invoices). */
export const MAX_CHARGES_PAID = 50;

/** What the house bills: listing fees, photography, storage, buy-backs (issue 38 §1). */
export const SellerChargeKind = z.enum(SellerChargeKinds);
export type SellerChargeKind = z.infer<typeof SellerChargeKind>;

/**
 * Issue 38 §1: an admin bills a seller or vendor a charge, in whole cents, for one of their lots or
 * for none (storage of a cellar), with a note the seller reads. It is an invoice the seller owes.
 */
export const BillSellerChargeInput = z.strictObject({
  seller_id: Id,
  kind: SellerChargeKind,
  /** Cents: $0.01 to $100,000.00. */
  amount: z.number().int('must be whole cents').min(1).max(10_000_000),
  lot_id: Id.optional(),
  note: plainText('Note').max(200).optional(),
});
export type BillSellerChargeInput = z.input<typeof BillSellerChargeInput>;

/** The charges a seller pays: the invoices their statement shows, each named once. */
const ChargeIds = z
  .array(Id)
  .min(1)
  .max(MAX_CHARGES_PAID)
  .refine((ids) => new Set(ids).size === ids.length, 'A charge is named twice');

/** seeds 001 §7 seller/credit/payCartWallet, seller/offline/payCartOffline: the charges named. */
export const PaySellerChargesInput = z.strictObject({ invoice_ids: ChargeIds });
export type PaySellerChargesInput = z.input<typeof PaySellerChargesInput>;

/** seeds 001 §7 seller/cart/checkout: the charges, paid by a saved card (the wallet first, when asked). */
export const SellerChargesCheckoutInput = z.strictObject({
  invoice_ids: ChargeIds,
  card_id: Id,
  use_wallet: z.boolean().default(false),
});
export type SellerChargesCheckoutInput = z.input<typeof SellerChargesCheckoutInput>;

/** One charge as the seller's statement and the staff's seller screen show it; money in cents. */
export const SellerChargeView = z.object({
  /** The charge's invoice. */
  id: z.string(),
  number: z.string().nullable(),
  kind: SellerChargeKind,
  /** The lot it is for, with its title; null for a charge for no lot. */
  lot_id: z.string().nullable(),
  title: z.string(),
  note: z.string().nullable(),
  amount: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
  status: InvoiceStatus,
  billed_at: z.string(),
  due_at: z.string(),
  paid_at: z.string().nullable(),
});
export type SellerChargeView = z.infer<typeof SellerChargeView>;

/** What is still owed on charges: the dues of those not voided, cents. */
export const chargesDue = (charges: readonly Pick<SellerChargeView, 'due' | 'status'>[]) =>
  charges.reduce((sum, charge) => (charge.status === 'void' ? sum : sum + charge.due), 0);

/** The staff's view of a seller's charges. */
export const StaffSellerCharges = z.object({
  seller: z.object({ id: z.string(), name: z.string() }),
  charges: z.array(SellerChargeView),
  due: z.number().int(),
});
export type StaffSellerCharges = z.infer<typeof StaffSellerCharges>;

/**
 * Issue 38 §1 (seeds 001 §1, §7: "Sellers and vendors have their own cart, checkout, wallet payment,
 * offline payment"): the house bills a seller or vendor charges, which they settle from their
 * statement by card, from their wallet, or offline (finance then records the money with
 * `recordOfflinePayment`, as for a buyer's invoice). The payer is the caller, from the session.
 */
export const sellerChargeActions = {
  billSellerCharge: action({
    path: '/api/admin/seller/billCharge',
    side: 'command',
    auth: 'admin',
    input: BillSellerChargeInput,
    output: z.object({ invoice_id: z.string(), number: z.string().nullable(), amount: z.number().int() }),
  }),
  staffSellerCharges: action({
    path: '/api/admin/seller/charges',
    side: 'query',
    auth: ['finance', 'admin'],
    input: z.strictObject({ seller_id: Id }),
    output: StaffSellerCharges,
  }),
  /** `once`: a repeated or concurrent request with one x-command-id reaches the card once. */
  sellerChargesCheckout: action({
    path: '/api/seller/cart/checkout',
    side: 'command',
    money: true,
    once: true,
    auth: ['seller', 'vendor'],
    input: SellerChargesCheckoutInput,
    output: CheckoutResult,
  }),
  sellerChargesPayWallet: action({
    path: '/api/seller/credit/payCartWallet',
    side: 'command',
    money: true,
    once: true,
    auth: ['seller', 'vendor'],
    input: PaySellerChargesInput,
    output: CheckoutResult,
  }),
  /** Nothing moves: the seller is told how much, which invoices and until when; finance records the money. */
  sellerChargesPayOffline: action({
    path: '/api/seller/offline/payCartOffline',
    side: 'command',
    money: true,
    auth: ['seller', 'vendor'],
    input: PaySellerChargesInput,
    output: CheckoutResult,
  }),
} as const;
