/**
 * PayPal's wire format, read and written the same way by the adapter, the sandbox and the specs:
 * amounts as decimal strings, order statuses, webhook transmissions and their signatures, webhook
 * events in the port's words. Pure functions over data; no I/O.
 */
import { type KeyObject, sign, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  type PayPalEvent,
  type PayPalOrderStatus,
  PayPalWebhookSignatureError,
  type WebhookHeaders,
} from './port.ts';

/** USD has two decimals on PayPal's wire: "19.99", "0.05", "1000.00". */
const USD_VALUE = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Cents as PayPal's decimal string (always two decimals). Refuses anything but a non-negative integer. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`an amount in cents must be a non-negative integer, not ${cents}`);
  }
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** PayPal's decimal string as cents: "19.99" is 1999, "0.05" is 5, "10" and "10.0" are 1000. */
export function valueToCents(value: string): number {
  const parts = USD_VALUE.exec(value);
  if (!parts) throw new RangeError(`not a USD amount with at most two decimals: ${JSON.stringify(value)}`);
  return Number(parts[1]) * 100 + Number((parts[2] ?? '').padEnd(2, '0'));
}

/** A PayPal `money` object in cents, or undefined in another currency (the product takes USD only). */
export function centsOf(money: unknown): number | undefined {
  const { currency_code: currency, value } = (money ?? {}) as { currency_code?: unknown; value?: unknown };
  if (currency !== 'USD' || typeof value !== 'string') return undefined;
  return valueToCents(value);
}

/**
 * PayPal's order statuses in the port's words: an order waiting for the buyer (`CREATED`, or
 * `PAYER_ACTION_REQUIRED` when made with an experience context) is created; `SAVED` is approved and
 * kept for a later capture; the rest map one to one.
 */
export function orderStatusOf(status: string | undefined): PayPalOrderStatus {
  switch (status) {
    case 'CREATED':
    case 'PAYER_ACTION_REQUIRED':
      return 'created';
    case 'APPROVED':
    case 'SAVED':
      return 'approved';
    case 'COMPLETED':
      return 'completed';
    case 'VOIDED':
      return 'voided';
    default:
      throw new Error(`PayPal answered an unknown order status ${String(status)}`);
  }
}

/** The one algorithm PayPal signs webhooks with (the PAYPAL-AUTH-ALGO header). */
export const WEBHOOK_AUTH_ALGO = 'SHA256withRSA';

/** What PayPal sends with each webhook delivery, in its headers, to check the signature with. */
export interface Transmission {
  transmissionId: string;
  /** ISO 8601, as PayPal sent it (signed as is). */
  transmissionTime: string;
  /** Base64 RSA-SHA256 signature. */
  transmissionSig: string;
  /** Where PayPal's X.509 certificate for the signature is. */
  certUrl: string;
  authAlgo: string;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** The transmission headers of a webhook; a missing one is a signature that cannot verify. */
export function transmissionOf(headers: WebhookHeaders): Transmission {
  const read = (name: string) => {
    const value = header(headers, name);
    if (!value) throw new PayPalWebhookSignatureError(`the webhook has no ${name} header`);
    return value;
  };
  return {
    transmissionId: read('paypal-transmission-id'),
    transmissionTime: read('paypal-transmission-time'),
    transmissionSig: read('paypal-transmission-sig'),
    certUrl: read('paypal-cert-url'),
    authAlgo: read('paypal-auth-algo'),
  };
}

/**
 * The message PayPal signs (developer.paypal.com "Integrate webhooks", self verification):
 * `transmissionId|transmissionTime|webhookId|crc32`, the CRC32 of the raw body as an unsigned decimal.
 * The webhook id is ours (the listener's), so an event sent to another listener does not verify here.
 */
export function signedMessage(
  transmission: Pick<Transmission, 'transmissionId' | 'transmissionTime'>,
  webhookId: string,
  rawBody: Buffer | string,
): string {
  return `${transmission.transmissionId}|${transmission.transmissionTime}|${webhookId}|${crc32(rawBody)}`;
}

/** Signs a transmission as PayPal does (the sandbox and the double are the senders). */
export function signTransmission(
  privateKey: KeyObject,
  transmission: Pick<Transmission, 'transmissionId' | 'transmissionTime'>,
  webhookId: string,
  rawBody: Buffer | string,
): string {
  return sign('sha256', Buffer.from(signedMessage(transmission, webhookId, rawBody)), privateKey).toString(
    'base64',
  );
}

/**
 * Throws PayPalWebhookSignatureError unless the transmission's signature is the key's over the
 * signed message. The key is the certificate's (the adapter) or the sandbox's own.
 */
export function verifyTransmission(
  publicKey: KeyObject,
  transmission: Transmission,
  webhookId: string,
  rawBody: Buffer | string,
): void {
  if (transmission.authAlgo !== WEBHOOK_AUTH_ALGO) {
    throw new PayPalWebhookSignatureError(`unexpected PAYPAL-AUTH-ALGO ${transmission.authAlgo}`);
  }
  const signature = Buffer.from(transmission.transmissionSig, 'base64');
  const message = Buffer.from(signedMessage(transmission, webhookId, rawBody));
  let valid = false;
  try {
    valid = verify('sha256', message, publicKey, signature);
  } catch {
    valid = false;
  }
  if (!valid) throw new PayPalWebhookSignatureError('the webhook signature does not verify');
}

/** The headers a sender puts on a delivery, as PayPal names them. */
export function transmissionHeaders(transmission: Transmission): Record<string, string> {
  return {
    'content-type': 'application/json',
    'paypal-transmission-id': transmission.transmissionId,
    'paypal-transmission-time': transmission.transmissionTime,
    'paypal-transmission-sig': transmission.transmissionSig,
    'paypal-cert-url': transmission.certUrl,
    'paypal-auth-algo': transmission.authAlgo,
  };
}

/** A PayPal webhook event (v1 envelope); `resource` is the capture, refund or dispute it is about. */
export interface PayPalWebhookEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  create_time?: string;
  summary?: string;
  resource: Record<string, unknown>;
}

/** A verified body read as an event; one that is not PayPal's envelope is refused as unreadable. */
export function parseWebhookEvent(rawBody: Buffer | string): PayPalWebhookEvent {
  let event: Partial<PayPalWebhookEvent>;
  try {
    event = JSON.parse(rawBody.toString()) as Partial<PayPalWebhookEvent>;
  } catch {
    throw new PayPalWebhookSignatureError('the webhook body is not JSON');
  }
  if (typeof event?.id !== 'string' || typeof event.event_type !== 'string' || !event.resource) {
    throw new PayPalWebhookSignatureError('the webhook body is not a PayPal event');
  }
  return event as PayPalWebhookEvent;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const lastSegment = (href: string) => href.split('?')[0]?.split('/').filter(Boolean).at(-1) ?? '';

/** The capture a refund gives money back from: its `up` link (`/v2/payments/captures/{id}`). */
function refundedCaptureOf(refund: Record<string, unknown>): string {
  const links = Array.isArray(refund.links) ? (refund.links as { rel?: string; href?: string }[]) : [];
  const up = links.find((link) => link.rel === 'up' && /\/captures\//.test(link.href ?? ''));
  return up?.href ? lastSegment(up.href) : '';
}

/**
 * The events the product follows, in the port's words; every other type is null (acknowledged, not
 * acted on). A capture carries our reference (`custom_id`) and its order (`supplementary_data`); a
 * refund and a dispute name only the capture, so `orderId` and `reference` are empty there until the
 * reader fills them from the capture (withCapture).
 */
export function eventInPortWords(event: PayPalWebhookEvent): PayPalEvent | null {
  const resource = event.resource;
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED': {
      const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)
        ?.related_ids;
      const denied = event.event_type === 'PAYMENT.CAPTURE.DENIED';
      const reason = (resource.status_details as { reason?: unknown } | undefined)?.reason;
      return {
        id: event.id,
        type: event.event_type,
        outcome: denied ? 'failed' : 'succeeded',
        captureId: text(resource.id),
        orderId: text(related?.order_id),
        reference: text(resource.custom_id),
        amount: centsOf(resource.amount),
        ...(denied && { reason: text(reason) || 'DENIED' }),
      };
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const captureId = refundedCaptureOf(resource);
      if (!captureId) return null;
      return {
        id: event.id,
        type: event.event_type,
        outcome: 'refunded',
        captureId,
        orderId: '',
        reference: '',
        amount: centsOf(resource.amount),
        refundId: text(resource.id),
      };
    }
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.RESOLVED': {
      const transactions = Array.isArray(resource.disputed_transactions)
        ? (resource.disputed_transactions as Record<string, unknown>[])
        : [];
      const disputed = transactions[0];
      const captureId = text(disputed?.seller_transaction_id);
      if (!captureId) return null;
      const resolved = event.event_type === 'CUSTOMER.DISPUTE.RESOLVED';
      // PayPal's outcome codes: the money went back to the buyer, or stayed with the seller.
      const outcome = (resource.dispute_outcome as { outcome_code?: unknown } | undefined)?.outcome_code;
      const lost = ['RESOLVED_BUYER_FAVOUR', 'RESOLVED_WITH_PAYOUT', 'ACCEPTED'].includes(text(outcome));
      return {
        id: event.id,
        type: event.event_type,
        outcome: resolved ? (lost ? 'dispute_lost' : 'dispute_won') : 'disputed',
        captureId,
        orderId: '',
        reference: text(disputed?.custom),
        amount: centsOf(resource.dispute_amount),
        reason: text(resource.reason) || undefined,
        disputeId: text(resource.dispute_id) || undefined,
      };
    }
    default:
      return null;
  }
}

/** What a reader knows of a capture: its order and our reference. */
export interface CaptureOrigin {
  orderId: string;
  reference: string;
}

/** The event with its order and reference filled from the capture, where the event lacked them. */
export async function withCapture(
  event: PayPalEvent,
  captureOrigin: (captureId: string) => Promise<CaptureOrigin>,
): Promise<PayPalEvent> {
  if (event.orderId && event.reference) return event;
  const origin = await captureOrigin(event.captureId);
  return {
    ...event,
    orderId: event.orderId || origin.orderId,
    reference: event.reference || origin.reference,
  };
}

/** PayPal's own hosts: the sandbox's and live API roots the SDK knows. */
export const PAYPAL_SANDBOX_API_URL = 'https://api-m.sandbox.paypal.com';
export const PAYPAL_LIVE_API_URL = 'https://api-m.paypal.com';

/**
 * Whether a certificate URL is PayPal's: https on a paypal.com host (PayPal's guide: download the
 * certificate from PAYPAL-CERT-URL after checking it is PayPal's), or the API root the adapter was
 * pointed at (a local double of PayPal in the specs). Anything else is never fetched.
 */
export function isPayPalCertificateUrl(certUrl: string, apiUrl?: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'https:' && (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com'))) {
    return true;
  }
  return apiUrl !== undefined && url.origin === new URL(apiUrl).origin;
}
