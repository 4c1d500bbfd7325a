import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import {
  type CaptureOrigin,
  centsToValue,
  eventInPortWords,
  parseWebhookEvent,
  signTransmission,
  type Transmission,
  transmissionHeaders,
  transmissionOf,
  verifyTransmission,
  WEBHOOK_AUTH_ALGO,
  withCapture,
} from './paypal-wire.ts';
import {
  type NewPayPalOrder,
  type PayPalCaptureResult,
  type PayPalGateway,
  type PayPalOrder,
  type PayPalOrderStatus,
  PayPalRefusedError,
} from './port.ts';

/** The sandbox's approve page: a page of the product's own origin, as PayPal's checkout page would be. */
export const SANDBOX_PAYPAL_APPROVE_PATH = '/sandbox/paypal/approve';

/**
 * The buyers the sandbox (and the PayPal double) know by e-mail: one whose payments go through, one
 * whose funding source is refused at capture (PayPal's INSTRUMENT_DECLINED), one paying by eCheck
 * (the capture is PENDING until PayPal settles or denies it). Any other e-mail pays as `approves`.
 */
export const sandboxPayPalBuyers = {
  approves: 'buyer@paypal-sandbox.example',
  declines: 'declined-buyer@paypal-sandbox.example',
  pending: 'echeck-buyer@paypal-sandbox.example',
} as const;

/** An order as the sandbox keeps it. */
export interface SandboxPayPalOrder {
  orderId: string;
  status: PayPalOrderStatus;
  amount: number;
  reference: string;
  invoices: string[];
  returnUrl: string;
  cancelUrl: string;
  /** The e-mail of the buyer who approved it last. */
  buyer: string | null;
  captureId: string | null;
}

/** A capture, with what was refunded of it: what a test counts money moved with. */
export interface SandboxPayPalCapture {
  captureId: string;
  orderId: string;
  amount: number;
  refunded: number;
  status: 'completed' | 'pending' | 'denied';
  reference: string;
}

/** One webhook delivery: the headers and the raw body an endpoint receives. */
export interface PayPalDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface SandboxPayPal extends PayPalGateway {
  /**
   * The buyer on the approve page approves (as `buyer`, sandboxPayPalBuyers.approves by default) or
   * cancels; answers where the page sends the browser: the return URL with `token` and `PayerID`, or
   * the cancel URL with `token`.
   */
  approve(orderId: string, approved: boolean, buyer?: string): Promise<{ redirectTo: string }>;
  /** PayPal settles a pending capture (PAYMENT.CAPTURE.COMPLETED) or denies it (…DENIED). */
  settle(captureId: string, outcome: 'completed' | 'denied'): Promise<void>;
  /** The buyer opens a dispute on a capture (CUSTOMER.DISPUTE.CREATED). */
  dispute(captureId: string, reason?: string): Promise<void>;
  /** PayPal decides the capture's dispute (CUSTOMER.DISPUTE.RESOLVED): `lost` for the buyer, `won` for the seller. */
  resolveDispute(captureId: string, outcome: 'won' | 'lost'): Promise<void>;
  /** Where webhooks go (the product's handler); none until set. */
  webhooks(endpoint: ((delivery: PayPalDelivery) => Promise<unknown> | unknown) | null): void;
  /** Every delivery made so far, oldest first. */
  deliveries(): PayPalDelivery[];
  /** Sends an event again as PayPal retries it: the same event, a new transmission and signature. */
  deliver(eventId: string): Promise<PayPalDelivery>;
  orders(): SandboxPayPalOrder[];
  captures(): SandboxPayPalCapture[];
  readonly webhookId: string;
}

const SERVICE = 'sandbox';
/**
 * Events and deliveries kept for redelivery and the specs: the embedded site runs for months, so
 * only the latest are kept (orders and captures are state, and are all kept).
 */
const EVENTS_KEPT = 1_000;
const keepLatest = <T>(list: T[], item: T) => {
  list.push(item);
  if (list.length > EVENTS_KEPT) list.splice(0, list.length - EVENTS_KEPT);
};
/** PayPal's ids: 17 upper-case letters and digits. */
const idOf = () => randomBytes(12).toString('hex').toUpperCase().slice(0, 17);
const payerIdOf = (email: string) =>
  Buffer.from(email).toString('hex').toUpperCase().padEnd(13, '0').slice(0, 13);

const refuse = (issue: string, message: string, status = 422): never => {
  throw new PayPalRefusedError(issue, message, status);
};

/** As the adapter's centsToValue: a positive integer of cents, or a RangeError. */
function checkCents(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`an amount is a positive integer of cents, not ${amount}`);
  }
}

function checkNewOrder(order: NewPayPalOrder) {
  checkCents(order.amount);
  if (order.currency !== 'USD') throw new RangeError(`PayPal orders are in USD here, not ${order.currency}`);
  for (const url of [order.returnUrl, order.cancelUrl]) {
    if (!URL.canParse(url)) refuse('INVALID_PARAMETER_SYNTAX', `${url} is not an absolute URL`, 400);
  }
}

function withQuery(url: string, query: Record<string, string>) {
  const to = new URL(url);
  for (const [name, value] of Object.entries(query)) to.searchParams.set(name, value);
  return to.toString();
}

/**
 * The embedded `sandbox` PayPal, in memory, behaving as PayPal does for the flows the product uses:
 * an order waits for its buyer on the approve page (SANDBOX_PAYPAL_APPROVE_PATH on the product's
 * origin), is captured once (the same key answers the same capture; another key answers the capture
 * already made), refunded in part or whole and never beyond, one order per key. Its webhooks are
 * PayPal's own format, signed as PayPal signs them (RSA-SHA256 over the transmission id, time,
 * webhook id and the body's CRC32) with a key made at its first event, so the product reads the
 * sandbox's events as it reads PayPal's. Everything lives as long as the process.
 */
export function createSandboxPayPal(options: { publicUrl: () => string }): SandboxPayPal {
  const webhookId = 'SANDBOX0WEBHOOK0ID';
  const orders = new Map<string, SandboxPayPalOrder>();
  const captures = new Map<string, SandboxPayPalCapture>();
  /** Each capture's dispute: its case id and the reason it was opened for. */
  const disputes = new Map<string, { id: string; reason: string }>();
  const orderKeys = new Map<string, string>();
  const captureKeys = new Map<string, string>();
  const refundKeys = new Map<string, string>();
  const events: { id: string; body: string }[] = [];
  const deliveries: PayPalDelivery[] = [];
  let endpoint: ((delivery: PayPalDelivery) => Promise<unknown> | unknown) | null = null;
  // Made at the first event: most sandboxes (a product started for a test) never send one.
  let keys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;
  const keyPair = () => {
    keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
    return keys;
  };

  const orderOf = (orderId: string) =>
    orders.get(orderId) ?? refuse('RESOURCE_NOT_FOUND', `order ${orderId} does not exist`, 404);
  const captureOf = (captureId: string) =>
    captures.get(captureId) ?? refuse('RESOURCE_NOT_FOUND', `capture ${captureId} does not exist`, 404);

  const captureStatus = (capture: SandboxPayPalCapture) =>
    capture.status === 'pending'
      ? 'PENDING'
      : capture.status === 'denied'
        ? 'DECLINED'
        : capture.refunded === 0
          ? 'COMPLETED'
          : capture.refunded < capture.amount
            ? 'PARTIALLY_REFUNDED'
            : 'REFUNDED';

  /** A capture as PayPal's webhooks carry it. */
  const captureResource = (capture: SandboxPayPalCapture) => ({
    id: capture.captureId,
    status: captureStatus(capture),
    ...(capture.status === 'pending' && { status_details: { reason: 'ECHECK' } }),
    amount: { currency_code: 'USD', value: centsToValue(capture.amount) },
    custom_id: capture.reference,
    invoice_id: capture.reference,
    final_capture: true,
    supplementary_data: { related_ids: { order_id: capture.orderId } },
  });

  async function send(event: { id: string; body: string }): Promise<PayPalDelivery> {
    const transmission: Transmission = {
      transmissionId: randomUUID(),
      transmissionTime: new Date().toISOString(),
      transmissionSig: '',
      // Never fetched: the sandbox reads its events with its own key, whatever this header says.
      certUrl: `${options.publicUrl().replace(/\/+$/, '')}/sandbox/paypal/webhook-key`,
      authAlgo: WEBHOOK_AUTH_ALGO,
    };
    transmission.transmissionSig = signTransmission(
      keyPair().privateKey,
      transmission,
      webhookId,
      event.body,
    );
    const delivery = { headers: transmissionHeaders(transmission), body: event.body };
    keepLatest(deliveries, delivery);
    if (endpoint) await endpoint(delivery);
    return delivery;
  }

  async function emit(type: string, resourceType: string, resource: Record<string, unknown>) {
    const id = `WH-${idOf()}-${idOf()}`;
    const body = JSON.stringify({
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      event_type: type,
      summary: `${type} (sandbox)`,
      resource,
    });
    keepLatest(events, { id, body });
    await send({ id, body });
  }

  const resultOf = (capture: SandboxPayPalCapture): PayPalCaptureResult =>
    capture.status === 'completed'
      ? { status: 'completed', captureId: capture.captureId, amount: capture.amount }
      : capture.status === 'pending'
        ? { status: 'pending', captureId: capture.captureId, amount: capture.amount, reason: 'ECHECK' }
        : { status: 'declined', captureId: capture.captureId, reason: 'DENIED' };

  const origin = async (captureId: string): Promise<CaptureOrigin> => {
    const capture = captures.get(captureId);
    return { orderId: capture?.orderId ?? '', reference: capture?.reference ?? '' };
  };

  const sandbox: SandboxPayPal = {
    name: SERVICE,
    webhookId,
    async createOrder(order) {
      const made = orderKeys.get(order.idempotencyKey);
      if (made) return { orderId: made, approveUrl: approveUrlOf(made) };
      checkNewOrder(order);
      // PayPal refuses an invoice id already paid (its default account setting): a payment once.
      const paid = [...captures.values()].some(
        (c) => c.reference === order.reference && c.status !== 'denied',
      );
      if (paid) refuse('DUPLICATE_INVOICE_ID', `invoice ${order.reference} was already paid`);
      const orderId = idOf();
      orders.set(orderId, {
        orderId,
        status: 'created',
        amount: order.amount,
        reference: order.reference,
        invoices: [...order.invoices],
        returnUrl: order.returnUrl,
        cancelUrl: order.cancelUrl,
        buyer: null,
        captureId: null,
      });
      orderKeys.set(order.idempotencyKey, orderId);
      return { orderId, approveUrl: approveUrlOf(orderId) };
    },
    async approve(orderId, approved, buyer = sandboxPayPalBuyers.approves) {
      const order = orderOf(orderId);
      if (!approved) return { redirectTo: withQuery(order.cancelUrl, { token: orderId }) };
      if (order.status === 'created' || order.status === 'approved') {
        Object.assign(order, { status: 'approved', buyer });
        await emit('CHECKOUT.ORDER.APPROVED', 'checkout-order', {
          id: orderId,
          status: 'APPROVED',
          intent: 'CAPTURE',
          payer: { email_address: buyer, payer_id: payerIdOf(buyer) },
        });
      }
      return { redirectTo: withQuery(order.returnUrl, { token: orderId, PayerID: payerIdOf(buyer) }) };
    },
    async captureOrder(orderId, idempotencyKey) {
      const order = orderOf(orderId);
      const keyed = captureKeys.get(`${orderId}\u0000${idempotencyKey}`);
      if (keyed) return resultOf(captureOf(keyed));
      // Captured already (another key): PayPal refuses a second capture; the port answers the first.
      if (order.captureId) return resultOf(captureOf(order.captureId));
      if (order.status === 'voided') refuse('ORDER_COMPLETED_OR_VOIDED', `order ${orderId} is voided`);
      if (order.status !== 'approved') {
        return { status: 'not_approved', reason: 'ORDER_NOT_APPROVED' };
      }
      if (order.buyer === sandboxPayPalBuyers.declines) {
        return { status: 'declined', reason: 'INSTRUMENT_DECLINED' };
      }
      const capture: SandboxPayPalCapture = {
        captureId: idOf(),
        orderId,
        amount: order.amount,
        refunded: 0,
        status: order.buyer === sandboxPayPalBuyers.pending ? 'pending' : 'completed',
        reference: order.reference,
      };
      captures.set(capture.captureId, capture);
      Object.assign(order, { status: 'completed', captureId: capture.captureId });
      captureKeys.set(`${orderId}\u0000${idempotencyKey}`, capture.captureId);
      await emit(
        capture.status === 'pending' ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED',
        'capture',
        captureResource(capture),
      );
      return resultOf(capture);
    },
    async getOrder(orderId): Promise<PayPalOrder> {
      const order = orderOf(orderId);
      return {
        orderId,
        status: order.status,
        amount: order.amount,
        ...(order.captureId && { captureId: order.captureId }),
      };
    },
    async refund(captureId, amount, idempotencyKey) {
      const capture = captureOf(captureId);
      const keyed = refundKeys.get(`${captureId}\u0000${idempotencyKey}`);
      if (keyed) return { refundId: keyed };
      checkCents(amount);
      if (capture.status === 'pending') refuse('PENDING_CAPTURE', 'the capture is still pending');
      if (capture.status === 'denied') refuse('REFUND_NOT_ALLOWED', 'the capture was denied');
      if (capture.refunded >= capture.amount)
        refuse('CAPTURE_FULLY_REFUNDED', 'the capture is fully refunded');
      if (capture.refunded + amount > capture.amount) {
        refuse('REFUND_AMOUNT_EXCEEDED', 'the refund is more than what is left of the capture');
      }
      capture.refunded += amount;
      const refundId = idOf();
      refundKeys.set(`${captureId}\u0000${idempotencyKey}`, refundId);
      await emit('PAYMENT.CAPTURE.REFUNDED', 'refund', {
        id: refundId,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: centsToValue(amount) },
        links: [{ href: `sandbox:/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }],
      });
      return { refundId };
    },
    async settle(captureId, outcome) {
      const capture = captureOf(captureId);
      if (capture.status !== 'pending') return;
      capture.status = outcome;
      await emit(
        outcome === 'completed' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED',
        'capture',
        captureResource(capture),
      );
    },
    async dispute(captureId, reason = 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED') {
      const capture = captureOf(captureId);
      const disputeId = `PP-D-${idOf()}`;
      disputes.set(captureId, { id: disputeId, reason });
      await emit('CUSTOMER.DISPUTE.CREATED', 'dispute', {
        dispute_id: disputeId,
        reason,
        status: 'OPEN',
        dispute_amount: { currency_code: 'USD', value: centsToValue(capture.amount) },
        disputed_transactions: [{ seller_transaction_id: captureId, custom: capture.reference }],
      });
    },
    async resolveDispute(captureId, outcome) {
      const capture = captureOf(captureId);
      const known = disputes.get(captureId);
      if (!known) throw new Error(`the sandbox: no dispute on ${captureId}`);
      await emit('CUSTOMER.DISPUTE.RESOLVED', 'dispute', {
        dispute_id: known.id,
        reason: known.reason,
        status: 'RESOLVED',
        dispute_amount: { currency_code: 'USD', value: centsToValue(capture.amount) },
        dispute_outcome: {
          outcome_code: outcome === 'lost' ? 'RESOLVED_BUYER_FAVOUR' : 'RESOLVED_SELLER_FAVOUR',
        },
        disputed_transactions: [{ seller_transaction_id: captureId, custom: capture.reference }],
      });
    },
    async readEvent(headers, rawBody) {
      const transmission = transmissionOf(headers);
      verifyTransmission(keyPair().publicKey, transmission, webhookId, rawBody);
      const event = eventInPortWords(parseWebhookEvent(rawBody));
      return event && withCapture(event, origin);
    },
    webhooks(to) {
      endpoint = to;
    },
    deliveries: () => deliveries.map((d) => ({ headers: { ...d.headers }, body: d.body })),
    async deliver(eventId) {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`sandbox PayPal: no event ${eventId}`);
      return send(event);
    },
    orders: () => [...orders.values()].map((o) => ({ ...o, invoices: [...o.invoices] })),
    captures: () => [...captures.values()].map((c) => ({ ...c })),
  };

  function approveUrlOf(orderId: string) {
    return `${options.publicUrl().replace(/\/+$/, '')}${SANDBOX_PAYPAL_APPROVE_PATH}/${orderId}`;
  }

  return sandbox;
}
