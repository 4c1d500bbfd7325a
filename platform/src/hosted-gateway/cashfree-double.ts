import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenDouble } from '../http/double-server.ts';
import { CASHFREE_API_VERSION, CASHFREE_CHECKOUT_PATH, cashfreeWebhookSignature } from './cashfree.ts';
import { decimalToCents, type GatewayNotification } from './port.ts';
import { formFields } from './post-form.ts';

/** A payment attempt on an order, as Cashfree lists them. */
export interface CashfreeDoublePayment {
  cf_payment_id: number;
  payment_status: 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
  payment_amount: number;
  payment_message: string;
}

/** An order as the Cashfree double keeps it (amounts in cents). */
export interface CashfreeDoubleOrder {
  orderId: string;
  amount: number;
  currency: string;
  status: 'ACTIVE' | 'PAID' | 'EXPIRED';
  returnUrl: string;
  /** The order's notify_url (https only, as Cashfree takes it), or null. */
  notifyUrl: string | null;
  session: string;
  payments: CashfreeDoublePayment[];
  refunds: { refundId: string; amount: number }[];
}

export interface CashfreeDouble {
  /** The host: what CASHFREE_API_URL points at. */
  url: string;
  clientId: string;
  clientSecret: string;
  orders(): CashfreeDoubleOrder[];
  /** Orders opened (one per order id, however often asked). */
  opened(): number;
  /** A spec's hand on Cashfree's books: the order's amount as Cashfree holds it. */
  setAmount(orderId: string, amount: number): void;
  /**
   * The payment webhook Cashfree would send for the order's last attempt (PAYMENT_SUCCESS_WEBHOOK,
   * PAYMENT_FAILED_WEBHOOK, PAYMENT_USER_DROPPED_WEBHOOK), signed as Cashfree signs it: x-webhook-signature
   * over x-webhook-timestamp and the raw body with the secret key. The spec delivers it.
   */
  notification(orderId: string): GatewayNotification;
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};
const invalid = (code: string, message: string) => ({ message, code, type: 'invalid_request_error' });

/**
 * A local double of Cashfree Payments' PG API (docs.cashfree.com, API version 2023-08-01), speaking
 * its documented wire: x-client-id and x-client-secret (401 authentication_error otherwise) and
 * x-api-version on every call; POST /pg/orders (the order entity with its payment_session_id; 409
 * order_already_exists for an order id again; customer_id and customer_phone required), GET
 * /pg/orders/{id} (404 order_not_found), GET /pg/orders/{id}/payments (SUCCESS, FAILED, USER_DROPPED
 * attempts), POST /pg/orders/{id}/refunds (409 for a refund_id again, 400 for more than is left); its
 * checkout takes the session posted to /pg/view/sessions/checkout (the buyer pays, is declined or
 * drops) and sends the browser to the order's return_url with {order_id} filled in, and the payment
 * webhooks with their signature (notification). Not covered: payment methods, order expiry by time,
 * splits, settlements.
 */
export async function startCashfreeDouble(): Promise<CashfreeDouble> {
  const clientId = `TEST${randomBytes(10).toString('hex')}`;
  const clientSecret = `cfsk_ma_test_${randomBytes(16).toString('hex')}`;
  const orders = new Map<string, CashfreeDoubleOrder>();
  let opened = 0;

  const entity = (order: CashfreeDoubleOrder) => ({
    cf_order_id: `${2_000_000 + [...orders.keys()].indexOf(order.orderId)}`,
    order_id: order.orderId,
    entity: 'order',
    order_currency: order.currency,
    order_amount: order.amount / 100,
    order_status: order.status,
    payment_session_id: order.session,
    order_meta: { return_url: order.returnUrl, notify_url: order.notifyUrl, payment_methods: null },
  });

  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://cashfree.double');
    const raw = await readBody(request);
    const { pathname } = url;

    // The checkout pages are the buyer's browser's, not API calls: no credentials.
    if (request.method === 'POST' && pathname === CASHFREE_CHECKOUT_PATH) {
      const session = formFields(raw).payment_session_id;
      const order = [...orders.values()].find((o) => o.session === session);
      if (order?.status !== 'ACTIVE') {
        response.writeHead(400, { 'content-type': 'text/html' });
        return response.end('<p>This payment link has expired.</p>');
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        `<!doctype html><html><body><h1>Cashfree (double)</h1><form method="post" action="/pg/view/double/pay">` +
          `<input type="hidden" name="payment_session_id" value="${order.session}">` +
          '<button type="submit" name="choice" value="pay">pay</button><button type="submit" name="choice" value="decline">decline</button>' +
          '<button type="submit" name="choice" value="cancel">cancel</button></form></body></html>',
      );
    }
    if (request.method === 'POST' && pathname === '/pg/view/double/pay') {
      const fields = formFields(raw);
      const order = [...orders.values()].find((o) => o.session === fields.payment_session_id);
      if (order?.status !== 'ACTIVE') {
        response.writeHead(400, { 'content-type': 'text/html' });
        return response.end('<p>This payment link has expired.</p>');
      }
      const choice = fields.choice;
      order.payments.push({
        cf_payment_id: randomInt(1_000_000_000, 2_000_000_000),
        payment_status: choice === 'pay' ? 'SUCCESS' : choice === 'decline' ? 'FAILED' : 'USER_DROPPED',
        payment_amount: order.amount / 100,
        payment_message:
          choice === 'pay'
            ? 'Transaction Successful'
            : choice === 'decline'
              ? 'Card declined by bank'
              : 'User dropped and did not complete the payment',
      });
      if (choice === 'pay') order.status = 'PAID';
      const back = order.returnUrl.includes('{order_id}')
        ? order.returnUrl.replace('{order_id}', encodeURIComponent(order.orderId))
        : `${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}order_id=${encodeURIComponent(order.orderId)}`;
      response.writeHead(302, { location: back });
      return response.end();
    }

    if (request.headers['x-client-id'] !== clientId || request.headers['x-client-secret'] !== clientSecret) {
      return json(response, 401, {
        message: 'authentication Failed',
        code: 'request_failed',
        type: 'authentication_error',
      });
    }
    if (!request.headers['x-api-version']) {
      return json(
        response,
        400,
        invalid('x-api-version_missing', 'x-api-version : header missing in the request'),
      );
    }

    if (request.method === 'POST' && pathname === '/pg/orders') {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const orderId = String(body.order_id ?? '');
      if (!/^[A-Za-z0-9_-]{3,45}$/.test(orderId))
        return json(response, 400, invalid('order_id_invalid', 'order_id : is invalid'));
      const amount = decimalToCents(body.order_amount);
      if (!(amount >= 100))
        return json(response, 400, invalid('order_amount_invalid', 'order_amount : must be at least 1'));
      const customer = (body.customer_details ?? {}) as Record<string, unknown>;
      if (!customer.customer_id)
        return json(
          response,
          400,
          invalid(
            'customer_details.customer_id_missing',
            'customer_details.customer_id : is missing in the request',
          ),
        );
      if (!customer.customer_phone)
        return json(
          response,
          400,
          invalid(
            'customer_details.customer_phone_missing',
            'customer_details.customer_phone : is missing in the request',
          ),
        );
      if (orders.has(orderId))
        return json(response, 409, invalid('order_already_exists', 'order with same id is already present'));
      const meta = (body.order_meta ?? {}) as Record<string, unknown>;
      if (meta.notify_url !== undefined && !String(meta.notify_url).startsWith('https://'))
        return json(
          response,
          400,
          invalid('order_meta.notify_url_invalid', 'order_meta.notify_url : should be https'),
        );
      const order: CashfreeDoubleOrder = {
        orderId,
        amount,
        currency: String(body.order_currency ?? 'INR'),
        status: 'ACTIVE',
        returnUrl: String(meta.return_url ?? ''),
        notifyUrl: typeof meta.notify_url === 'string' ? meta.notify_url : null,
        session: `session_${randomBytes(24).toString('base64url')}`,
        payments: [],
        refunds: [],
      };
      orders.set(orderId, order);
      opened += 1;
      return json(response, 200, entity(order));
    }

    const match = /^\/pg\/orders\/([^/]+)(\/payments|\/refunds)?$/.exec(pathname);
    const order = match ? orders.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (match && !order) return json(response, 404, invalid('order_not_found', 'order does not exist'));
    if (order && request.method === 'GET' && !match?.[2]) return json(response, 200, entity(order));
    if (order && request.method === 'GET' && match?.[2] === '/payments') {
      return json(
        response,
        200,
        order.payments.map((p) => ({
          ...p,
          order_id: order.orderId,
          entity: 'payment',
          payment_currency: order.currency,
        })),
      );
    }
    if (order && request.method === 'POST' && match?.[2] === '/refunds') {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const refundId = String(body.refund_id ?? '');
      if (order.status !== 'PAID')
        return json(response, 400, invalid('order_not_paid', 'refund can be initiated only on a paid order'));
      if (order.refunds.some((r) => r.refundId === refundId))
        return json(
          response,
          409,
          invalid('refund_already_exists', 'refund with this refund_id already exists'),
        );
      const amount = decimalToCents(body.refund_amount);
      const left = order.amount - order.refunds.reduce((sum, r) => sum + r.amount, 0);
      if (!(amount > 0) || amount > left)
        return json(
          response,
          400,
          invalid('refund_amount_invalid', 'refund_amount : exceeds the amount left to refund'),
        );
      order.refunds.push({ refundId, amount });
      return json(response, 200, {
        cf_refund_id: String(randomInt(1_000_000, 9_000_000)),
        refund_id: refundId,
        order_id: order.orderId,
        entity: 'refund',
        refund_amount: amount / 100,
        refund_currency: order.currency,
        refund_status: 'PENDING',
      });
    }
    return json(response, 404, invalid('request_invalid', 'no such route'));
  };

  const server = await listenDouble(serve);
  return {
    url: server.url,
    clientId,
    clientSecret,
    orders: () =>
      [...orders.values()].map((o) => ({ ...o, payments: [...o.payments], refunds: [...o.refunds] })),
    opened: () => opened,
    setAmount(orderId, amount) {
      const order = orders.get(orderId);
      if (order) order.amount = amount;
    },
    notification(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the Cashfree double has no order ${orderId}`);
      const last = order.payments.at(-1);
      const type =
        last?.payment_status === 'SUCCESS'
          ? 'PAYMENT_SUCCESS_WEBHOOK'
          : last?.payment_status === 'FAILED'
            ? 'PAYMENT_FAILED_WEBHOOK'
            : 'PAYMENT_USER_DROPPED_WEBHOOK';
      const body = Buffer.from(
        JSON.stringify({
          data: {
            order: {
              order_id: order.orderId,
              order_amount: order.amount / 100,
              order_currency: order.currency,
              order_tags: null,
            },
            payment: last ? { ...last, payment_currency: order.currency } : null,
          },
          event_time: new Date().toISOString(),
          type,
        }),
      );
      const timestamp = String(Date.now());
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': cashfreeWebhookSignature(timestamp, body, clientSecret),
          'x-webhook-version': CASHFREE_API_VERSION,
        },
      };
    },
    close: () => server.close(),
  };
}
