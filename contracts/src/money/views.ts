import { z } from 'zod';
import { ShipmentView, ShippingQuoteView } from '../shipping/views.ts';
import { HostedGatewayChoice } from './inputs.ts';
import { InvoiceProductStatus } from './order-inputs.ts';
import { PickupLocation } from './settings.ts';

/** seeds 001 §3 Cart "cartValues": every figure integer cents; the tax rate in basis points. */
export const CartValues = z.object({
  count: z.number(),
  subtotal: z.number(),
  premium_percent: z.number(),
  premium: z.number(),
  tax_rate: z.number(),
  tax: z.number(),
  /** Issue 31: the shipping charge of a delivery, cents (in the total; in tax where the state taxes it). */
  shipping: z.number().optional(),
  /** Issue 38 §2: the admin fee staff set on the order(s), cents (in the total, not taxed); absent: none. */
  admin_fee: z.number().optional(),
  total: z.number(),
  paid: z.number(),
  due: z.number(),
});
export type CartValues = z.infer<typeof CartValues>;

/** One line of a cart: a buy-now line, or a lot won at auction (with its invoice). */
export const CartItem = z.object({
  product_id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  qty: z.number(),
  unit_price: z.number(),
  amount: z.number(),
  /** Buy now: the lot's quantity-discount rows, for the quantity picker. */
  discounts: z.array(z.object({ quantity: z.number(), bprice: z.number() })),
  /** Buy now: what the lot still has to sell. */
  remaining: z.number(),
  /** Auction: the unpaid invoice this lot is on. */
  invoice_id: z.string().nullable(),
  /**
   * Buy now (issue 31): the bottles its last checkout held were released when the hold lapsed
   * unpaid; checking out again holds them again if they are still there.
   */
  hold_expired: z.boolean().optional(),
  /**
   * Issue 38 §2: saved for later (a buy-now line, seeds 001 §7 buynow/changeStatus) or set aside (a won
   * lot's invoice, cart/changeStatus): listed with nonCartItems and left out of the checkout.
   */
  saved: z.boolean().optional(),
});
export type CartItem = z.infer<typeof CartItem>;

/** seeds 001 §3 Cart: cartItems, cartValues, cartLocation; nonCartItems are lines no longer for sale. */
export const CartView = z.object({
  cartItems: z.array(CartItem),
  nonCartItems: z.array(CartItem),
  cartValues: CartValues,
  cartLocation: PickupLocation,
});
export type CartView = z.infer<typeof CartView>;

/** saveAddress: the cart's values with the chosen delivery, and the rate's state. */
export const AddressQuote = z.object({
  cartValues: CartValues,
  tax_state: z.string(),
  /** Issue 35 §5: the tax service did not answer in time, so the rate is the configured table's. */
  tax_fallback: z.boolean().optional(),
  cartLocation: PickupLocation,
  /** Issue 31: a delivery's shipping (the charge, the hold's dates); null for pickup. */
  shipping: ShippingQuoteView.nullable().optional(),
});

/** The ways to pay the site takes besides wallet credit and saved cards: PayPal when it is configured. */
export const PaymentGateways = z.object({
  paypal: z.boolean(),
  /** seeds 001 "Payments": the hosted gateways the site took (PAYMENT_GATEWAYS), none by default. */
  hosted: z.array(HostedGatewayChoice),
});
export type PaymentGateways = z.infer<typeof PaymentGateways>;

/** What a checkout ends in: paid, waiting for the card issuer (go to `url`), or placed unpaid. */
export const CheckoutResult = z.object({
  status: z.enum(['paid', 'requires_action', 'unpaid']),
  invoice_ids: z.array(z.string()),
  payment_id: z.string(),
  url: z.string().nullable(),
  /**
   * A new card's payment (`element`): the secret the browser confirms the provider's charge with, by
   * the publishable key (Stripe's client_secret); absent otherwise.
   */
  client_secret: z.string().optional(),
});
export type CheckoutResult = z.infer<typeof CheckoutResult>;

export const InvoiceStatus = z.enum(['unpaid', 'partial', 'paid', 'void']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** DOMAIN.md "Money": void once voided; else paid once the payments cover the total; partial; unpaid. */
export function invoiceStatus(paid: number, total: number, voided: boolean): InvoiceStatus {
  if (voided) return 'void';
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partial' : 'unpaid';
}

export const AddressView = z.object({
  address1: z.string(),
  /** Issue 31: the second line, when there is one. */
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

/** Issue 38 §2: a line's provenance certificate, as the invoice shows it (seeds 001 updateOwnershipCertificate). */
export const CertificateView = z.object({
  reference: z.string(),
  issuer: z.string(),
  /** YYYY-MM-DD. */
  issued_on: z.string(),
  note: z.string(),
});
export type CertificateView = z.infer<typeof CertificateView>;

export const InvoiceItem = z.object({
  product_id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  seller_id: z.string(),
  qty: z.number(),
  unit_price: z.number(),
  amount: z.number(),
  /** Issue 38 §2: the line's provenance certificate, once one is attached. */
  certificate: CertificateView.nullable().optional(),
  /** Issue 38 §2 (seeds 001 §4 "Invoice product status change"): where the line stands in the cellar. */
  product_status: InvoiceProductStatus.optional(),
  /** Issue 38 §2: the auction the lot was sold in (its pickup waits for the sale's close); null for none. */
  auction_id: z.string().nullable().optional(),
});

/** A payment or refund on an invoice (seeds 001 allTransactions, returnTransactions, `/transactions`). */
export const Transaction = z.object({
  id: z.string(),
  invoice_id: z.string(),
  /** Issue 31: the invoice's readable number, where the list names it (`/transactions`). */
  invoice_number: z.string().nullable().optional(),
  type: z.enum(['payment', 'refund']),
  method: z.enum(['card', 'wallet', 'giftcard', 'offline', 'paypal', 'gateway']),
  status: z.enum(['pending', 'action_required', 'succeeded', 'failed']),
  amount: z.number(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof Transaction>;

/** seeds 001 "order control log": every change of the invoice, who made it and when. */
export const OrderLogEntry = z.object({
  at: z.string(),
  event: z.string(),
  by: z.string(),
  text: z.string(),
});

/** What an invoice is for: a lot won at auction, a buy-now order, an accepted offer (issue 36). */
export const InvoiceKind = z.enum(['auction', 'buynow', 'offer']);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

export const InvoiceSummary = z.object({
  id: z.string(),
  /** Issue 31: the readable number (`2026-000123`); null on invoices issued before numbers. */
  number: z.string().nullable().optional(),
  kind: InvoiceKind,
  status: InvoiceStatus,
  created_at: z.string(),
  due_at: z.string(),
  paid_at: z.string().nullable(),
  title: z.string(),
  items: z.number(),
  total: z.number(),
  paid: z.number(),
  due: z.number(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** seeds 001 §3 "Invoice detail", every block. */
export const InvoiceDetail = InvoiceSummary.extend({
  delivery_method: z.enum(['pickup', 'delivery']),
  /** Issue 31: a delivery's method, ship date and tracking; null for pickup. */
  shipment: ShipmentView.nullable().optional(),
  invoiceItems: z.array(InvoiceItem),
  allTransactions: z.array(Transaction),
  /** The pickup appointment; null until one is booked. */
  appointmentDetail: z.object({ id: z.string(), starts_at: z.string(), ends_at: z.string() }).nullable(),
  locationDetail: PickupLocation,
  cartValues: CartValues,
  invoiceUser: z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  invoiceAddress: AddressView.nullable(),
  invoiceSeller: z.array(z.object({ id: z.string(), name: z.string() })),
  billingAddress: AddressView.nullable(),
  invoice_notes_public: z.array(z.object({ note: z.string(), at: z.string() })),
  returnTransactions: z.array(Transaction),
  orderControlLogs: z.array(OrderLogEntry),
  /** Refunded for returns, cents: a return leaves the invoice paid (DOMAIN.md "Money"). */
  returned: z.number(),
  return_status: z.enum(['none', 'partly_returned', 'returned']),
  /** The last moment a line may be asked back (paid at + the return days); null until paid. */
  return_until: z.string().nullable(),
  /** Issue 38 §2: the owner shares it by a link (seeds 001 public_invoice); the link is asked of shareInvoice. */
  shared: z.boolean().optional(),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

export const InvoiceList = z.object({ records: z.array(InvoiceSummary), totalRecords: z.number() });
export const TransactionList = z.object({ records: z.array(Transaction), totalRecords: z.number() });

/** seeds 001 "Credit history: records, totalRecords, setDisp". */
export const CreditEntry = z.object({
  id: z.string(),
  type: z.enum(['credit', 'debit']),
  amount: z.number(),
  source: z.string(),
  reference: z.string(),
  balance: z.number(),
  created_at: z.string(),
});
export const CreditHistory = z.object({
  records: z.array(CreditEntry),
  totalRecords: z.number(),
  /** The 'showing x-y of n' text the seeds' lists display. */
  setDisp: z.string(),
  balance: z.number(),
});
export type CreditHistory = z.infer<typeof CreditHistory>;

/** The staff's list of invoices: every buyer's, with who the buyer is. */
export const StaffInvoiceList = z.object({
  records: z.array(
    InvoiceSummary.extend({
      buyer_id: z.string(),
      buyer_name: z.string(),
      buyer_email: z.string(),
      /** Issue 31: a delivery's shipment, where staff enter its tracking; null for pickup. */
      shipment: ShipmentView.nullable().optional(),
    }),
  ),
  totalRecords: z.number(),
});

/** Gift cards issued: the codes are shown once, when issued, and never kept. */
export const IssuedGiftCards = z.object({
  cards: z.array(z.object({ id: z.string(), code: z.string(), last4: z.string(), amount: z.number() })),
});
export const GiftCardList = z.object({
  records: z.array(
    z.object({
      id: z.string(),
      last4: z.string(),
      amount: z.number(),
      issued_at: z.string(),
      redeemed_by: z.string().nullable(),
      /** Issue 31: who redeemed it, by name (or e-mail), as people read it; null while not redeemed. */
      redeemed_by_name: z.string().nullable().optional(),
      redeemed_at: z.string().nullable(),
    }),
  ),
  totalRecords: z.number(),
  /** What issued cards not yet redeemed are worth (a liability in the books). */
  outstanding: z.number(),
});

/** seeds 001 /salesorder/all: the seller's lots on buyers' invoices, line by line. */
export const SalesOrderList = z.object({
  records: z.array(
    z.object({
      invoice_id: z.string(),
      /** Issue 31: the invoice's readable number; null on invoices issued before numbers. */
      invoice_number: z.string().nullable().optional(),
      product_id: z.string(),
      title: z.string(),
      qty: z.number(),
      amount: z.number(),
      kind: InvoiceKind,
      status: InvoiceStatus,
      created_at: z.string(),
      paid_at: z.string().nullable(),
      /** The buyer's first name only: the seller needs no more to recognise an order. */
      buyer: z.string(),
      /** Issue 38 §2: the line's provenance certificate, once the seller (or an admin) attached one. */
      certificate: CertificateView.nullable().optional(),
    }),
  ),
  totalRecords: z.number(),
});

/** Issue 34: the bid deposits held now, for the staff: whose, how much, on which lot, since when. */
export const StaffDepositList = z.object({
  records: z.array(
    z.object({
      id: z.string(),
      user_id: z.string(),
      buyer_name: z.string(),
      amount: z.number(),
      lot_id: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  totalRecords: z.number(),
});
export type StaffDepositList = z.infer<typeof StaffDepositList>;

/** seeds 001 §3 "Deposits: records, totalRecords, setDisp". */
export const DepositList = z.object({
  records: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      lot_id: z.string().nullable(),
      status: z.enum(['held', 'applied', 'released']),
      invoice_id: z.string().nullable(),
      applied: z.number(),
      created_at: z.string(),
      decided_at: z.string().nullable(),
    }),
  ),
  totalRecords: z.number(),
  setDisp: z.string(),
  /** What the buyer's deposits hold now. */
  held: z.number(),
  /**
   * Issue 38 §2 (seeds 001 §3 "Deposits: invoiceItems"): the lines of the invoices the deposits of
   * this page paid, each with its deposit and invoice.
   */
  invoiceItems: z.array(InvoiceItem.extend({ deposit_id: z.string(), invoice_id: z.string() })).optional(),
});
