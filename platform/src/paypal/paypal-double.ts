import { createPrivateKey, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenDouble } from '../http/double-server.ts';
import {
  signTransmission,
  type Transmission,
  transmissionHeaders,
  WEBHOOK_AUTH_ALGO,
} from './paypal-wire.ts';
import { type PayPalDelivery, type SandboxPayPalCapture, sandboxPayPalBuyers } from './sandbox.ts';

/** The double's buyers, the sandbox's own: one who pays, one whose funding is declined, one by eCheck. */
export const payPalDoubleBuyers = sandboxPayPalBuyers;

/** One request the double received, as PayPal would read it. */
export interface PayPalDoubleRequest {
  method: string;
  path: string;
  /** The PayPal-Request-Id header. */
  requestId: string | undefined;
  prefer: string | undefined;
  /** `basic` on the token call, `bearer` on the others (never the credential itself). */
  authorization: 'basic' | 'bearer' | 'none';
  contentType: string | undefined;
  /** JSON bodies parsed, form bodies as their fields. */
  body: unknown;
}

/** An order as the double's merchant dashboard lists it; amounts as sent, and in cents. */
export interface PayPalDoubleOrder {
  orderId: string;
  status: string;
  value: string;
  amount: number;
  customId: string | undefined;
  invoiceId: string | undefined;
  description: string | undefined;
  returnUrl: string | undefined;
  cancelUrl: string | undefined;
  buyer: string | null;
  captureId: string | null;
}

/** An event the double made, as PayPal's webhooks dashboard lists it. */
export interface PayPalDoubleEvent {
  id: string;
  type: string;
  /** The JSON body, byte for byte what is signed and sent. */
  body: string;
}

/** A URL to post to, or a function given the delivery that answers the HTTP status. */
export type PayPalWebhookEndpoint = string | ((delivery: PayPalDelivery) => Promise<number> | number);

export interface PayPalDouble {
  /** The API root to point the adapter at: http://127.0.0.1:<port> */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The webhook listener's id, signed into every delivery. */
  webhookId: string;
  requests: PayPalDoubleRequest[];
  /** The buyer approves on the checkout page (without a browser): where the page sends them back. */
  approve(orderId: string, buyer?: string): Promise<string>;
  orders(): PayPalDoubleOrder[];
  /** Every capture made, with what was refunded of it: the money moved. */
  captures(): SandboxPayPalCapture[];
  /** PayPal settles a pending capture (PAYMENT.CAPTURE.COMPLETED) or denies it (…DENIED). */
  settle(captureId: string, outcome: 'completed' | 'denied'): Promise<void>;
  /** The buyer opens a dispute (CUSTOMER.DISPUTE.CREATED). */
  dispute(captureId: string, reason?: string): Promise<void>;
  /**
   * PayPal decides the capture's dispute (CUSTOMER.DISPUTE.RESOLVED): `lost`, for the buyer (the money
   * goes back to them, RESOLVED_BUYER_FAVOUR); `won`, for the seller (RESOLVED_SELLER_FAVOUR).
   */
  resolveDispute(captureId: string, outcome: 'won' | 'lost'): Promise<void>;
  /** Where events are delivered; none until set. `hold` keeps them until a test delivers them. */
  webhooks(endpoint: PayPalWebhookEndpoint | null, options?: { hold?: boolean }): void;
  events(): PayPalDoubleEvent[];
  /** Every delivery made, oldest first: headers and body as sent. */
  deliveries(): PayPalDelivery[];
  /** Delivers an event (again, as PayPal retries): a new transmission, signed now; the HTTP status. */
  deliver(eventId: string): Promise<number>;
  /** PayPal forgets every access token it gave (the next call with one is 401 invalid_token). */
  expireTokens(): void;
  /** While on, every API call answers 503 SERVICE_UNAVAILABLE (PayPal is down). */
  outage(on: boolean): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

interface Order {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  value: string;
  customId: string | undefined;
  invoiceId: string | undefined;
  description: string | undefined;
  returnUrl: string | undefined;
  cancelUrl: string | undefined;
  /** Made with payment_source.paypal.experience_context (a `payer-action` link), or application_context. */
  experience: boolean;
  payer: { email: string; payerId: string } | null;
  captureId: string | null;
  createTime: string;
  updateTime: string;
}

interface Capture {
  id: string;
  orderId: string;
  cents: number;
  refunded: number;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  reason: string | undefined;
  customId: string | undefined;
  invoiceId: string | undefined;
  createTime: string;
  updateTime: string;
}

interface Refund {
  id: string;
  captureId: string;
  cents: number;
  /** The capture's refunded total once this refund was made. */
  totalRefunded: number;
  customId: string | undefined;
  invoiceId: string | undefined;
  createTime: string;
}

class PayPalFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message ?? body.error));
  }
}

const information = (issue: string) => ({
  href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue.toLowerCase()}`,
  rel: 'information_link',
  method: 'GET',
});

/** 422: PayPal understood the request and refuses it for a business reason (its `issue`). */
const unprocessable = (issue: string, description: string, links: Json[] = []) =>
  new PayPalFailure(422, {
    name: 'UNPROCESSABLE_ENTITY',
    details: [{ issue, description }],
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
    links: [information(issue), ...links],
  });

/** 400: the request does not fit the API's schema (the field, as a JSON pointer, and its issue). */
const invalid = (issue: string, description: string, field: string, value?: unknown) =>
  new PayPalFailure(400, {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    details: [
      { field, ...(value !== undefined && { value: String(value) }), location: 'body', issue, description },
    ],
    links: [information(issue)],
  });

const notFound = () =>
  new PayPalFailure(404, {
    name: 'RESOURCE_NOT_FOUND',
    details: [
      {
        issue: 'INVALID_RESOURCE_ID',
        description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
      },
    ],
    message: 'The specified resource does not exist.',
    links: [information('INVALID_RESOURCE_ID')],
  });

/** PayPal's ids: 17 upper-case letters and digits. */
const idOf = () => randomBytes(12).toString('hex').toUpperCase().slice(0, 17);
const payerIdOf = (email: string) =>
  Buffer.from(email).toString('hex').toUpperCase().padEnd(13, '0').slice(0, 13);
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * PayPal's amount value pattern (Orders v2 `money.value`). The double converts amounts with its own
 * arithmetic, not the adapter's (paypal-wire.ts), so a conversion bug there shows here.
 */
const VALUE_SYNTAX = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
const centsOf = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
};
const decimalOf = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const usd = (cents: number) => ({ currency_code: 'USD', value: decimalOf(cents) });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Checks a `money` object as PayPal does: USD here, its value's syntax, two decimals, above zero. */
function checkMoney(money: unknown, field: string): number {
  const { currency_code: currency, value } = (money ?? {}) as Json;
  if (typeof currency !== 'string') {
    throw invalid(
      'MISSING_REQUIRED_PARAMETER',
      'A required field / parameter is missing.',
      `${field}/currency_code`,
    );
  }
  if (currency !== 'USD') {
    throw unprocessable(
      'CURRENCY_NOT_SUPPORTED',
      'Currency code is not currently supported (the double takes USD).',
    );
  }
  if (typeof value !== 'string' || !VALUE_SYNTAX.test(value)) {
    throw invalid(
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      `${field}/value`,
      value,
    );
  }
  if ((value.split('.')[1] ?? '').length > 2) {
    throw unprocessable(
      'DECIMAL_PRECISION',
      'If the currency supports decimals, only two decimal place precision is supported.',
    );
  }
  const cents = value.startsWith('-') ? -1 : centsOf(value);
  if (cents <= 0) {
    throw unprocessable(
      'CANNOT_BE_ZERO_OR_NEGATIVE',
      'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
    );
  }
  return cents;
}

function checkLength(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > max) {
    throw invalid(
      'INVALID_STRING_MAX_LENGTH',
      `The value of a field is too long (at most ${max} characters).`,
      field,
      value,
    );
  }
  return value;
}

function checkUrl(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^https?:\/\//.test(value) || !URL.canParse(value)) {
    throw invalid(
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      field,
      value,
    );
  }
  return value;
}

/**
 * A test double of PayPal's REST API, on 127.0.0.1 at a random port, speaking its wire format as
 * documented (developer.paypal.com/docs/api/orders/v2, payments/v2, "Integrate webhooks"):
 * - `POST /v1/oauth2/token`: `Authorization: Basic base64(client id:secret)`, form
 *   `grant_type=client_credentials`; answers a bearer token (401 `invalid_client` for other
 *   credentials). Every other API call needs one of its tokens (401 `invalid_token`).
 * - `POST /v2/checkout/orders`: intent CAPTURE, one purchase unit, USD amounts as decimal strings
 *   (400 INVALID_PARAMETER_SYNTAX, 422 DECIMAL_PRECISION, CANNOT_BE_ZERO_OR_NEGATIVE), `custom_id`,
 *   `invoice_id` (422 DUPLICATE_INVOICE_ID once one was paid), return and cancel URLs from
 *   `payment_source.paypal.experience_context` (status PAYER_ACTION_REQUIRED, a `payer-action`
 *   link) or `application_context` (CREATED, an `approve` link).
 * - `GET /v2/checkout/orders/{id}`, `POST …/capture` (422 ORDER_NOT_APPROVED before the buyer
 *   approves, ORDER_ALREADY_CAPTURED after, INSTRUMENT_DECLINED for the declined buyer, whose order
 *   stays approved; the eCheck buyer's capture is PENDING), `GET /v2/payments/captures/{id}`,
 *   `POST /v2/payments/captures/{id}/refund` (in part or whole; 422 REFUND_AMOUNT_EXCEEDED,
 *   CAPTURE_FULLY_REFUNDED, PENDING_CAPTURE).
 * - `PayPal-Request-Id` on every POST: the same id again (per client, whatever the path) answers the
 *   resource it made, in its latest state, with 200; a request that failed keeps no id; two at once
 *   with one id run one after the other. `Prefer: return=representation` answers the whole
 *   resource, `return=minimal` (the default) its id, status and links.
 * - Errors as PayPal's body: `name`, `message`, `details[].issue`/`description`, `debug_id`
 *   (also the `PayPal-Debug-Id` header), `links`.
 * - The buyer's page `GET /checkoutnow?token={orderId}` (an e-mail field, Pay Now and Cancel buttons,
 *   a plain form that works without script) sends the browser to the return URL with `token` and
 *   `PayerID`, or to the cancel URL with `token`.
 * - Webhooks (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED, .PENDING, .DENIED, .REFUNDED,
 *   CUSTOMER.DISPUTE.CREATED) posted signed as PayPal signs them: PAYPAL-TRANSMISSION-ID, -TIME,
 *   -SIG (SHA256withRSA over `id|time|webhookId|crc32(body)`), PAYPAL-CERT-URL (the double's
 *   certificate, `GET /v1/notifications/certs/{id}`), PAYPAL-AUTH-ALGO.
 * Not covered: intent AUTHORIZE, more than one purchase unit, currencies other than USD, PATCH of an
 * order, order expiry and voiding, vaulting, `verify-webhook-signature` (the adapter verifies
 * webhooks itself, PayPal's preferred way). Only the specs start it.
 */
export async function startPayPalDouble(
  options: { clientId?: string; clientSecret?: string; webhookId?: string } = {},
): Promise<PayPalDouble> {
  const clientId = options.clientId ?? `AdoubleClient${randomBytes(8).toString('hex')}`;
  const clientSecret = options.clientSecret ?? `EdoubleSecret${randomBytes(16).toString('hex')}`;
  const webhookId = options.webhookId ?? `${idOf()}`;
  const requests: PayPalDoubleRequest[] = [];
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  /** Each capture's dispute: PayPal's case id and the reason it was opened for. */
  const disputes = new Map<string, { id: string; reason: string }>();
  const captures = new Map<string, Capture>();
  const refunds = new Map<string, Refund>();
  /** A PayPal-Request-Id and the resource it made. */
  const keys = new Map<string, { kind: 'order' | 'refund'; id: string }>();
  const running = new Map<string, Promise<void>>();
  const events: PayPalDoubleEvent[] = [];
  const deliveries: PayPalDelivery[] = [];
  let endpoint: PayPalWebhookEndpoint | null = null;
  let holding = false;
  let down = false;
  let url = '';

  // Loaded here: most specs that import the double never start it.
  const { generate } = await import('selfsigned');
  const pems = await generate(
    [{ name: 'commonName', value: 'messageverificationcerts.paypal-double.example' }],
    {
      keyType: 'rsa',
      keySize: 2048,
      algorithm: 'sha256',
    },
  );
  const signingKey: KeyObject = createPrivateKey(pems.private);
  const certId = `CERT-${randomUUID()}`;

  function orderOf(id: string): Order {
    const order = orders.get(id);
    if (!order) throw notFound();
    return order;
  }
  function captureOf(id: string): Capture {
    const capture = captures.get(id);
    if (!capture) throw notFound();
    return capture;
  }

  /** A dispute's event: opened (CREATED), or decided (RESOLVED, with PayPal's outcome code). */
  async function emitDispute(captureId: string, reason: string, outcome: 'won' | 'lost' | null) {
    const capture = captureOf(captureId);
    const order = orders.get(capture.orderId);
    const disputeId = disputes.get(captureId)?.id ?? `PP-D-${idOf().slice(0, 5)}`;
    disputes.set(captureId, { id: disputeId, reason });
    const cents = decimalOf(capture.cents);
    await emit(
      outcome ? 'CUSTOMER.DISPUTE.RESOLVED' : 'CUSTOMER.DISPUTE.CREATED',
      'dispute',
      {
        dispute_id: disputeId,
        create_time: now(),
        update_time: now(),
        disputed_transactions: [
          {
            seller_transaction_id: capture.id,
            create_time: capture.createTime,
            transaction_status: 'COMPLETED',
            gross_amount: usd(capture.cents),
            ...(capture.invoiceId !== undefined && { invoice_number: capture.invoiceId }),
            ...(capture.customId !== undefined && { custom: capture.customId }),
            buyer: { name: order?.payer?.email ?? '' },
            seller: { merchant_id: 'DOUBLEMERCHANT01', name: 'Merchant (PayPal double)' },
          },
        ],
        reason,
        status: outcome ? 'RESOLVED' : 'OPEN',
        dispute_amount: usd(capture.cents),
        ...(outcome && {
          dispute_outcome: {
            outcome_code: outcome === 'lost' ? 'RESOLVED_BUYER_FAVOUR' : 'RESOLVED_SELLER_FAVOUR',
            ...(outcome === 'lost' && { amount_refunded: usd(capture.cents) }),
          },
        }),
        dispute_life_cycle_stage: outcome ? 'CHARGEBACK' : 'INQUIRY',
        dispute_channel: 'INTERNAL',
        links: [link(`${url}/v1/customer/disputes/${disputeId}`, 'self')],
      },
      outcome
        ? `A dispute was resolved with Case # ${disputeId} for $ ${cents} USD`
        : `A new dispute opened with Case # for $ ${cents} USD`,
    );
  }

  const link = (href: string, rel: string, method = 'GET') => ({ href, rel, method });
  const captureLinks = (capture: Capture) => [
    link(`${url}/v2/payments/captures/${capture.id}`, 'self'),
    link(`${url}/v2/payments/captures/${capture.id}/refund`, 'refund', 'POST'),
    link(`${url}/v2/checkout/orders/${capture.orderId}`, 'up'),
  ];
  /** A capture as the Orders API nests it. */
  const orderCaptureJson = (capture: Capture) => ({
    id: capture.id,
    status: capture.status,
    ...(capture.reason && { status_details: { reason: capture.reason } }),
    amount: usd(capture.cents),
    final_capture: true,
    ...(capture.customId !== undefined && { custom_id: capture.customId }),
    ...(capture.invoiceId !== undefined && { invoice_id: capture.invoiceId }),
    links: captureLinks(capture),
    create_time: capture.createTime,
    update_time: capture.updateTime,
  });
  /** A capture as the Payments API and the webhooks carry it: with its order. */
  const capturedPaymentJson = (capture: Capture) => ({
    ...orderCaptureJson(capture),
    supplementary_data: { related_ids: { order_id: capture.orderId } },
  });

  function orderLinks(order: Order) {
    const links = [link(`${url}/v2/checkout/orders/${order.id}`, 'self')];
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      links.push(link(`${url}/checkoutnow?token=${order.id}`, order.experience ? 'payer-action' : 'approve'));
    }
    if (order.status !== 'COMPLETED') {
      links.push(link(`${url}/v2/checkout/orders/${order.id}`, 'update', 'PATCH'));
      links.push(link(`${url}/v2/checkout/orders/${order.id}/capture`, 'capture', 'POST'));
    }
    return links;
  }

  function orderJson(order: Order, full: boolean): Json {
    const [given, ...rest] = (order.payer?.email.split('@')[0] ?? '').split(/[.-]/);
    const name = { given_name: given || 'Buyer', surname: rest.join(' ') || 'Double' };
    const paymentSource = order.payer && {
      paypal: {
        email_address: order.payer.email,
        account_id: order.payer.payerId,
        account_status: 'VERIFIED',
        name,
      },
    };
    if (!full) {
      return {
        id: order.id,
        status: order.status,
        ...(paymentSource && { payment_source: paymentSource }),
        links: orderLinks(order),
      };
    }
    const capture = order.captureId ? captures.get(order.captureId) : undefined;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(paymentSource && { payment_source: paymentSource }),
      purchase_units: [
        {
          reference_id: 'default',
          amount: { currency_code: 'USD', value: order.value },
          payee: { email_address: 'merchant@paypal-double.example', merchant_id: 'DOUBLEMERCHANT01' },
          ...(order.description !== undefined && { description: order.description }),
          ...(order.customId !== undefined && { custom_id: order.customId }),
          ...(order.invoiceId !== undefined && { invoice_id: order.invoiceId }),
          ...(capture && { payments: { captures: [orderCaptureJson(capture)] } }),
        },
      ],
      ...(order.payer && {
        payer: { name, email_address: order.payer.email, payer_id: order.payer.payerId },
      }),
      create_time: order.createTime,
      update_time: order.updateTime,
      links: orderLinks(order),
    };
  }

  function refundJson(refund: Refund, full: boolean): Json {
    const links = [
      link(`${url}/v2/payments/refunds/${refund.id}`, 'self'),
      link(`${url}/v2/payments/captures/${refund.captureId}`, 'up'),
    ];
    if (!full) return { id: refund.id, status: 'COMPLETED', links };
    return {
      id: refund.id,
      amount: usd(refund.cents),
      ...(refund.customId !== undefined && { custom_id: refund.customId }),
      ...(refund.invoiceId !== undefined && { invoice_id: refund.invoiceId }),
      seller_payable_breakdown: {
        gross_amount: usd(refund.cents),
        net_amount: usd(refund.cents),
        total_refunded_amount: usd(refund.totalRefunded),
      },
      status: 'COMPLETED',
      create_time: refund.createTime,
      update_time: refund.createTime,
      links,
    };
  }

  function transmissionFor(body: string): Transmission {
    const transmission: Transmission = {
      transmissionId: randomUUID(),
      transmissionTime: new Date().toISOString(),
      transmissionSig: '',
      certUrl: `${url}/v1/notifications/certs/${certId}`,
      authAlgo: WEBHOOK_AUTH_ALGO,
    };
    transmission.transmissionSig = signTransmission(signingKey, transmission, webhookId, body);
    return transmission;
  }

  async function deliver(eventId: string): Promise<number> {
    const event = events.find((e) => e.id === eventId);
    if (!event) throw new Error(`PayPal double: no event ${eventId}`);
    if (!endpoint) throw new Error('PayPal double: no webhook endpoint');
    const delivery = { headers: transmissionHeaders(transmissionFor(event.body)), body: event.body };
    deliveries.push(delivery);
    if (typeof endpoint === 'function')
      return endpoint({ headers: { ...delivery.headers }, body: delivery.body });
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function emit(type: string, resourceType: string, resource: Json, summary: string) {
    const id = `WH-${idOf()}-${idOf()}`;
    const body = JSON.stringify({
      id,
      event_version: '1.0',
      create_time: now(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary,
      resource,
      links: [
        link(`${url}/v1/notifications/webhooks-events/${id}`, 'self'),
        link(`${url}/v1/notifications/webhooks-events/${id}/resend`, 'resend', 'POST'),
      ],
    });
    events.push({ id, type, body });
    // PayPal sends an event once it is made, whatever the API call answered; a failed delivery is
    // tried again later (here: when a test delivers it).
    if (endpoint && !holding) await deliver(id).catch(() => undefined);
  }

  function approve(order: Order, email: string) {
    if (order.status === 'COMPLETED') return false;
    Object.assign(order, {
      status: 'APPROVED',
      payer: { email, payerId: payerIdOf(email) },
      updateTime: now(),
    });
    return true;
  }

  const paid = (invoiceId: string | undefined, except?: string) =>
    invoiceId !== undefined &&
    [...captures.values()].some(
      (c) => c.invoiceId === invoiceId && c.orderId !== except && c.status !== 'DECLINED',
    );

  function createOrder(body: Json): Order {
    if (body.intent !== 'CAPTURE') {
      throw invalid(
        'INVALID_PARAMETER_VALUE',
        'The double takes intent CAPTURE only.',
        '/intent',
        body.intent,
      );
    }
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length === 0) {
      throw invalid(
        'MISSING_REQUIRED_PARAMETER',
        'A required field / parameter is missing.',
        '/purchase_units',
      );
    }
    if (units.length > 1) {
      throw invalid('INVALID_ARRAY_MAX_ITEMS', 'The double takes one purchase unit.', '/purchase_units');
    }
    const unit = units[0] as Json;
    const field = "/purchase_units/@reference_id=='default'";
    checkMoney(unit.amount, `${field}/amount`);
    const customId = checkLength(unit.custom_id, `${field}/custom_id`, 127);
    const invoiceId = checkLength(unit.invoice_id, `${field}/invoice_id`, 127);
    const description = checkLength(unit.description, `${field}/description`, 127);
    const paypalSource = ((body.payment_source as Json | undefined)?.paypal as Json | undefined) ?? undefined;
    const experience = paypalSource?.experience_context as Json | undefined;
    const context = experience ?? (body.application_context as Json | undefined) ?? {};
    const where = experience ? '/payment_source/paypal/experience_context' : '/application_context';
    const returnUrl = checkUrl(context.return_url, `${where}/return_url`);
    const cancelUrl = checkUrl(context.cancel_url, `${where}/cancel_url`);
    if (paid(invoiceId)) {
      throw unprocessable(
        'DUPLICATE_INVOICE_ID',
        'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
      );
    }
    const order: Order = {
      id: idOf(),
      status: paypalSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      value: (unit.amount as Json).value as string,
      customId,
      invoiceId,
      description,
      returnUrl,
      cancelUrl,
      experience: paypalSource !== undefined,
      payer: null,
      captureId: null,
      createTime: now(),
      updateTime: now(),
    };
    orders.set(order.id, order);
    return order;
  }

  async function captureOrder(order: Order): Promise<Order> {
    if (order.status === 'COMPLETED') {
      throw unprocessable(
        'ORDER_ALREADY_CAPTURED',
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== 'APPROVED' || !order.payer) {
      throw unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    if (order.payer.email === payPalDoubleBuyers.declines) {
      throw unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        [link(`${url}/checkoutnow?token=${order.id}`, 'redirect')],
      );
    }
    if (paid(order.invoiceId, order.id)) {
      throw unprocessable(
        'DUPLICATE_INVOICE_ID',
        'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
      );
    }
    const pending = order.payer.email === payPalDoubleBuyers.pending;
    const capture: Capture = {
      id: idOf(),
      orderId: order.id,
      cents: centsOf(order.value),
      refunded: 0,
      status: pending ? 'PENDING' : 'COMPLETED',
      reason: pending ? 'ECHECK' : undefined,
      customId: order.customId,
      invoiceId: order.invoiceId,
      createTime: now(),
      updateTime: now(),
    };
    captures.set(capture.id, capture);
    Object.assign(order, { status: 'COMPLETED', captureId: capture.id, updateTime: now() });
    await emit(
      pending ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      capturedPaymentJson(capture),
      `Payment ${pending ? 'pending' : 'completed'} for $ ${order.value} USD`,
    );
    return order;
  }

  async function refund(capture: Capture, body: Json): Promise<Refund> {
    const cents =
      body.amount === undefined ? capture.cents - capture.refunded : checkMoney(body.amount, '/amount');
    if (capture.status === 'PENDING') {
      throw unprocessable(
        'PENDING_CAPTURE',
        'Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check or bank account.',
      );
    }
    if (capture.status === 'DECLINED') {
      throw unprocessable('REFUND_NOT_ALLOWED', 'The capture was declined and cannot be refunded.');
    }
    if (capture.status === 'REFUNDED') {
      throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    }
    if (capture.refunded + cents > capture.cents) {
      throw unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    }
    capture.refunded += cents;
    Object.assign(capture, {
      status: capture.refunded === capture.cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      updateTime: now(),
    });
    const made: Refund = {
      id: idOf(),
      captureId: capture.id,
      cents,
      totalRefunded: capture.refunded,
      customId: checkLength(body.custom_id, '/custom_id', 127),
      invoiceId: checkLength(body.invoice_id, '/invoice_id', 127),
      createTime: now(),
    };
    refunds.set(made.id, made);
    await emit(
      'PAYMENT.CAPTURE.REFUNDED',
      'refund',
      refundJson(made, true),
      `A $ ${decimalOf(cents)} USD capture payment was refunded`,
    );
    return made;
  }

  /** The API's routes: each answers its HTTP status and body, or throws a PayPalFailure. */
  async function route(
    method: string,
    path: string,
    body: Json,
    full: boolean,
    remember: (kind: 'order' | 'refund', id: string) => void,
  ): Promise<[number, Json]> {
    // /v2/{area}/{resource}[/{id}[/{verb}]], as the route is written in PayPal's reference.
    const [, version, area, resource, id = '', verb, ...rest] = path.split('/');
    if (rest.length > 0) throw notFound();
    const at = `${method} /${version}/${area}/${resource}${id ? '/:id' : ''}${verb ? `/${verb}` : ''}`;
    if (at === 'POST /v2/checkout/orders') {
      const order = createOrder(body);
      remember('order', order.id);
      return [201, orderJson(order, full)];
    }
    if (at === 'GET /v2/checkout/orders/:id') return [200, orderJson(orderOf(id), true)];
    if (at === 'POST /v2/checkout/orders/:id/capture') {
      const order = await captureOrder(orderOf(id));
      remember('order', order.id);
      return [201, orderJson(order, full)];
    }
    if (at === 'GET /v2/payments/captures/:id') return [200, capturedPaymentJson(captureOf(id))];
    if (at === 'POST /v2/payments/captures/:id/refund') {
      const made = await refund(captureOf(id), body);
      remember('refund', made.id);
      return [201, refundJson(made, full)];
    }
    if (at === 'GET /v2/payments/refunds/:id') {
      const made = refunds.get(id);
      if (!made) throw notFound();
      return [200, refundJson(made, true)];
    }
    throw notFound();
  }

  function checkoutPage(order: Order) {
    const cents = centsOf(order.value);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay with PayPal (PayPal double)</title></head>
<body><main><h1>Pay with PayPal</h1>
<p>PayPal double: order ${escapeHtml(order.id)}, $${escapeHtml(decimalOf(cents))} USD${order.description ? `, ${escapeHtml(order.description)}` : ''}</p>
<form method="post" action="/checkoutnow?token=${encodeURIComponent(order.id)}">
<label for="email">Email</label> <input id="email" type="email" name="email" value="${escapeHtml(payPalDoubleBuyers.approves)}">
<button type="submit" name="action" value="approve">Pay Now</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel and return to merchant</button>
</form></main></body></html>`;
  }

  const back = (to: string, query: Record<string, string>) => {
    const target = new URL(to);
    for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
    return target.toString();
  };

  async function servePage(method: string, where: URL, raw: string, response: ServerResponse) {
    const order = orders.get(where.searchParams.get('token') ?? '');
    const html = (status: number, page: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    };
    if (!order)
      return html(404, '<!doctype html><title>PayPal double</title><p>This order does not exist.</p>');
    if (method === 'GET') return html(200, checkoutPage(order));
    const form = new URLSearchParams(raw);
    const approved = form.get('action') === 'approve';
    if (approved) {
      const email = (form.get('email') ?? '').trim().toLowerCase() || payPalDoubleBuyers.approves;
      if (approve(order, email)) {
        await emit(
          'CHECKOUT.ORDER.APPROVED',
          'checkout-order',
          orderJson(order, true),
          'An order has been approved by buyer',
        );
      }
    }
    const to = approved ? order.returnUrl : order.cancelUrl;
    if (!to) return html(200, '<!doctype html><title>PayPal double</title><p>You may close this window.</p>');
    const query: Record<string, string> = approved
      ? { token: order.id, PayerID: order.payer?.payerId ?? '' }
      : { token: order.id };
    response.writeHead(303, { location: back(to, query) });
    response.end();
  }

  function oauthToken(request: IncomingMessage, raw: string): [number, Json] {
    const auth = String(request.headers.authorization ?? '');
    const [id, secret] = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')
      : [];
    if (id !== clientId || secret !== clientSecret) {
      return [401, { error: 'invalid_client', error_description: 'Client Authentication failed' }];
    }
    const grant = new URLSearchParams(raw).get('grant_type');
    if (grant !== 'client_credentials') {
      return [
        400,
        { error: 'unsupported_grant_type', error_description: `Grant Type is ${grant ?? 'NULL'}` },
      ];
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    return [
      200,
      {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: `${now()}${randomBytes(8).toString('hex')}`,
      },
    ];
  }

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const where = new URL(request.url ?? '/', 'http://double');
    const method = request.method ?? 'GET';
    const debugId = randomBytes(7).toString('hex').slice(0, 13);
    const send = (status: number, body: Json, extra: Record<string, string> = {}) => {
      const withDebug = status >= 400 && body.name ? { ...body, debug_id: debugId } : body;
      response.writeHead(status, {
        'content-type': 'application/json',
        'paypal-debug-id': debugId,
        ...extra,
      });
      response.end(JSON.stringify(withDebug));
    };
    if (where.pathname === '/checkoutnow') return servePage(method, where, raw, response);
    if (method === 'GET' && where.pathname === `/v1/notifications/certs/${certId}`) {
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end(pems.cert);
    }
    const contentType = request.headers['content-type'];
    let body: unknown = {};
    if (raw) {
      if (String(contentType).includes('application/x-www-form-urlencoded')) {
        body = Object.fromEntries(new URLSearchParams(raw));
      } else {
        try {
          body = JSON.parse(raw);
        } catch {
          return send(400, {
            name: 'INVALID_REQUEST',
            message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
            details: [
              { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
            ],
          });
        }
      }
    }
    const auth = String(request.headers.authorization ?? '');
    const requestId = request.headers['paypal-request-id'] as string | undefined;
    const prefer = request.headers.prefer as string | undefined;
    requests.push({
      method,
      path: where.pathname,
      requestId,
      prefer,
      authorization: auth.startsWith('Basic ') ? 'basic' : auth.startsWith('Bearer ') ? 'bearer' : 'none',
      contentType,
      body,
    });
    if (down) return send(503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' });
    if (method === 'POST' && where.pathname === '/v1/oauth2/token') return send(...oauthToken(request, raw));
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
      return send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    const full = /return=representation/.test(prefer ?? '');
    const keyed = requestId && method === 'POST' ? `${clientId}\u0000${requestId}` : null;
    // Two requests with one id run one after the other: the second answers what the first made.
    const before = keyed ? running.get(keyed) : undefined;
    let release = () => {};
    if (keyed) {
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const mine = (before ?? Promise.resolve()).then(() => turn);
      running.set(keyed, mine);
      const done = release;
      release = () => {
        done();
        if (running.get(keyed) === mine) running.delete(keyed);
      };
      await before;
    }
    try {
      const made = keyed ? keys.get(keyed) : undefined;
      if (made) {
        const replay =
          made.kind === 'order'
            ? orderJson(orderOf(made.id), full)
            : refundJson(refunds.get(made.id) as Refund, full);
        return send(200, replay);
      }
      const [status, answer] = await route(method, where.pathname, body as Json, full, (kind, id) => {
        if (keyed) keys.set(keyed, { kind, id });
      });
      send(status, answer);
    } catch (error) {
      if (!(error instanceof PayPalFailure)) throw error;
      send(error.status, error.body);
    } finally {
      release();
    }
  }

  const server = await listenDouble(serve, (error) => ({
    name: 'INTERNAL_SERVER_ERROR',
    message: String(error),
  }));
  url = server.url;

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    requests,
    async approve(orderId, buyer = payPalDoubleBuyers.approves) {
      const order = orderOf(orderId);
      if (approve(order, buyer)) {
        await emit(
          'CHECKOUT.ORDER.APPROVED',
          'checkout-order',
          orderJson(order, true),
          'An order has been approved by buyer',
        );
      }
      return back(order.returnUrl ?? url, { token: order.id, PayerID: order.payer?.payerId ?? '' });
    },
    orders: () =>
      [...orders.values()].map((o) => ({
        orderId: o.id,
        status: o.status,
        value: o.value,
        amount: centsOf(o.value),
        customId: o.customId,
        invoiceId: o.invoiceId,
        description: o.description,
        returnUrl: o.returnUrl,
        cancelUrl: o.cancelUrl,
        buyer: o.payer?.email ?? null,
        captureId: o.captureId,
      })),
    captures: () =>
      [...captures.values()].map((c) => ({
        captureId: c.id,
        orderId: c.orderId,
        amount: c.cents,
        refunded: c.refunded,
        status: c.status === 'PENDING' ? 'pending' : c.status === 'DECLINED' ? 'denied' : 'completed',
        reference: c.customId ?? '',
      })),
    async settle(captureId, outcome) {
      const capture = captureOf(captureId);
      if (capture.status !== 'PENDING') return;
      Object.assign(capture, {
        status: outcome === 'completed' ? 'COMPLETED' : 'DECLINED',
        reason: undefined,
        updateTime: now(),
      });
      await emit(
        outcome === 'completed' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED',
        'capture',
        capturedPaymentJson(capture),
        `Payment ${outcome === 'completed' ? 'completed' : 'denied'} for $ ${decimalOf(capture.cents)} USD`,
      );
    },
    async dispute(captureId, reason = 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED') {
      await emitDispute(captureId, reason, null);
    },
    async resolveDispute(captureId, outcome) {
      const known = disputes.get(captureId);
      if (!known) throw new Error(`the double: no dispute on ${captureId}`);
      await emitDispute(captureId, known.reason, outcome);
    },
    webhooks(to, { hold = false } = {}) {
      endpoint = to;
      holding = hold;
    },
    events: () => events.map((e) => ({ ...e })),
    deliveries: () => deliveries.map((d) => ({ headers: { ...d.headers }, body: d.body })),
    deliver,
    expireTokens() {
      tokens.clear();
    },
    outage(on) {
      down = on;
    },
    close: () => server.close(),
  };
}

/**
 * What a browser without script does on an approve page (the double's checkout page): opens it,
 * fills the buyer's e-mail and presses Pay Now (or Cancel), and answers where it is sent back.
 */
export async function payOnApprovePage(
  approveUrl: string,
  choice: { approve: boolean; buyer?: string },
): Promise<string> {
  const page = await fetch(approveUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`the approve page answered ${page.status}`);
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1];
  if (!action || !/value="approve"/.test(html) || !/value="cancel"/.test(html)) {
    throw new Error('the approve page has no Pay Now and Cancel form');
  }
  const form = new URLSearchParams({
    email: choice.buyer ?? payPalDoubleBuyers.approves,
    action: choice.approve ? 'approve' : 'cancel',
  });
  const answer = await fetch(new URL(action.replaceAll('&amp;', '&'), approveUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  await answer.arrayBuffer();
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location) throw new Error(`the approve page answered ${answer.status}`);
  return location;
}
