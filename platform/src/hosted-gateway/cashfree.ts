import { createHmac } from 'node:crypto';
import { sameSecret } from '../same-secret.ts';
import { callGateway, objectOf, stringOf } from './http-call.ts';
import {
  checkCents,
  checkNewPayment,
  decimalToCents,
  type HostedGateway,
  HostedGatewayRefusedError,
  type HostedPaymentStatus,
  HostedReturnSignatureError,
} from './port.ts';

export const CASHFREE_SANDBOX_URL = 'https://sandbox.cashfree.com';
/** The PG API version this adapter speaks (sent as x-api-version on every call). */
export const CASHFREE_API_VERSION = '2023-08-01';
/** Where Cashfree's checkout takes a payment session (what its JS SDK posts `payment_session_id` to). */
export const CASHFREE_CHECKOUT_PATH = '/pg/view/sessions/checkout';

export interface CashfreeOptions {
  /** The app id and secret key (Cashfree's dashboard, Developers > API Keys): x-client-id, x-client-secret. */
  clientId: string;
  clientSecret: string;
  /** Cashfree's host: https://sandbox.cashfree.com (the default), https://api.cashfree.com live, a double's. */
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

const GATEWAY = 'cashfree';

/**
 * Cashfree's webhook signature (docs "Webhook Signature Verification"): the base64 HMAC-SHA256, keyed
 * with the secret key, of the x-webhook-timestamp header's text followed by the raw body.
 */
export const cashfreeWebhookSignature = (timestamp: string, body: Buffer, clientSecret: string) =>
  createHmac('sha256', clientSecret).update(timestamp).update(body).digest('base64');

/** Cents as Cashfree's order and refund amounts: a JSON number of two decimals at most. */
const amountOf = (cents: number) => {
  checkCents(cents);
  return cents / 100;
};

/**
 * The hosted gateway port on Cashfree Payments' PG API (docs.cashfree.com "Create Order", "Get Order",
 * "Get Payments for an Order", "Create Refund"; by fetch with x-client-id, x-client-secret and
 * x-api-version): an order opened under our order id answers its payment_session_id; the buyer's browser
 * takes the session to Cashfree's checkout; Cashfree sends it back to the order's return_url with
 * `order_id`, which Cashfree does not sign: the order and its payments, asked of Cashfree, are the judge.
 */
export function createCashfreeGateway(options: CashfreeOptions): HostedGateway {
  const base = (options.apiUrl ?? CASHFREE_SANDBOX_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const headers = {
    'x-client-id': options.clientId,
    'x-client-secret': options.clientSecret,
    'x-api-version': CASHFREE_API_VERSION,
  };
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    callGateway(
      GATEWAY,
      `${base}${path}`,
      { method, headers, ...(body !== undefined && { body }) },
      timeoutMs,
    );
  const refused = (answer: { status: number; body: unknown }): never => {
    const error = objectOf(answer.body);
    throw new HostedGatewayRefusedError(
      GATEWAY,
      stringOf(error.code) || `HTTP_${answer.status}`,
      stringOf(error.message) || 'refused',
      answer.status,
    );
  };
  const orderPath = (orderId: string) => `/pg/orders/${encodeURIComponent(orderId)}`;

  async function order(orderId: string) {
    const answer = await call('GET', orderPath(orderId));
    if (answer.status !== 200) return refused(answer);
    return objectOf(answer.body);
  }

  async function status(orderId: string): Promise<HostedPaymentStatus> {
    const found = await order(orderId);
    const amount = decimalToCents(found.order_amount);
    const orderStatus = stringOf(found.order_status);
    const listed = await call('GET', `${orderPath(orderId)}/payments`);
    if (listed.status !== 200) return refused(listed);
    const payments = (Array.isArray(listed.body) ? listed.body : []).map(objectOf);
    const paid = payments.find((p) => stringOf(p.payment_status) === 'SUCCESS');
    if (orderStatus === 'PAID' && paid) {
      return { status: 'paid', orderId, amount, transactionId: String(paid.cf_payment_id ?? '') };
    }
    if (orderStatus === 'EXPIRED' || orderStatus === 'TERMINATED') {
      return { status: 'failed', orderId, amount, reason: `order ${orderStatus.toLowerCase()}` };
    }
    // The buyer's last attempt: still with the bank, or ended without money (declined, dropped, cancelled).
    const last = payments.at(-1);
    const lastStatus = stringOf(last?.payment_status);
    if (!last || lastStatus === 'PENDING' || lastStatus === 'NOT_ATTEMPTED') {
      return { status: 'pending', orderId, amount };
    }
    return { status: 'failed', orderId, amount, reason: stringOf(last.payment_message) || lastStatus };
  }

  return {
    name: GATEWAY,
    pageOrigin: new URL(base).origin,
    async start(payment) {
      checkNewPayment(payment);
      const created = await call('POST', '/pg/orders', {
        order_id: payment.orderId,
        order_amount: amountOf(payment.amount),
        order_currency: payment.currency,
        customer_details: {
          customer_id: payment.customer.id,
          customer_email: payment.customer.email,
          ...(payment.customer.phone && { customer_phone: payment.customer.phone }),
        },
        order_meta: {
          return_url: payment.returnUrl,
          ...(payment.notifyUrl?.startsWith('https://') && { notify_url: payment.notifyUrl }),
        },
      });
      let opened = objectOf(created.body);
      if (created.status === 409) {
        // Opened before under this id (a retried request): its session, if it is this very payment.
        opened = await order(payment.orderId);
        const same =
          decimalToCents(opened.order_amount) === payment.amount &&
          stringOf(opened.order_status) === 'ACTIVE';
        if (!same) refused(created);
      } else if (created.status !== 200) {
        refused(created);
      }
      const session = stringOf(opened.payment_session_id);
      if (!session) throw new HostedGatewayRefusedError(GATEWAY, 'NO_SESSION', 'no payment_session_id', 502);
      return { url: `${base}${CASHFREE_CHECKOUT_PATH}`, fields: { payment_session_id: session } };
    },
    status,
    readReturn(fields) {
      return { orderId: fields.order_id ?? '' };
    },
    signsNotification: (headers) => typeof headers['x-webhook-signature'] === 'string',
    readNotification({ body, headers }) {
      const signature = headers['x-webhook-signature'];
      const timestamp = headers['x-webhook-timestamp'];
      if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp))
        throw new HostedReturnSignatureError('Cashfree webhook: no signature or timestamp');
      if (!sameSecret(signature, cashfreeWebhookSignature(timestamp, body, options.clientSecret)))
        throw new HostedReturnSignatureError('Cashfree webhook: the signature does not verify');
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        throw new HostedReturnSignatureError('Cashfree webhook: not JSON');
      }
      return { orderId: stringOf(objectOf(objectOf(objectOf(payload).data).order).order_id) };
    },
    async refund(orderId, amount, refundId) {
      const answer = await call('POST', `${orderPath(orderId)}/refunds`, {
        refund_amount: amountOf(amount),
        refund_id: refundId,
        refund_note: 'refund',
      });
      // The same refund id again is the refund made the first time.
      if (answer.status === 200 || stringOf(objectOf(answer.body).code) === 'refund_already_exists') {
        return { refundId };
      }
      return refused(answer);
    },
  };
}
