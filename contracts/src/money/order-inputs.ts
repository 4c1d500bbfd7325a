import { InvoiceProductStatuses } from '@wine/event-schemas';
import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { needsShipDate, shipDateIssue } from '../shipping/inputs.ts';
import { multilineText, plainText } from '../text.ts';
import { addressIssue, ClientId, DeliveryChoice, needsAddress, PaymentChoice } from './inputs.ts';

/**
 * Issue 38 §2 "Cart and invoice variants" (seeds 001 §7 "Cart and checkout", "Invoices", "Deposit
 * area"): the inputs of the calls around an order that checkout and the invoice page did not serve.
 */

const Id = z.string().trim().min(1).max(64);

/** Whole cents of an admin fee: $0.00 (none) to $10,000.00 (DOMAIN.md "Money": integer cents). */
export const ADMIN_FEE_MAX = 1_000_000;
const feeRange = lazy(() => t('orders.feeRange'));
const Fee = z.number(feeRange).int(feeRange).min(0, feeRange).max(ADMIN_FEE_MAX, feeRange);

/**
 * seeds 001 §7 buynow/checkout: the buy-now cart's own checkout, as cart/checkout with `type` buynow
 * (which it may leave out; another type is refused).
 */
export const BuynowCheckoutInput = z
  .strictObject({
    type: z
      .literal(
        'buynow',
        lazy(() => t('orders.buynowOnly')),
      )
      .default('buynow'),
    cart_id: ClientId,
    ...DeliveryChoice,
    payment: PaymentChoice,
  })
  .refine(needsAddress, addressIssue)
  .refine(needsShipDate, shipDateIssue);
export type BuynowCheckoutInput = z.input<typeof BuynowCheckoutInput>;

/**
 * seeds 001 §7 cart/updateCheckout: the delivery chosen (and so the tax) written on the invoices of an
 * auction cart (one invoice, or `all`) or of the temporary cart, before paying; a buy-now order's
 * delivery is chosen when it is placed (another type is refused).
 */
export const UpdateCheckoutInput = z
  .strictObject({
    type: z.enum(
      ['auction', 'offer'],
      lazy(() => t('orders.buynowAtCheckout')),
    ),
    cart_id: ClientId,
    ...DeliveryChoice,
  })
  .refine(needsAddress, addressIssue)
  .refine(needsShipDate, shipDateIssue);
export type UpdateCheckoutInput = z.input<typeof UpdateCheckoutInput>;

/** seeds 001 §7 user/invoice multipleInvoice: several of the caller's invoices at once. */
export const MultipleInvoiceInput = z.strictObject({
  ids: z
    .array(Id)
    .min(1)
    .max(20)
    .refine(
      (ids) => new Set(ids).size === ids.length,
      lazy(() => t('orders.eachInvoiceOnce')),
    ),
});

/** The owner shares an invoice by a link (or ends the share). */
export const InvoiceShareInput = z.strictObject({ invoice_id: Id });

/** seeds 001 §7 public_invoice: the signed token of a shared invoice's link. */
export const PublicInvoiceInput = z.strictObject({
  token: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{43}$/,
      lazy(() => t('errors.INVOICE_LINK_INVALID')),
    ),
});

/** seeds 001 §7 deposit/deposit: one of the caller's bid deposits. */
export const DepositInput = z.strictObject({ id: Id });

/**
 * seeds 001 §7 buynow/updateAdminFee: finance or an admin sets an order's admin fee, saying why; with
 * no `fee`, the configured one (money settings `adminFee`). 0 takes the fee off.
 */
export const UpdateAdminFeeInput = z.strictObject({
  invoice_id: Id,
  fee: Fee.optional(),
  note: plainText(() => t('orders.note'))
    .min(
      1,
      lazy(() => t('account.required')),
    )
    .max(300),
});
export type UpdateAdminFeeInput = z.input<typeof UpdateAdminFeeInput>;

/**
 * seeds 001 §7 buynow/updateOwnershipCertificate: a provenance certificate on a line of an invoice (the
 * lot sold on it), or, with `certificate` null, the line's certificate taken off.
 */
export const OwnershipCertificateInput = z.strictObject({
  reference: plainText(() => t('orders.reference'))
    .min(
      1,
      lazy(() => t('account.required')),
    )
    .max(100),
  issuer: plainText(() => t('orders.issuer'))
    .min(
      1,
      lazy(() => t('account.required')),
    )
    .max(200),
  issued_on: z.iso.date(lazy(() => t('orders.issuedOnFormat'))),
  note: multilineText(() => t('orders.certificateNote'))
    .max(1000)
    .default(''),
});
export const UpdateOwnershipCertificateInput = z.strictObject({
  invoice_id: Id,
  product_id: Id,
  certificate: OwnershipCertificateInput.nullable(),
});
export type UpdateOwnershipCertificateInput = z.input<typeof UpdateOwnershipCertificateInput>;

/** seeds 001 §4 "Invoice product status change": where a line stands in the cellar. */
export const InvoiceProductStatus = z.enum(InvoiceProductStatuses);
export type InvoiceProductStatus = z.infer<typeof InvoiceProductStatus>;
export const ChangeInvoiceProductStatusInput = z.strictObject({
  invoice_id: Id,
  product_id: Id,
  status: InvoiceProductStatus,
});
