/**
 * The PayPal gateway port (seeds 001 §"payment": `paypal_response`): a payment made on PayPal's own
 * page. The product creates an order for the amount, the buyer's browser goes to PayPal in the same
 * tab, approves (or cancels) there and comes back to our return URL with the order id; the product
 * then captures the order, once whatever the retries. PayPal keeps the buyer's funding source; we
 * keep the order and capture ids. Money is integer cents in USD here, PayPal's decimal strings on
 * the wire (the adapter converts at the edge).
 */

/** An order's state in the port's words (PayPal's order statuses mapped onto these in paypal-wire.ts). */
export type PayPalOrderStatus = 'created' | 'approved' | 'completed' | 'voided';

export interface NewPayPalOrder {
  /** In cents; a positive integer. */
  amount: number;
  currency: 'USD';
  /** Our payment id: kept by PayPal with the order and its capture (`custom_id`, `invoice_id`). */
  reference: string;
  /** What the payment is for: our invoice ids, shown to the buyer with the order. */
  invoices: string[];
  /** Where PayPal sends the buyer back after approving: `?token=<orderId>&PayerID=…` is added. */
  returnUrl: string;
  /** Where PayPal sends the buyer who cancels on its page: `?token=<orderId>` is added. */
  cancelUrl: string;
  /**
   * PayPal's `PayPal-Request-Id`: the same key again answers the order made the first time, never a
   * second order.
   */
  idempotencyKey: string;
}

export interface CreatedPayPalOrder {
  orderId: string;
  /** Where the buyer's browser goes, in the same tab, to approve the payment. */
  approveUrl: string;
}

/**
 * What capturing answered: the money moved (`completed`); PayPal took the capture but holds it
 * (`pending`, e.g. an eCheck: a webhook says later whether it settled or was denied); the buyer's
 * funding source was refused (`declined`: nothing was captured, the buyer may approve the order again
 * with another source at its approve URL); or the buyer has not approved the order (`not_approved`).
 */
export type PayPalCaptureResult =
  | { status: 'completed'; captureId: string; amount: number }
  | { status: 'pending'; captureId: string; amount: number; reason: string }
  | { status: 'declined'; reason: string; captureId?: string | undefined }
  | { status: 'not_approved'; reason: string };

export interface PayPalOrder {
  orderId: string;
  status: PayPalOrderStatus;
  /** In cents. */
  amount: number;
  /** The order's capture, once it has one. */
  captureId?: string | undefined;
}

/**
 * A PayPal event (a webhook), checked by its signature and read in the port's words: a capture
 * completed (`succeeded`), denied (`failed`), refunded (this refund's amount, made here or from
 * PayPal's dashboard) or disputed by the buyer. `id` is PayPal's event id: the same event delivered
 * again has the same id, so the product applies it once. `reference` is our payment id.
 */
export interface PayPalEvent {
  id: string;
  /** PayPal's own name for the event (`PAYMENT.CAPTURE.COMPLETED`, …), for the record. */
  type: string;
  /** `dispute_won` / `dispute_lost`: CUSTOMER.DISPUTE.RESOLVED, for the seller or the buyer. */
  outcome: 'succeeded' | 'failed' | 'refunded' | 'disputed' | 'dispute_won' | 'dispute_lost';
  captureId: string;
  orderId: string;
  reference: string;
  /** In cents: the capture's amount, this refund's, or the disputed amount. */
  amount?: number | undefined;
  /** Refunded: PayPal's refund id (one event per refund). */
  refundId?: string | undefined;
  /** Failed or disputed: why, in PayPal's words (`status_details.reason`, the dispute's reason). */
  reason?: string | undefined;
  /** Disputed: PayPal's case id (`dispute_id`). */
  disputeId?: string | undefined;
}

/** A webhook's HTTP headers as the server read them (Node's lower-case names, or any case). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * PayPal refused a call: its `issue` (the first `details[].issue` of its error body, else its `name`,
 * e.g. `REFUND_AMOUNT_EXCEEDED`, `CAPTURE_FULLY_REFUNDED`, `RESOURCE_NOT_FOUND`), its message, the
 * HTTP status and the `debug_id` PayPal's support asks for. Never a credential.
 */
export class PayPalRefusedError extends Error {
  constructor(
    readonly issue: string,
    message: string,
    readonly httpStatus?: number | undefined,
    readonly debugId?: string | undefined,
  ) {
    super(`PayPal ${issue}: ${message}`);
    this.name = 'PayPalRefusedError';
  }
}

/**
 * PayPal did not answer (down, a timeout, a 5xx, too many calls): nothing is known of the call's
 * outcome, so it is asked again with the same idempotency key.
 */
export class PayPalUnavailableError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number | undefined,
    readonly debugId?: string | undefined,
  ) {
    super(`PayPal unavailable: ${message}`);
    this.name = 'PayPalUnavailableError';
  }
}

/** A webhook whose signature does not verify (altered, forged, for another webhook): never acted on. */
export class PayPalWebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayPalWebhookSignatureError';
  }
}

/**
 * Every call throws PayPalRefusedError for what PayPal refused and PayPalUnavailableError when it did
 * not answer; an amount that is not a positive integer of cents is a RangeError, sent nowhere.
 */
export interface PayPalGateway {
  /** 'sandbox' or 'paypal'. */
  readonly name: string;
  createOrder(order: NewPayPalOrder): Promise<CreatedPayPalOrder>;
  /**
   * Captures the approved order. The same key again answers the same capture (PayPal-Request-Id);
   * asked again with another key, an order already captured answers its capture: never a second one.
   */
  captureOrder(orderId: string, idempotencyKey: string): Promise<PayPalCaptureResult>;
  getOrder(orderId: string): Promise<PayPalOrder>;
  /**
   * Gives back `amount` cents of a capture, in part or whole. The same key again answers the refund
   * made the first time. More than what is left is PayPalRefusedError (`REFUND_AMOUNT_EXCEEDED`,
   * `CAPTURE_FULLY_REFUNDED`).
   */
  refund(captureId: string, amount: number, idempotencyKey: string): Promise<{ refundId: string }>;
  /**
   * A webhook's headers and raw body read as an event, or null for one the product does not follow.
   * Throws PayPalWebhookSignatureError when its signature does not verify (answer 400: never acted
   * on), PayPalUnavailableError when PayPal's certificate or the event's capture could not be read
   * (answer 5xx: PayPal delivers it again later).
   */
  readEvent(headers: WebhookHeaders, rawBody: Buffer | string): Promise<PayPalEvent | null>;
}
