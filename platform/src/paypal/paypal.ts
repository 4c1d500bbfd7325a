import { createHash, type KeyObject, X509Certificate } from 'node:crypto';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  type ClientCredentialsAuthManager,
  Environment,
  type OAuthToken,
  type Order,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from '@paypal/paypal-server-sdk';
import { callVendor } from '../http/vendor-call.ts';
import {
  type CaptureOrigin,
  centsToValue,
  eventInPortWords,
  isPayPalCertificateUrl,
  orderStatusOf,
  PAYPAL_LIVE_API_URL,
  PAYPAL_SANDBOX_API_URL,
  parseWebhookEvent,
  transmissionOf,
  valueToCents,
  verifyTransmission,
  withCapture,
} from './paypal-wire.ts';
import {
  type PayPalCaptureResult,
  type PayPalGateway,
  PayPalRefusedError,
  PayPalUnavailableError,
  PayPalWebhookSignatureError,
} from './port.ts';

export interface PayPalOptions {
  /** The REST app's client id and secret (PayPal's developer dashboard), for OAuth client credentials. */
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave our webhook listener: part of every signed message, so events are read only with it. */
  webhookId: string;
  /**
   * PayPal's API root: https://api-m.sandbox.paypal.com (PayPal's test environment, the default),
   * https://api-m.paypal.com (live), or a local double's (the specs).
   */
  apiUrl?: string | undefined;
  /** How long one call may take. */
  timeoutMs?: number | undefined;
  /**
   * Retries of a call PayPal did not answer (no answer, 5xx, 429): POSTs too, since every POST here
   * carries a PayPal-Request-Id. 2 by default; the specs set 0.
   */
  retries?: number | undefined;
  /** Shown to the buyer on PayPal's page. */
  brandName?: string | undefined;
}

const SERVICE = 'paypal';

/** PayPal keeps a PayPal-Request-Id of up to 108 characters. */
const REQUEST_ID_MAX = 108;

/**
 * The PayPal-Request-Id for one operation on one resource: PayPal does not say whether it scopes the
 * id by endpoint, so a key the product uses for both the order and its capture (its payment id) must
 * never answer one with the other. Hashed when it would be too long.
 */
export function requestIdOf(operation: string, ...parts: string[]): string {
  const id = [operation, ...parts].join('-');
  if (id.length <= REQUEST_ID_MAX) return id;
  return `${operation}-${createHash('sha256').update(id).digest('base64url')}`;
}

/** What the buyer sees as the order's description: our invoice ids (PayPal keeps 127 characters). */
const descriptionOf = (invoices: string[]) =>
  invoices.length === 0 ? undefined : `Invoices ${invoices.join(', ')}`.slice(0, 127);

interface AxiosLikeConfig {
  url?: string;
  method?: string;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  data?: unknown;
}

/**
 * The SDK's requests sent to `apiUrl` instead of the host it names. The SDK (2.5.0) has no base-URL
 * setting: its `environment` is Production or Sandbox only, each a fixed host (client.ts getBaseUri).
 * Its documented `unstable_httpClientOptions` are handed to `axios.create`, whose documented `adapter`
 * option sends each request: this one sends it with Node's fetch, with the same method, path, query,
 * headers and body, to the same path under `apiUrl`. Used only for an API root that is not PayPal's
 * own (a local double of PayPal); PayPal itself is reached through the SDK's own transport.
 */
export function transportTo(apiUrl: string, timeoutMs: number) {
  const root = new URL(apiUrl);
  const prefix = root.pathname.replace(/\/+$/, '');
  return async (config: AxiosLikeConfig) => {
    const asked = new URL(config.url ?? '/', root);
    const target = new URL(`${prefix}${asked.pathname}${asked.search}`, root.origin);
    const headers = new Headers();
    const given = config.headers?.toJSON?.() ?? config.headers ?? {};
    for (const [name, value] of Object.entries(given)) {
      if (typeof value === 'string' || typeof value === 'number') headers.set(name, String(value));
    }
    const method = (config.method ?? 'get').toUpperCase();
    const response = await fetch(target, {
      method,
      headers,
      ...(config.data !== undefined && method !== 'GET' && { body: config.data as string }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers.entries()),
      config,
      request: {},
    };
  };
}

/** PayPal's error body: the Orders and Payments APIs' `{ name, message, details[], debug_id }`, OAuth's `{ error }`. */
interface PayPalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string }[];
  error?: string;
  error_description?: string;
}

/** A refusal's issue (`ORDER_NOT_APPROVED`, …), or null for anything but PayPal's 4xx answer. */
function issueOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.statusCode >= 500) return null;
  const body = (error.result ?? {}) as PayPalErrorBody;
  return body.details?.[0]?.issue ?? body.name ?? body.error ?? `HTTP_${error.statusCode}`;
}

/**
 * PayPal's answers in the port's words: a 4xx is PayPalRefusedError with its issue, message and
 * debug id; a 5xx, a 429 or no answer is PayPalUnavailableError (ask again with the same key). The
 * SDK's own error carries the request with its bearer token: it is never thrown on, so it is never
 * logged.
 */
function translate(error: unknown): never {
  if (error instanceof PayPalRefusedError || error instanceof PayPalUnavailableError) throw error;
  if (error instanceof ApiError) {
    const body = (error.result ?? {}) as PayPalErrorBody;
    const debugId = body.debug_id ?? error.headers?.['paypal-debug-id'];
    const message =
      body.details?.[0]?.description ?? body.message ?? body.error_description ?? `HTTP ${error.statusCode}`;
    if (error.statusCode >= 500 || error.statusCode === 429) {
      throw new PayPalUnavailableError(message, error.statusCode, debugId);
    }
    throw new PayPalRefusedError(issueOf(error) as string, message, error.statusCode, debugId);
  }
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  throw new PayPalUnavailableError(
    name === 'TimeoutError' ? 'PayPal did not answer in time' : String(message ?? 'no answer'),
  );
}

/** The order's one purchase unit's capture (the product makes orders of one unit). */
const captureIn = (order: Order) => order.purchaseUnits?.[0]?.payments?.captures?.[0];

/** A captured order in the port's words, by its capture's status. */
function captureResultOf(order: Order): PayPalCaptureResult {
  const capture = captureIn(order);
  if (!capture?.id || !capture.amount) {
    throw new PayPalUnavailableError(`PayPal answered order ${order.id ?? ''} without its capture`);
  }
  const amount = valueToCents(capture.amount.value);
  const reason = capture.statusDetails?.reason;
  switch (capture.status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return { status: 'completed', captureId: capture.id, amount };
    case 'PENDING':
      return { status: 'pending', captureId: capture.id, amount, reason: reason ?? 'PENDING' };
    default:
      return { status: 'declined', captureId: capture.id, reason: reason ?? String(capture.status) };
  }
}

/** Certificates kept at once: PayPal signs with few, and changes them rarely. */
const CERTIFICATES_KEPT = 16;

/**
 * The PayPal port on PayPal's REST API through its official SDK (`@paypal/paypal-server-sdk`, OAuth
 * client credentials, the token kept and renewed by the SDK):
 * 1. `POST /v2/checkout/orders`: intent CAPTURE, one purchase unit (amount as a decimal string,
 *    `custom_id` and `invoice_id` our payment id, the invoices in its description), the return and
 *    cancel URLs in `payment_source.paypal.experience_context` with `PAY_NOW`; the buyer's page is
 *    the `payer-action` link.
 * 2. `POST /v2/checkout/orders/{id}/capture`: `ORDER_NOT_APPROVED` is not approved,
 *    `INSTRUMENT_DECLINED` is declined (the buyer may approve again with another source),
 *    `ORDER_ALREADY_CAPTURED` answers the capture made (a second one is never made).
 * 3. `GET /v2/checkout/orders/{id}`; `POST /v2/payments/captures/{id}/refund`.
 * Every POST carries a PayPal-Request-Id derived from our key (requestIdOf) and asks for the whole
 * representation. Webhooks are verified as PayPal's guide prefers, by ourselves: the certificate at
 * PAYPAL-CERT-URL (fetched only from PayPal's hosts, kept) over the transmission id, time, our webhook
 * id and the body's CRC32; a refund's or a dispute's order and reference are read from its capture.
 */
export function createPayPalGateway(options: PayPalOptions): PayPalGateway {
  const apiUrl = (options.apiUrl ?? PAYPAL_SANDBOX_API_URL).replace(/\/+$/, '');
  const live = apiUrl === PAYPAL_LIVE_API_URL;
  const payPalOwn = live || apiUrl === PAYPAL_SANDBOX_API_URL;
  const timeoutMs = options.timeoutMs ?? 20_000;

  // The SDK keeps its token in a promise shared by every call: one failed token request would stay
  // rejected for the client's life (PayPal briefly down, and no payment until a restart). Asked
  // through this provider, a failure is remembered, this call fails with it, and the next call asks
  // for a token again.
  let tokenFailure: unknown = null;
  const oAuthTokenProvider = async (last: OAuthToken | undefined, manager: ClientCredentialsAuthManager) => {
    try {
      const token = await manager.updateToken(last);
      tokenFailure = null;
      return token;
    } catch (error) {
      tokenFailure = error;
      // The SDK then refuses this call ("not authorized") and asks the provider again next time.
      return undefined as unknown as OAuthToken;
    }
  };

  const connect = () => {
    const client = new Client({
      clientCredentialsAuthCredentials: {
        oAuthClientId: options.clientId,
        oAuthClientSecret: options.clientSecret,
        oAuthTokenProvider,
      },
      environment: live ? Environment.Production : Environment.Sandbox,
      timeout: timeoutMs,
      httpClientOptions: {
        timeout: timeoutMs,
        retryConfig: {
          maxNumberOfRetries: options.retries ?? 2,
          httpMethodsToRetry: ['GET', 'POST'],
          httpStatusCodesToRetry: [408, 429, 500, 502, 503, 504],
        },
      },
      ...(!payPalOwn && { unstable_httpClientOptions: { adapter: transportTo(apiUrl, timeoutMs) } }),
    });
    return { orders: new OrdersController(client), payments: new PaymentsController(client) };
  };
  let api = connect();

  /**
   * One SDK call. A token that could not be had is the call's error; a token PayPal no longer honours
   * (401 before it expired: revoked, or PayPal's cache lost it) is dropped with the client that kept
   * it, and the call made once more with a new one.
   */
  async function call<T>(run: (sdk: typeof api) => Promise<T>, renewed = false): Promise<T> {
    try {
      return await run(api);
    } catch (error) {
      if (tokenFailure) translate(tokenFailure);
      if (error instanceof ApiError && error.statusCode === 401 && !renewed) {
        api = connect();
        return call(run, true);
      }
      throw error;
    }
  }
  const translated = <T>(run: (sdk: typeof api) => Promise<T>) => call(run).catch(translate);

  const certificates = new Map<string, Promise<{ key: KeyObject; validTo: number }>>();
  /**
   * PayPal's certificate's key, fetched once per URL and kept while the certificate is valid; a
   * failed fetch is tried again next time.
   */
  async function certificateKey(certUrl: string): Promise<KeyObject> {
    const kept = await certificates.get(certUrl)?.catch(() => undefined);
    if (kept && Date.now() <= kept.validTo) return kept.key;
    certificates.delete(certUrl);
    const loading = (async () => {
      const unread = (why: string) =>
        new PayPalUnavailableError(`PayPal's certificate could not be read: ${why}`);
      const answer = await callVendor(certUrl, {}, timeoutMs, (timedOut) =>
        unread(timedOut ? `no answer in ${timeoutMs} ms` : 'no answer'),
      );
      if (!answer.ok) throw unread(`HTTP ${answer.status}`);
      const pem = answer.text;
      let certificate: X509Certificate;
      try {
        certificate = new X509Certificate(pem);
      } catch {
        throw new PayPalWebhookSignatureError('PAYPAL-CERT-URL does not answer a certificate');
      }
      const now = Date.now();
      if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) {
        throw new PayPalWebhookSignatureError('the webhook certificate is not valid now');
      }
      return { key: certificate.publicKey, validTo: Date.parse(certificate.validTo) };
    })();
    loading.catch(() => certificates.delete(certUrl));
    if (certificates.size >= CERTIFICATES_KEPT)
      certificates.delete(certificates.keys().next().value as string);
    certificates.set(certUrl, loading);
    return (await loading).key;
  }

  const captureOrigin = (captureId: string): Promise<CaptureOrigin> =>
    translated(async ({ payments }) => {
      const { result } = await payments.getCapturedPayment({ captureId });
      return {
        orderId: result.supplementaryData?.relatedIds?.orderId ?? '',
        reference: result.customId ?? '',
      };
    });

  const getOrder = (orderId: string) =>
    translated(async ({ orders }) => (await orders.getOrder({ id: orderId })).result);

  return {
    name: SERVICE,
    async createOrder(order) {
      if (order.currency !== 'USD')
        throw new RangeError(`PayPal orders are in USD here, not ${order.currency}`);
      if (!(order.amount > 0)) throw new RangeError(`an order is for a positive amount, not ${order.amount}`);
      const value = centsToValue(order.amount);
      const made = await translated(async ({ orders }) => {
        const description = descriptionOf(order.invoices);
        const { result } = await orders.createOrder({
          paypalRequestId: requestIdOf('order', order.idempotencyKey),
          prefer: 'return=representation',
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                amount: { currencyCode: 'USD', value },
                customId: order.reference,
                invoiceId: order.reference,
                ...(description && { description }),
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: order.returnUrl,
                  cancelUrl: order.cancelUrl,
                  userAction: PaypalExperienceUserAction.PayNow,
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                  ...(options.brandName && { brandName: options.brandName }),
                },
              },
            },
          },
        });
        return result;
      });
      const approve = made.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!made.id || !approve)
        throw new PayPalUnavailableError('PayPal answered an order without its approve link');
      return { orderId: made.id, approveUrl: approve.href };
    },
    async captureOrder(orderId, idempotencyKey) {
      try {
        const { result } = await call(({ orders }) =>
          orders.captureOrder({
            id: orderId,
            paypalRequestId: requestIdOf('capture', orderId, idempotencyKey),
            prefer: 'return=representation',
          }),
        );
        return captureResultOf(result);
      } catch (error) {
        const issue = issueOf(error);
        if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED') {
          return { status: 'not_approved', reason: issue };
        }
        if (issue === 'INSTRUMENT_DECLINED') return { status: 'declined', reason: issue };
        if (issue === 'ORDER_ALREADY_CAPTURED') return captureResultOf(await getOrder(orderId));
        translate(error);
      }
    },
    async getOrder(orderId) {
      const order = await getOrder(orderId);
      const unit = order.purchaseUnits?.[0];
      if (!unit?.amount)
        throw new PayPalUnavailableError(`PayPal answered order ${orderId} without its amount`);
      const captureId = captureIn(order)?.id;
      return {
        orderId,
        status: orderStatusOf(order.status),
        amount: valueToCents(unit.amount.value),
        ...(captureId && { captureId }),
      };
    },
    async refund(captureId, amount, idempotencyKey) {
      if (!(amount > 0)) throw new RangeError(`a refund is a positive amount, not ${amount}`);
      const value = centsToValue(amount);
      const refund = await translated(
        async ({ payments }) =>
          (
            await payments.refundCapturedPayment({
              captureId,
              paypalRequestId: requestIdOf('refund', captureId, idempotencyKey),
              prefer: 'return=representation',
              body: { amount: { currencyCode: 'USD', value } },
            })
          ).result,
      );
      if (!refund.id) throw new PayPalUnavailableError('PayPal answered a refund without its id');
      if (refund.status === 'CANCELLED' || refund.status === 'FAILED') {
        throw new PayPalRefusedError(
          `REFUND_${refund.status}`,
          `PayPal ${refund.status.toLowerCase()} the refund`,
        );
      }
      return { refundId: refund.id };
    },
    async readEvent(headers, rawBody) {
      const transmission = transmissionOf(headers);
      if (!isPayPalCertificateUrl(transmission.certUrl, payPalOwn ? undefined : apiUrl)) {
        throw new PayPalWebhookSignatureError(
          `the webhook certificate ${transmission.certUrl} is not PayPal's`,
        );
      }
      verifyTransmission(
        await certificateKey(transmission.certUrl),
        transmission,
        options.webhookId,
        rawBody,
      );
      const event = eventInPortWords(parseWebhookEvent(rawBody));
      return event && withCapture(event, captureOrigin);
    },
  };
}
