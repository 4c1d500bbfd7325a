/**
 * The hosted payment gateway port (seeds 001 §7 "Payments": paytm_payment and paytm_response,
 * paymentThird/cashfree cashfree_response; rosoom_payment and rosoom_response would be one more
 * adapter, README says why not yet): a payment made on the gateway's own page. The product opens an order for the amount under its own order id, the buyer's
 * browser posts to the gateway's page, pays (or gives up) there and is sent back to our return URL;
 * the product then asks the gateway's status API how the order ended. The browser's return proves
 * nothing: its signature, where the gateway signs it, is checked first, and only the status API says
 * whether money moved and how much. The gateway takes the money when the buyer pays (no capture step).
 * Money is integer cents here, the gateway's decimal strings or numbers on the wire (each adapter
 * converts at its edge).
 */

/** The gateways behind this port, as PAYMENT_GATEWAYS names them. */
export const hostedGatewayNames = ['paytm', 'cashfree'] as const;
export type HostedGatewayName = (typeof hostedGatewayNames)[number];

export interface NewHostedPayment {
  /**
   * Our order id, the gateway's order id too (3 to 45 letters, digits, '-' and '_': what every gateway
   * here takes). The same id again answers the order opened the first time, never a second one.
   */
  orderId: string;
  /** In cents; a positive integer. */
  amount: number;
  currency: 'USD';
  /** Who pays: the gateway keeps a customer per order (our user id; the e-mail the buyer gave us). */
  customer: { id: string; email: string; phone?: string | undefined };
  /** Where the gateway sends the buyer back, an absolute URL of our site (Paytm posts its form there). */
  returnUrl: string;
  /**
   * Where the gateway may post its webhook for this order, an absolute URL of our site: Cashfree takes
   * it with the order when it is https (its rule); Paytm's is a dashboard setting, so Paytm's adapter
   * sends none.
   */
  notifyUrl?: string | undefined;
}

/**
 * Where the buyer's browser goes to pay: a form of `fields` posted to `url`, the gateway's own page
 * (Paytm's showPaymentPage with its txnToken, Cashfree's checkout with the payment session). The
 * fields are the gateway's session, never a credential of ours.
 */
export interface HostedPaymentPage {
  url: string;
  fields: Record<string, string>;
}

/** A request to the gateway's webhook: its raw body (what is signed) and headers, lower-case. */
export interface GatewayNotification {
  body: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * How an order stands by the gateway's status API: paid (the money moved: the gateway's transaction
 * id and the amount it took), still open (the buyer has not finished, or the bank has not answered),
 * or failed (declined, cancelled by the buyer, expired: nothing was taken).
 */
export type HostedPaymentStatus =
  | { status: 'paid'; orderId: string; amount: number; transactionId: string }
  | { status: 'pending'; orderId: string; amount: number }
  | { status: 'failed'; orderId: string; amount: number; reason: string };

/**
 * The gateway refused a call: its code (Paytm's resultCode, Cashfree's `code`), its message and the
 * HTTP status. Never a credential.
 */
export class HostedGatewayRefusedError extends Error {
  constructor(
    readonly gateway: string,
    readonly code: string,
    message: string,
    readonly httpStatus?: number | undefined,
  ) {
    super(`${gateway} ${code}: ${message}`);
    this.name = 'HostedGatewayRefusedError';
  }
}

/** The gateway did not answer (down, a timeout, a 5xx): nothing is known of the call's outcome. */
export class HostedGatewayUnavailableError extends Error {
  constructor(
    readonly gateway: string,
    message: string,
    readonly httpStatus?: number | undefined,
  ) {
    super(`${gateway} unavailable: ${message}`);
    this.name = 'HostedGatewayUnavailableError';
  }
}

/** A return whose signature is not the gateway's (altered, forged): never acted on. */
export class HostedReturnSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostedReturnSignatureError';
  }
}

/**
 * Every call throws HostedGatewayRefusedError for what the gateway refused and
 * HostedGatewayUnavailableError when it did not answer; an amount that is not a positive integer of
 * cents is a RangeError, sent nowhere.
 */
export interface HostedGateway {
  readonly name: HostedGatewayName;
  /** The origin of the gateway's payment pages: the only place the product posts a buyer's browser to. */
  readonly pageOrigin: string;
  /** Opens the order (once per order id) and answers the page the buyer pays on. */
  start(payment: NewHostedPayment): Promise<HostedPaymentPage>;
  /** The gateway's own word on the order (its status API); an order it never opened is refused. */
  status(orderId: string): Promise<HostedPaymentStatus>;
  /**
   * The browser's return (the fields the gateway put on it: Paytm's posted form with its CHECKSUMHASH,
   * Cashfree's `order_id`) read as the order it names. Throws HostedReturnSignatureError when the
   * gateway signs its return and this one's signature does not verify.
   */
  readReturn(fields: Readonly<Record<string, string>>): { orderId: string };
  /**
   * Whether a request to the gateway's webhook carries the gateway's signature where the gateway puts
   * it (Cashfree's x-webhook-signature header; Paytm's form, whose CHECKSUMHASH is inside): the route
   * refuses one without, unread.
   */
  signsNotification(headers: Readonly<Record<string, string | string[] | undefined>>): boolean;
  /**
   * The gateway's server-to-server notification that an order changed (Paytm's payment status webhook,
   * Cashfree's PAYMENT_SUCCESS/FAILED/USER_DROPPED webhooks), read as the order it names. Like the
   * browser's return it proves nothing of the money (the status API decides); it is believed only as a
   * reason to ask. Throws HostedReturnSignatureError when its signature does not verify.
   */
  readNotification(notification: GatewayNotification): { orderId: string };
  /**
   * Gives back `amount` cents of a paid order, in part or whole. The same refund id again answers the
   * refund made the first time; more than what is left is refused.
   */
  refund(orderId: string, amount: number, refundId: string): Promise<{ refundId: string }>;
}

/** As every adapter checks it: a positive integer of cents, or a RangeError. */
export function checkCents(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`an amount is a positive integer of cents, not ${amount}`);
  }
}

/** Cents as the gateways' decimal strings: 12345 -> '123.45'. */
export const centsToDecimal = (amount: number) => {
  checkCents(amount);
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
};

/** A gateway's decimal amount (a string or a number) as cents, or NaN when it is not one. */
export function decimalToCents(value: unknown): number {
  const text = typeof value === 'number' ? value.toFixed(2) : String(value ?? '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** An order id every gateway here takes (Cashfree's is the narrowest: 3 to 45 of these). */
export const HOSTED_ORDER_ID = /^[A-Za-z0-9_-]{3,45}$/;

export function checkNewPayment(payment: NewHostedPayment) {
  checkCents(payment.amount);
  if (!HOSTED_ORDER_ID.test(payment.orderId)) throw new RangeError(`not an order id: ${payment.orderId}`);
  if (payment.currency !== 'USD') throw new RangeError(`orders are in USD here, not ${payment.currency}`);
}
