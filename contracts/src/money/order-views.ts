import { z } from 'zod';
import { InvoiceProductStatus } from './order-inputs.ts';
import { PickupLocation } from './settings.ts';
import {
  CartValues,
  CertificateView,
  DepositList,
  InvoiceDetail,
  InvoiceItem,
  InvoiceKind,
  InvoiceStatus,
  InvoiceSummary,
} from './views.ts';

/** seeds 001 §7 multipleInvoice: the invoices asked for, each in detail, and their money summed. */
export const MultipleInvoiceView = z.object({
  records: z.array(InvoiceDetail),
  totalRecords: z.number(),
  cartValues: CartValues,
});
export type MultipleInvoiceView = z.infer<typeof MultipleInvoiceView>;

/** The link the owner gives their accountant: the signed token, and the page's path on this site. */
export const InvoiceShareView = z.object({ token: z.string(), path: z.string() });
export type InvoiceShareView = z.infer<typeof InvoiceShareView>;

/**
 * seeds 001 §7 public_invoice: the shared invoice as anyone with its link sees it: what was bought,
 * its money, its payments' dates and ways, the shop's pickup location; nothing private of the buyer (no
 * name, e-mail, address, card, appointment) and nothing of the sellers.
 */
export const PublicInvoiceView = z.object({
  number: z.string().nullable(),
  kind: InvoiceKind,
  status: InvoiceStatus,
  created_at: z.string(),
  due_at: z.string(),
  paid_at: z.string().nullable(),
  delivery_method: z.enum(['pickup', 'delivery']),
  items: z.array(
    z.object({
      title: z.string(),
      image: z.string().nullable(),
      qty: z.number(),
      unit_price: z.number(),
      amount: z.number(),
      certificate: CertificateView.nullable(),
    }),
  ),
  cartValues: CartValues,
  payments: z.array(
    z.object({
      type: z.enum(['payment', 'refund']),
      method: z.enum(['card', 'wallet', 'giftcard', 'offline', 'paypal', 'gateway']),
      amount: z.number(),
      created_at: z.string(),
    }),
  ),
  returned: z.number(),
  /** The house: who issued the invoice (its shop, a public address). */
  locationDetail: PickupLocation,
});
export type PublicInvoiceView = z.infer<typeof PublicInvoiceView>;

/** seeds 001 §3 "Deposits: invoiceItems": one bid deposit, and the lines of the invoice it paid. */
export const DepositDetail = z.object({
  record: DepositList.shape.records.element,
  invoice: InvoiceSummary.nullable(),
  invoiceItems: z.array(InvoiceItem),
});
export type DepositDetail = z.infer<typeof DepositDetail>;

/** What a seller or staff's change to an invoice's line answers: the line as it now stands. */
export const InvoiceLineChange = z.object({
  invoice_id: z.string(),
  product_id: z.string(),
  certificate: CertificateView.nullable(),
  status: InvoiceProductStatus,
});

/** What updateAdminFee answers: the invoice's fee and money after it. */
export const AdminFeeChange = z.object({
  invoice_id: z.string(),
  fee: z.number(),
  total: z.number(),
  due: z.number(),
});
