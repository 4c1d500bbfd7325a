import { z } from 'zod';
import { Cents } from './lot-events.ts';
import { defineEvent } from './registry.ts';

const Id = z.string().min(1).max(64);
const Text = (max: number) => z.string().max(max);

/** An address as the seeds' address form has it (seeds 001 §3), on an invoice. */
export const InvoiceAddress = z.object({
  address1: Text(200),
  /** Issue 31: the second line (suite, floor); absent when there is none. */
  address2: Text(200).optional(),
  city: Text(100),
  state: Text(50),
  zip: Text(10),
  /** Issue 35 §5: where the maps port placed it, when the buyer chose a suggestion; absent when typed. */
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  placeId: Text(300).optional(),
});

/** Pickup at the merchant's location, or delivery to an address; tax is at the rate of its state. */
export const Delivery = z.object({
  method: z.enum(['pickup', 'delivery']),
  /** The delivery address; null for pickup. */
  address: InvoiceAddress.nullable(),
  billingAddress: InvoiceAddress.nullable(),
  /** The state tax is charged at: the delivery address's, or the pickup location's. */
  taxState: z.string().min(2).max(2),
  /** Basis points (1025 = 10.25%). */
  taxRate: z.number().int().min(0).max(10_000),
  /**
   * Issue 31: how a delivery ships (absent for pickup and on deliveries before it): the method, the
   * seasonal hold's ship date (`YYYY-MM-DD`, else null), and whether the state taxes the shipping.
   */
  shipping: z
    .object({
      method: z.enum(['ground', 'temperature', 'hold']),
      shipDate: z.string().max(10).nullable(),
      taxable: z.boolean(),
    })
    .optional(),
});

/** Issue 38 §1: what the house bills a seller or vendor for (seeds 001 §1 "seller ... cart, checkout"). */
export const SellerChargeKinds = ['listing_fee', 'photography', 'storage', 'buy_back'] as const;
export type SellerChargeKind = (typeof SellerChargeKinds)[number];

export const InvoiceLine = z.object({
  lotId: Id,
  title: Text(300),
  sellerId: Id,
  qty: z.number().int().min(1),
  /**
   * Cents per unit (buy now: the quantity-discount price). An auction's line is one lot: `qty` is the
   * bottles the auction sold, `amount` the hammer, and the unit price the hammer shared over them
   * (the whole hammer on lines issued before issue 30, which said qty 1).
   */
  unitPrice: Cents,
  amount: Cents,
  /** The hold on the lot's stream behind a buy-now line; null for a lot won at auction. */
  reservationId: Id.nullable(),
});

/** The invoice's money, every figure integer cents (DOMAIN.md "Money"). */
export const InvoiceAmounts = z.object({
  subtotal: Cents,
  /** Percent of the subtotal (auction only; 0 for buy now). */
  premiumPercent: z.number().min(0).max(100),
  premium: Cents,
  tax: Cents,
  /** Issue 31: the shipping charge, cents (absent before it: none); in the total, and in tax where taxable. */
  shipping: Cents.optional(),
  /** Issue 38 §2: the admin fee staff set on the order, cents (absent: none); in the total, not taxed. */
  adminFee: Cents.optional(),
  total: Cents,
});

/**
 * DOMAIN.md "Money": a sold lot's invoice (hammer + premium + tax), issued when it closes, or a
 * buy-now checkout's (the lines at their quantity-discount price + tax), on `invoice-<id>`.
 */
export const InvoiceIssued = defineEvent({
  type: 'InvoiceIssued',
  version: 1,
  schema: z.object({
    invoiceId: Id,
    /** Issue 31: the readable number (`2026-000123`); absent on invoices issued before it. */
    number: z
      .string()
      .regex(/^\d{4}-\d{6,}$/)
      .optional(),
    /**
     * Issue 36: `offer`, an accepted offer's (or second chance's) invoice, paid like a buy-now order.
     * Issue 38 §1: `charge`, what the house bills a seller or vendor (its buyer); its line is the house's.
     */
    kind: z.enum(['auction', 'buynow', 'offer', 'charge']),
    /**
     * Issue 38 §1: on a `charge` invoice, what the house bills for (SellerChargeKinds) and the admin's
     * note; its one line's `lotId` is the lot the charge is for, or the charge's own id when none.
     */
    charge: z.object({ kind: z.enum(SellerChargeKinds), note: Text(200).nullable() }).optional(),
    buyerId: Id,
    lines: z.array(InvoiceLine).min(1).max(100),
    amounts: InvoiceAmounts,
    delivery: Delivery,
    dueAt: z.iso.datetime(),
  }),
});

/** The buyer chose pickup or delivery (and so the tax) before paying. */
export const InvoiceDeliveryChosen = defineEvent({
  type: 'InvoiceDeliveryChosen',
  version: 1,
  schema: z.object({ delivery: Delivery, amounts: InvoiceAmounts }),
});

/** Issue 31: staff entered the carrier and tracking number of a delivery invoice's shipment. */
export const ShipmentTracked = defineEvent({
  type: 'ShipmentTracked',
  version: 1,
  schema: z.object({ carrier: Text(40), trackingNumber: Text(40) }),
});

/** How a payment was made; added to at the end only, so every event written before still reads. */
/** `gateway`: paid on a hosted gateway's own page (seeds 001 "Payments": Paytm, Cashfree; the transaction names which). */
export const PaymentMethods = ['card', 'wallet', 'giftcard', 'offline', 'paypal', 'gateway'] as const;
export type PaymentMethod = (typeof PaymentMethods)[number];

/** A card or wallet payment under way: one at a time per invoice, so it is charged once. */
export const PaymentStarted = defineEvent({
  type: 'PaymentStarted',
  version: 1,
  schema: z.object({
    paymentId: Id,
    method: z.enum(PaymentMethods),
    amount: Cents,
    /** The card's brand and last four, never its number. */
    card: z.object({ cardId: Id, brand: Text(20), last4: Text(4) }).nullable(),
    /** Server time it started: a payment left unfinished this long is stale (a crash between two writes). */
    startedAt: z.iso.datetime(),
    /** Issue 35 §1: the transaction (`payment-<id>` stream) that moves its money; absent before it existed. */
    transactionId: Id.optional(),
  }),
});

/** The card's issuer asks the buyer to authenticate the payment (seeds 001 §4: a url to go to). */
export const PaymentActionRequired = defineEvent({
  type: 'PaymentActionRequired',
  version: 1,
  schema: z.object({ paymentId: Id, chargeId: Text(100) }),
});

export const PaymentRecorded = defineEvent({
  type: 'PaymentRecorded',
  version: 1,
  schema: z.object({
    paymentId: Id,
    method: z.enum(PaymentMethods),
    amount: Cents,
    /** The provider's charge id, the wallet entry, or the offline receipt. */
    reference: Text(100),
    /** Issue 35 §1: the transaction (`payment-<id>` stream) its money moved in; absent before it existed. */
    transactionId: Id.optional(),
  }),
});

export const PaymentFailed = defineEvent({
  type: 'PaymentFailed',
  version: 1,
  schema: z.object({ paymentId: Id, reason: Text(300) }),
});

/** Money paid on the invoice given back: a payment undone when its order is voided, or a return. */
export const PaymentRefunded = defineEvent({
  type: 'PaymentRefunded',
  version: 1,
  schema: z.object({
    refundId: Id,
    paymentId: Id,
    amount: Cents,
    to: z.enum(['card', 'wallet']),
    reason: Text(300),
    /**
     * The return this refund settles. A refund for a return leaves the invoice paid (the money is
     * counted as returned); one without (a voided order's payment undone) takes the paid amount down.
     * Optional, so the refunds written before returns existed read as they are.
     */
    returnId: Id.optional(),
  }),
});

/**
 * DOMAIN.md "Money", "Returns": the buyer asks to return a paid line (a buy-now line in part, an
 * auction lot whole), with the refund it would bring: the line's share of what was paid.
 */
export const ReturnRequested = defineEvent({
  type: 'ReturnRequested',
  version: 1,
  schema: z.object({
    returnId: Id,
    lotId: Id,
    qty: z.number().int().min(1),
    reason: Text(1000),
    amount: Cents,
  }),
});

/** Finance or an admin accepted the return; the refund goes `to` the card or the wallet. */
export const ReturnAccepted = defineEvent({
  type: 'ReturnAccepted',
  version: 1,
  schema: z.object({ returnId: Id, by: Id, note: Text(1000), to: z.enum(['card', 'wallet']) }),
});

/** Finance or an admin refused the return, saying why. */
export const ReturnRefused = defineEvent({
  type: 'ReturnRefused',
  version: 1,
  schema: z.object({ returnId: Id, note: z.string().min(1).max(1000) }),
});

/**
 * Issue 31: staff marked the returned bottles back in stock, with their condition: the good ones go
 * back on the lot's stock (`StockReturned`), the damaged ones do not. The refund waits for this.
 */
export const ReturnReceived = defineEvent({
  type: 'ReturnReceived',
  version: 1,
  schema: z.object({
    returnId: Id,
    good: z.number().int().min(0),
    damaged: z.number().int().min(0),
    by: Id,
    note: Text(1000),
  }),
});

/**
 * Issue 31: the refund of a received return, claimed before any money moves so two requests refund
 * once: the amount (at most the return's, less with a reason) and how it goes back the way it was
 * paid (each part through one payment). Its `PaymentRefunded` events record each part once made.
 */
export const ReturnRefundStarted = defineEvent({
  type: 'ReturnRefundStarted',
  version: 1,
  schema: z.object({
    returnId: Id,
    refundId: Id,
    amount: Cents,
    reason: Text(300),
    by: Id,
    /** The line and bottles it refunds, and the amount's share of price, premium and tax (the reports' net). */
    lotId: Id,
    qty: z.number().int().min(1),
    price: Cents,
    premium: Cents,
    tax: Cents,
    taxState: z.string().min(2).max(2),
    /** Basis points. */
    taxRate: z.number().int().min(0).max(10_000),
    parts: z
      .array(z.object({ paymentId: Id, to: z.enum(['card', 'wallet']), amount: Cents }))
      .min(1)
      .max(20),
  }),
});

/** A buy-now order given up before it was paid (payment failed or its holds lapsed): stock is free again. */
export const InvoiceVoided = defineEvent({
  type: 'InvoiceVoided',
  version: 1,
  schema: z.object({ reason: z.enum(['payment_failed', 'expired']) }),
});

export const InvoiceNoteAdded = defineEvent({
  type: 'InvoiceNoteAdded',
  version: 1,
  schema: z.object({ note: z.string().min(1).max(2000), public: z.boolean() }),
});

/** A tax service's document code (AvaTax: at most 50 characters), and the service (`sandbox`, `avalara`). */
const TaxCode = z.string().min(1).max(50);
const TaxServiceName = z.string().min(1).max(40);

/**
 * Issue 35 §5: the paid invoice recorded with the tax service as a committed sale under `code`, with
 * the tax it recorded (cents; the invoice's). Written once, after the service answered.
 */
export const TaxRecorded = defineEvent({
  type: 'TaxRecorded',
  version: 1,
  schema: z.object({ service: TaxServiceName, code: TaxCode, tax: Cents }),
});

/** Issue 35 §5: a return's refund recorded with the tax service against the sale, under its own code. */
export const TaxRefunded = defineEvent({
  type: 'TaxRefunded',
  version: 1,
  schema: z.object({
    returnId: Id,
    service: TaxServiceName,
    code: TaxCode,
    /** The refund and its tax share, cents. */
    amount: Cents,
    tax: Cents,
  }),
});

/**
 * Issue 35 §1: the cardholder disputed a payment with their bank (a chargeback). `disputeId` is the
 * provider's; `amount` is this invoice's share of the disputed charge, held by the card network until
 * the dispute is decided. Nothing is paid or refunded by it: finance answers it with the provider.
 */
export const PaymentDisputed = defineEvent({
  type: 'PaymentDisputed',
  version: 1,
  schema: z.object({ disputeId: Text(100), paymentId: Id, amount: Cents, reason: Text(300) }),
});

/**
 * The dispute decided: `won`, the money stays with the house; `lost`, the network gave it back to the
 * cardholder (a charge-back, counted apart from the house's refunds).
 */
export const PaymentDisputeClosed = defineEvent({
  type: 'PaymentDisputeClosed',
  version: 1,
  schema: z.object({
    disputeId: Text(100),
    paymentId: Id,
    /** The disputed payment's method (a card, PayPal): what a lost dispute is taken back from. */
    method: z.enum(PaymentMethods),
    amount: Cents,
    outcome: z.enum(['won', 'lost']),
  }),
});

/** Issue 35 §5: the recorded sale of a voided order voided with the tax service. */
export const TaxVoided = defineEvent({
  type: 'TaxVoided',
  version: 1,
  schema: z.object({ service: TaxServiceName, code: TaxCode }),
});

/**
 * Issue 38 §2 (seeds 001 §7 buynow/updateAdminFee): finance or an admin set the order's admin fee (0
 * takes it off), with why. Carries the invoice's amounts after it and the delivery they are reckoned
 * on, as InvoiceDeliveryChosen does, so whoever follows an invoice's total reads it from the event.
 */
export const InvoiceAdminFeeSet = defineEvent({
  type: 'InvoiceAdminFeeSet',
  version: 1,
  schema: z.object({
    fee: Cents,
    note: Text(300),
    by: Id,
    amounts: InvoiceAmounts,
    delivery: Delivery,
  }),
});

/**
 * Issue 38 §2 (seeds 001 §7 buynow/updateOwnershipCertificate): a provenance certificate attached to a
 * line of the invoice (a lot sold on it), shown on the invoice: who issued it, its reference and date.
 */
export const OwnershipCertificateAttached = defineEvent({
  type: 'OwnershipCertificateAttached',
  version: 1,
  schema: z.object({
    lotId: Id,
    reference: Text(100),
    issuer: Text(200),
    /** YYYY-MM-DD. */
    issuedOn: z.iso.date(),
    note: Text(1000),
    by: Id,
  }),
});

export const OwnershipCertificateRemoved = defineEvent({
  type: 'OwnershipCertificateRemoved',
  version: 1,
  schema: z.object({ lotId: Id, by: Id }),
});

/**
 * Issue 38 §2 (seeds 001 §4 "Invoice product status change"): where a line of a paid invoice stands in
 * the cellar, as staff set it: being prepared, ready to collect or ship, collected, shipped.
 */
export const InvoiceProductStatuses = ['processing', 'ready', 'collected', 'shipped'] as const;
export const InvoiceProductStatusChanged = defineEvent({
  type: 'InvoiceProductStatusChanged',
  version: 1,
  schema: z.object({ lotId: Id, status: z.enum(InvoiceProductStatuses), by: Id }),
});

/**
 * Issue 38 §2 (seeds 001 §7 public_invoice): the buyer shared the invoice by a link that works without
 * a session (for their accountant). The link's token is signed from `shareId` with the server's key
 * and never written anywhere: only its SHA-256, by which the read side finds the invoice. Revoking the
 * share ends every copy of the link.
 */
export const InvoiceShared = defineEvent({
  type: 'InvoiceShared',
  version: 1,
  schema: z.object({ shareId: Id, tokenHash: z.string().regex(/^[0-9a-f]{64}$/) }),
});

export const InvoiceShareRevoked = defineEvent({
  type: 'InvoiceShareRevoked',
  version: 1,
  schema: z.object({ shareId: Id }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type InvoiceEvent =
  | { type: 'InvoiceIssued'; data: Data<typeof InvoiceIssued> }
  | { type: 'InvoiceDeliveryChosen'; data: Data<typeof InvoiceDeliveryChosen> }
  | { type: 'ShipmentTracked'; data: Data<typeof ShipmentTracked> }
  | { type: 'PaymentStarted'; data: Data<typeof PaymentStarted> }
  | { type: 'PaymentActionRequired'; data: Data<typeof PaymentActionRequired> }
  | { type: 'PaymentRecorded'; data: Data<typeof PaymentRecorded> }
  | { type: 'PaymentFailed'; data: Data<typeof PaymentFailed> }
  | { type: 'PaymentRefunded'; data: Data<typeof PaymentRefunded> }
  | { type: 'InvoiceVoided'; data: Data<typeof InvoiceVoided> }
  | { type: 'InvoiceNoteAdded'; data: Data<typeof InvoiceNoteAdded> }
  | { type: 'ReturnRequested'; data: Data<typeof ReturnRequested> }
  | { type: 'ReturnAccepted'; data: Data<typeof ReturnAccepted> }
  | { type: 'ReturnRefused'; data: Data<typeof ReturnRefused> }
  | { type: 'ReturnReceived'; data: Data<typeof ReturnReceived> }
  | { type: 'ReturnRefundStarted'; data: Data<typeof ReturnRefundStarted> }
  | { type: 'TaxRecorded'; data: Data<typeof TaxRecorded> }
  | { type: 'TaxRefunded'; data: Data<typeof TaxRefunded> }
  | { type: 'TaxVoided'; data: Data<typeof TaxVoided> }
  | { type: 'PaymentDisputed'; data: Data<typeof PaymentDisputed> }
  | { type: 'PaymentDisputeClosed'; data: Data<typeof PaymentDisputeClosed> }
  | { type: 'InvoiceAdminFeeSet'; data: Data<typeof InvoiceAdminFeeSet> }
  | { type: 'OwnershipCertificateAttached'; data: Data<typeof OwnershipCertificateAttached> }
  | { type: 'OwnershipCertificateRemoved'; data: Data<typeof OwnershipCertificateRemoved> }
  | { type: 'InvoiceProductStatusChanged'; data: Data<typeof InvoiceProductStatusChanged> }
  | { type: 'InvoiceShared'; data: Data<typeof InvoiceShared> }
  | { type: 'InvoiceShareRevoked'; data: Data<typeof InvoiceShareRevoked> };
export type InvoiceIssuedData = Data<typeof InvoiceIssued>;
export type DeliveryData = z.infer<typeof Delivery>;
export type InvoiceAmountsData = z.infer<typeof InvoiceAmounts>;
export const invoiceEventDefinitions = [
  InvoiceIssued,
  InvoiceDeliveryChosen,
  ShipmentTracked,
  PaymentStarted,
  PaymentActionRequired,
  PaymentRecorded,
  PaymentFailed,
  PaymentRefunded,
  InvoiceVoided,
  InvoiceNoteAdded,
  ReturnRequested,
  ReturnAccepted,
  ReturnRefused,
  ReturnReceived,
  ReturnRefundStarted,
  TaxRecorded,
  TaxRefunded,
  TaxVoided,
  PaymentDisputed,
  PaymentDisputeClosed,
  InvoiceAdminFeeSet,
  OwnershipCertificateAttached,
  OwnershipCertificateRemoved,
  InvoiceProductStatusChanged,
  InvoiceShared,
  InvoiceShareRevoked,
] as const;
