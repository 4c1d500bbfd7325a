import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { listenDouble } from '../http/double-server.ts';
import { brandOf as brandByDigits, luhn } from './card-numbers.ts';
import { type SandboxCharge, sandboxTestCards } from './sandbox.ts';

/**
 * Stripe's documented test card numbers (docs.stripe.com/testing), the sandbox's own: 4242… and the
 * other brands work, 4000…0002 is declined when set up, 4000…0341 is set up and declines every charge,
 * 4000 0025 0000 3155 asks for 3-D Secure on every on-session payment; anything else passing the Luhn
 * check is a working card of its brand.
 */
export const stripeTestCards = sandboxTestCards;

/** One request the double received, as Stripe would read it. */
export interface StripeDoubleRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

/** An event the double sent (or holds) for the webhook endpoint, as Stripe's dashboard lists them. */
export interface StripeDoubleEvent {
  id: string;
  type: string;
  /** The JSON body, byte for byte what is signed and sent. */
  payload: string;
}

export interface StripeDouble {
  /** The root to point the SDK at: http://127.0.0.1:<port> */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  requests: StripeDoubleRequest[];
  /**
   * Every payment that took money (a PaymentIntent that reached `succeeded`, or is waiting for the
   * buyer's authentication), in the shape the sandbox lists its charges: what a test counts.
   */
  charges(): SandboxCharge[];
  /** The buyer passes or fails 3-D Secure on the double's issuer page. */
  authenticate(paymentIntentId: string, approve: boolean): Promise<void>;
  /** The cardholder disputes a succeeded payment (charge.dispute.created); its dispute id. */
  dispute(paymentIntentId: string, reason?: string): Promise<string>;
  /** The network decides the payment's dispute (charge.dispute.closed, status won or lost). */
  closeDispute(paymentIntentId: string, status: 'won' | 'lost'): Promise<void>;
  /**
   * Where events are posted (a URL, or a function given the body and its Stripe-Signature header that
   * answers the HTTP status); none until set. `hold` keeps them queued until `deliver`.
   */
  webhooks(endpoint: WebhookEndpoint | null, options?: { hold?: boolean }): void;
  /** While on, events are kept and not sent (Stripe's delivery delayed) until a test delivers them. */
  hold(on: boolean): void;
  /** The events made so far, oldest first. */
  events(): StripeDoubleEvent[];
  /** Posts one event (again) to the endpoint, signed now; its HTTP status. */
  deliver(eventId: string): Promise<number>;
  /** While on, every call answers HTTP 500 api_error (Stripe is down). */
  outage(on: boolean): void;
  close(): Promise<void>;
}

export type WebhookEndpoint = string | ((payload: string, signature: string) => Promise<number>);

type Json = Record<string, unknown>;
interface Card {
  number: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}
interface PaymentMethod extends Json {
  id: string;
  customer: string | null;
  card: Json;
  billing_details: Json;
}
interface PaymentIntent extends Json {
  id: string;
  status: string;
  amount: number;
  amount_received: number;
  /** Null until a card is given: an intent made for the Payment Element, confirmed in the browser. */
  payment_method: string | null;
  metadata: Record<string, string>;
  /** What the browser confirms it with, with the publishable key (Stripe.js). */
  client_secret: string;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, param?: string, code?: string) =>
  new StripeFailure(400, {
    type: 'invalid_request_error',
    message,
    ...(param && { param }),
    ...(code && { code }),
  });
const cardError = (code: string, message: string, extra: Json = {}) =>
  new StripeFailure(402, { type: 'card_error', code, message, ...extra });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

/** Stripe's brand names: 'unknown' where ours say 'other'. */
const brandOf = (number: string) => {
  const brand = brandByDigits(number);
  return brand === 'other' ? 'unknown' : brand;
};
const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const int = (value: unknown) =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN;

/**
 * A test double of Stripe's API (v1), on 127.0.0.1 at a random port, speaking its wire format as
 * documented (docs.stripe.com/api): form-encoded bodies, `Authorization: Bearer sk_…` (the publishable
 * key `pk_…` may only create PaymentMethods, as Stripe.js does from the browser), `Idempotency-Key` on
 * every POST (the same key answers its first response again with `Idempotent-Replayed: true`; with
 * other parameters, HTTP 400 idempotency_error), errors as `{ error: { type, code, decline_code,
 * message, param } }` with HTTP 400/401/402/404. Stateful as test mode is: customers, card
 * PaymentMethods (attached, updated, detached), SetupIntents that check a card (the declined test
 * card is refused there), PaymentIntents confirmed at creation (`succeeded`, a card error that leaves
 * the intent `requires_payment_method`, or `requires_action` with a `redirect_to_url` to the double's
 * issuer page, which sends the browser back to `return_url` with `payment_intent` and
 * `redirect_status`), cancels, refunds in part or whole (never over the amount received), disputes;
 * with `capture_method: manual` a confirmed intent is held (`requires_capture`, `amount_capturable`)
 * until its capture takes all or part of it (`amount_to_capture`, the rest released) or its cancel
 * releases it; `error_on_requires_action` refuses a card that asks for 3-D Secure (card error
 * `authentication_required`). Each change makes an event (payment_intent.succeeded, .payment_failed,
 * .requires_action, .amount_capturable_updated, .canceled, charge.refunded, charge.dispute.created)
 * posted to the webhook endpoint signed as Stripe signs (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret,
 * "t.payload")`). Not covered: currencies other than USD, authentication when a card is set up, Radar,
 * Connect, several captures of one intent (`final_capture: false`), the 7 days after which Stripe
 * cancels an intent nothing captured. Only the specs start it.
 */
export async function startStripeDouble(): Promise<StripeDouble> {
  const secretKey = `sk_test_double_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_double_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_double_${randomBytes(16).toString('hex')}`;
  const requests: StripeDoubleRequest[] = [];
  const customers = new Map<string, Json>();
  const methods = new Map<string, PaymentMethod>();
  const numbers = new Map<string, Card>();
  const intents = new Map<string, PaymentIntent>();
  const refunds = new Map<string, Json>();
  const keys = new Map<string, { fingerprint: string; status: number; body: string }>();
  const running = new Set<string>();
  const events: StripeDoubleEvent[] = [];
  /** The PaymentIntents that reached the card (not declined at once), and the key each was made with. */
  const charged = new Set<string>();
  const intentKeys = new Map<string, string>();
  const lastReturn = new Map<string, string>();
  let endpoint: WebhookEndpoint | null = null;
  let holding = false;
  let down = false;
  let url = '';
  const now = () => Math.floor(Date.now() / 1000);

  const sign = (payload: string, timestamp = now()) =>
    `t=${timestamp},v1=${createHmac('sha256', webhookSecret).update(`${timestamp}.${payload}`).digest('hex')}`;

  async function deliver(eventId: string) {
    const event = events.find((e) => e.id === eventId);
    if (!event) throw new Error(`stripe double: no event ${eventId}`);
    if (!endpoint) throw new Error('stripe double: no webhook endpoint');
    if (typeof endpoint === 'function') return endpoint(event.payload, sign(event.payload));
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(event.payload) },
      body: event.payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function emit(type: string, object: Json) {
    const id = idOf('evt');
    const payload = JSON.stringify(
      {
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: endpoint ? 1 : 0,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
    events.push({ id, type, payload });
    // Stripe sends an event once it is made, whatever the API call's answer; a failed delivery is
    // tried again later (here: when a test delivers it).
    if (endpoint && !holding) await deliver(id).catch(() => undefined);
  }

  const cardOf = (pm: PaymentMethod) => numbers.get(pm.id) as Card;

  function createPaymentMethod(body: Json) {
    if (body.type !== 'card') throw invalid('Invalid payment method type: must be card', 'type');
    const card = (body.card ?? {}) as Json;
    const number = String(card.number ?? '').replace(/\s/g, '');
    if (!/^\d{12,19}$/.test(number) || !luhn(number))
      throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'number' });
    const month = int(card.exp_month);
    const year = int(card.exp_year);
    if (!(month >= 1 && month <= 12))
      throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", {
        param: 'exp_month',
      });
    const today = new Date();
    if (
      !(year >= today.getUTCFullYear()) ||
      (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
    )
      throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", {
        param: 'exp_year',
      });
    const brand = brandOf(number);
    const cvc = String(card.cvc ?? '');
    if (!new RegExp(`^\\d{${brand === 'amex' ? 4 : 3}}$`).test(cvc))
      throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
    const id = idOf('pm');
    const saved: Card = { number, brand, last4: number.slice(-4), exp_month: month, exp_year: year };
    numbers.set(id, saved);
    const pm: PaymentMethod = {
      id,
      object: 'payment_method',
      type: 'card',
      created: now(),
      customer: null,
      livemode: false,
      billing_details: (body.billing_details as Json) ?? {},
      card: {
        brand,
        last4: saved.last4,
        exp_month: month,
        exp_year: year,
        funding: 'credit',
        country: 'US',
        fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
        checks: { cvc_check: 'unchecked', address_postal_code_check: null, address_line1_check: null },
      },
      metadata: {},
    };
    methods.set(id, pm);
    return pm;
  }

  const methodOf = (id: unknown) => {
    const pm = methods.get(String(id));
    if (!pm) throw missing('PaymentMethod', String(id), 'payment_method');
    return pm;
  };
  const customerOf = (id: unknown) => {
    const customer = customers.get(String(id));
    if (!customer) throw missing('customer', String(id), 'customer');
    return customer;
  };
  /** Disputes by the PaymentIntent they dispute (Stripe allows one per charge). */
  const disputes = new Map<string, Json & { id: string; status: string }>();
  const intentOf = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw missing('payment_intent', id, 'intent');
    return intent;
  };

  function setupIntent(body: Json) {
    customerOf(body.customer);
    const pm = methodOf(body.payment_method);
    if (pm.customer && pm.customer !== body.customer)
      throw invalid(
        'The payment method you provided has already been attached to a customer.',
        'payment_method',
      );
    const id = idOf('seti');
    const made: Json = {
      id,
      object: 'setup_intent',
      customer: body.customer,
      payment_method: pm.id,
      usage: body.usage ?? 'off_session',
      status: 'requires_confirmation',
      created: now(),
    };
    if (body.confirm === 'true') {
      if (cardOf(pm).number === stripeTestCards.declined) {
        throw cardError('card_declined', 'Your card was declined.', {
          decline_code: 'generic_decline',
          setup_intent: { ...made, status: 'requires_payment_method' },
        });
      }
      pm.customer = String(body.customer);
      (pm.card as Json).checks = {
        cvc_check: 'pass',
        address_postal_code_check: null,
        address_line1_check: null,
      };
      made.status = 'succeeded';
    }
    return made;
  }

  async function createIntent(body: Json) {
    const amount = int(body.amount);
    if (!(amount >= 50)) throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    if (amount > 99_999_999)
      throw invalid('Amount must be no more than $999,999.99', 'amount', 'amount_too_large');
    if (body.currency !== 'usd') throw invalid('The double only takes usd.', 'currency');
    const pm = body.payment_method === undefined ? null : methodOf(body.payment_method);
    if (pm && body.customer !== undefined && pm.customer !== body.customer)
      throw invalid(
        `The provided PaymentMethod ${pm.id} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
        'payment_method',
      );
    const id = idOf('pi');
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: 'usd',
      customer: (body.customer as string) ?? null,
      payment_method: pm?.id ?? null,
      payment_method_types: ['card'],
      metadata: (body.metadata as Record<string, string>) ?? {},
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      capture_method: body.capture_method === 'manual' ? 'manual' : 'automatic',
      created: now(),
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      livemode: false,
    };
    intents.set(id, intent);
    if (body.confirm !== 'true') return intent;
    return confirmIntent(intent, body);
  }

  /**
   * Confirms an intent with its card (the one it was made with, or `payment_method` now: the browser
   * confirming a Payment Element's intent): declined, waiting for 3-D Secure, or succeeded.
   */
  async function confirmIntent(intent: PaymentIntent, body: Json) {
    if (intent.status !== 'requires_confirmation' && intent.status !== 'requires_payment_method')
      throw invalid(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    if (body.payment_method !== undefined) intent.payment_method = methodOf(body.payment_method).id;
    if (!intent.payment_method)
      throw invalid('You must provide a payment method to confirm this PaymentIntent.', 'payment_method');
    const { id } = intent;
    const number = cardOf(methodOf(intent.payment_method)).number;
    if (number === stripeTestCards.chargeDeclined || number === stripeTestCards.declined) {
      const error = {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', ...error },
      });
      await emit('payment_intent.payment_failed', { ...intent });
      throw cardError(error.code, error.message, {
        decline_code: error.decline_code,
        payment_intent: { ...intent },
      });
    }
    if (
      number === stripeTestCards.authenticationRequired &&
      body.off_session !== 'true' &&
      body.error_on_requires_action === 'true'
    ) {
      const error = {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      };
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', ...error },
      });
      await emit('payment_intent.payment_failed', { ...intent });
      throw cardError(error.code, error.message, {
        decline_code: error.decline_code,
        payment_intent: { ...intent },
      });
    }
    if (number === stripeTestCards.authenticationRequired && body.off_session !== 'true') {
      const returnUrl = String(body.return_url ?? '');
      if (!returnUrl)
        throw invalid('A return_url is needed to confirm a payment that needs authentication.', 'return_url');
      if (!/^https?:\/\//.test(returnUrl))
        throw invalid(
          'Not a valid URL: an explicit scheme (such as https) must be provided.',
          'return_url',
          'url_invalid',
        );
      charged.add(id);
      lastReturn.set(id, returnUrl);
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url: `${url}/3ds/${id}`, return_url: returnUrl },
        },
      });
      await emit('payment_intent.requires_action', { ...intent });
      return intent;
    }
    await succeed(intent);
    return intent;
  }

  async function succeed(intent: PaymentIntent) {
    charged.add(intent.id);
    if (intent.capture_method === 'manual') {
      // Held on the card, not taken: its capture takes it.
      Object.assign(intent, {
        status: 'requires_capture',
        amount_capturable: intent.amount,
        next_action: null,
      });
      await emit('payment_intent.amount_capturable_updated', { ...intent });
      return;
    }
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: idOf('ch'),
      next_action: null,
      amount_refunded: 0,
    });
    await emit('payment_intent.succeeded', { ...intent });
  }

  async function authenticate(id: string, approve: boolean) {
    const intent = intentOf(id);
    if (intent.status !== 'requires_action') return;
    if (approve) return succeed(intent);
    Object.assign(intent, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      },
    });
    await emit('payment_intent.payment_failed', { ...intent });
  }

  async function refund(body: Json) {
    const intent = intentOf(String(body.payment_intent ?? ''));
    if (intent.status !== 'succeeded')
      throw invalid(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    const refunded = Number(intent.amount_refunded ?? 0);
    const amount = body.amount === undefined ? intent.amount_received - refunded : int(body.amount);
    if (!(amount >= 1)) throw invalid('Invalid positive integer', 'amount');
    if (refunded + amount > intent.amount_received)
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount_received - refunded) / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    intent.amount_refunded = refunded + amount;
    const made = {
      id: idOf('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      charge: intent.latest_charge,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: (body.metadata as Json) ?? {},
      created: now(),
    };
    refunds.set(made.id, made);
    await emit('charge.refunded', {
      id: intent.latest_charge,
      object: 'charge',
      amount: intent.amount_received,
      amount_refunded: intent.amount_refunded,
      payment_intent: intent.id,
      refunded: intent.amount_refunded === intent.amount_received,
      metadata: intent.metadata,
    });
    return made;
  }

  async function route(method: string, path: string, body: Json, key: string): Promise<Json> {
    const publishable = key.startsWith('pk_');
    // Stripe.js confirms (and reads) an intent with the publishable key and the intent's client secret.
    const intentAsked = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/);
    const byClientSecret =
      intentAsked !== null &&
      (method === 'GET' || intentAsked[2] !== undefined) &&
      intents.get(intentAsked[1] as string)?.client_secret === body.client_secret;
    if (publishable && !(method === 'POST' && path === '/v1/payment_methods') && !byClientSecret)
      throw new StripeFailure(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    // /v1/{resource}[/{id}[/{verb}]], as the route is written in Stripe's reference.
    const [, , resource, id = '', verb] = path.split('/');
    const at = `${method} ${resource}${id ? '/:id' : ''}${verb ? `/${verb}` : ''}`;
    if (at === 'POST customers') {
      const customer = {
        id: idOf('cus'),
        object: 'customer',
        created: now(),
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (at === 'POST payment_methods') return createPaymentMethod(body);
    if (at === 'GET payment_methods/:id' || at === 'POST payment_methods/:id') {
      const pm = methodOf(id);
      if (method === 'GET') return pm;
      const card = (body.card ?? {}) as Json;
      const stored = cardOf(pm);
      const month = card.exp_month === undefined ? stored.exp_month : int(card.exp_month);
      const year = card.exp_year === undefined ? stored.exp_year : int(card.exp_year);
      const today = new Date();
      if (!(month >= 1 && month <= 12))
        throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", {
          param: 'exp_month',
        });
      if (
        year < today.getUTCFullYear() ||
        (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
      )
        throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", {
          param: 'exp_year',
        });
      Object.assign(stored, { exp_month: month, exp_year: year });
      Object.assign(pm.card, { exp_month: month, exp_year: year });
      if (body.billing_details)
        pm.billing_details = { ...pm.billing_details, ...(body.billing_details as Json) };
      return pm;
    }
    if (at === 'POST payment_methods/:id/attach') {
      setupIntent({ customer: body.customer, payment_method: id, confirm: 'true' });
      return methodOf(id);
    }
    if (at === 'POST payment_methods/:id/detach') {
      const pm = methodOf(id);
      if (!pm.customer)
        throw invalid(`The payment method ${pm.id} is not attached to a customer.`, 'payment_method');
      pm.customer = null;
      return pm;
    }
    if (at === 'POST setup_intents') return setupIntent(body);
    if (at === 'POST payment_intents') return createIntent(body);
    if (at === 'GET payment_intents/:id') return intentOf(id);
    if (at === 'POST payment_intents/:id/confirm') return confirmIntent(intentOf(id), body);
    if (at === 'POST payment_intents/:id/capture') {
      const intent = intentOf(id);
      if (intent.status !== 'requires_capture')
        throw invalid(
          `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      const capturable = Number(intent.amount_capturable ?? 0);
      const amount = body.amount_to_capture === undefined ? capturable : int(body.amount_to_capture);
      if (!(amount >= 1)) throw invalid('Invalid positive integer', 'amount_to_capture');
      if (amount > capturable)
        throw invalid(
          `The amount to capture (${amount}) must be less than or equal to the amount_capturable (${capturable}).`,
          'amount_to_capture',
          'amount_too_large',
        );
      // What is not taken goes back to the card.
      Object.assign(intent, {
        status: 'succeeded',
        amount_capturable: 0,
        amount_received: amount,
        amount_refunded: 0,
        latest_charge: idOf('ch'),
        metadata: { ...intent.metadata, ...((body.metadata as Record<string, string>) ?? {}) },
      });
      await emit('payment_intent.succeeded', { ...intent });
      return intent;
    }
    if (at === 'POST payment_intents/:id/cancel') {
      const intent = intentOf(id);
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      Object.assign(intent, {
        status: 'canceled',
        next_action: null,
        cancellation_reason: body.cancellation_reason ?? 'requested_by_customer',
      });
      await emit('payment_intent.canceled', { ...intent });
      return intent;
    }
    if (at === 'POST refunds') return refund(body);
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const issuerPage = (
    id: string,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure test page (Stripe double)</title></head>
<body><main><h1>3D Secure 2 test page</h1><p>Stripe double: ${id}</p>
<form method="post" action="/3ds/${id}?approve=1"><button type="submit">Complete</button></form>
<form method="post" action="/3ds/${id}?approve=0"><button type="submit">Fail</button></form></main></body></html>`;

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const where = new URL(request.url ?? '/', 'http://double');
    const method = request.method ?? 'GET';
    const requestId = idOf('req');
    const send = (status: number, body: string, extra: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, ...extra });
      response.end(body);
    };
    // Stripe's API answers browsers (Stripe.js) across origins for publishable-key calls.
    response.setHeader('access-control-allow-origin', '*');
    if (method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': 'authorization, content-type, stripe-version, idempotency-key',
        'access-control-max-age': '300',
      });
      return response.end();
    }
    const threeDs = where.pathname.match(/^\/3ds\/([^/]+)$/);
    if (threeDs) {
      const intent = intents.get(threeDs[1] as string);
      if (!intent)
        return send(
          404,
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such page' } }),
        );
      if (method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(issuerPage(intent.id));
      }
      await authenticate(intent.id, where.searchParams.get('approve') === '1');
      const back = new URL(lastReturn.get(intent.id) ?? url);
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
      response.writeHead(303, { location: back.toString() });
      return response.end();
    }
    const body = (method === 'GET' ? qs.parse(where.search.slice(1)) : qs.parse(raw)) as Json;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method, path: where.pathname, idempotencyKey, body });
    if (down)
      return send(
        500,
        JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }),
      );
    const auth = String(request.headers.authorization ?? '');
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (key !== secretKey && key !== publishableKey)
      return send(
        401,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: key
              ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}`
              : 'You did not provide an API key.',
          },
        }),
      );
    const fingerprint = `${method} ${where.pathname} ${raw}`;
    const keyed = `${key}\u0000${idempotencyKey}`;
    if (method === 'POST' && idempotencyKey) {
      // Stripe answers 409 while a request with the same key is still running; its SDKs retry it.
      if (running.has(keyed))
        return send(
          409,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              code: 'idempotency_key_in_use',
              message:
                'There is currently another in-progress request using this idempotency key. Please try again later.',
            },
          }),
        );
      const seen = keys.get(keyed);
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          return send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            }),
          );
        return send(seen.status, seen.body, {
          'idempotent-replayed': 'true',
          'idempotency-key': idempotencyKey,
        });
      }
    }
    let status = 200;
    let answer: string;
    if (method === 'POST' && idempotencyKey) running.add(keyed);
    try {
      const made = await route(method, where.pathname, body, key);
      if (made.object === 'payment_intent' && idempotencyKey && !intentKeys.has(String(made.id)))
        intentKeys.set(String(made.id), idempotencyKey);
      answer = JSON.stringify(made);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      const withRequest = { ...error.body, request_log_url: `${url}/logs/${requestId}` };
      answer = JSON.stringify({ error: withRequest });
    } finally {
      running.delete(keyed);
    }
    // Stripe keeps a key's result unless the request failed before it was processed (a 5xx).
    if (method === 'POST' && idempotencyKey && status < 500)
      keys.set(keyed, { fingerprint, status, body: answer });
    send(status, answer, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }
  const server = await listenDouble(serve, (error) => ({
    error: { type: 'api_error', message: String(error) },
  }));
  url = server.url;

  return {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    requests,
    charges: () =>
      [...intents.values()]
        .filter((i) => charged.has(i.id))
        .map((i) => {
          const key = intentKeys.get(i.id) ?? '';
          return {
            chargeId: i.id,
            token: `${i.customer}|${i.payment_method}`,
            amount: i.status === 'succeeded' ? i.amount_received : i.amount,
            refunded: Number(i.amount_refunded ?? 0),
            reference: i.metadata.reference ?? '',
            idempotencyKey: key,
            metadata: i.metadata,
            state:
              i.status === 'succeeded'
                ? { status: 'succeeded' as const }
                : i.status === 'requires_action'
                  ? { status: 'requires_action' as const }
                  : {
                      status: 'failed' as const,
                      reason: String((i.last_payment_error as Json | null)?.message ?? i.status),
                    },
            ...(i.capture_method === 'manual' && {
              hold:
                i.status === 'succeeded'
                  ? ('captured' as const)
                  : i.status === 'requires_capture'
                    ? ('held' as const)
                    : ('released' as const),
            }),
          };
        }),
    authenticate,
    async dispute(id, reason = 'fraudulent') {
      const intent = intentOf(id);
      const dispute = {
        id: idOf('dp'),
        object: 'dispute',
        amount: intent.amount_received,
        charge: intent.latest_charge,
        payment_intent: intent.id,
        reason,
        status: 'needs_response',
      };
      disputes.set(intent.id, dispute);
      await emit('charge.dispute.created', dispute);
      return dispute.id;
    },
    async closeDispute(id, status) {
      const dispute = disputes.get(id);
      if (!dispute) throw new Error(`the double has no dispute of ${id}`);
      dispute.status = status;
      await emit('charge.dispute.closed', { ...dispute });
    },
    webhooks(to, options = {}) {
      endpoint = to;
      holding = options.hold ?? false;
    },
    hold(on) {
      holding = on;
    },
    events: () => events.map((e) => ({ ...e })),
    deliver,
    outage(on) {
      down = on;
    },
    close: () => server.close(),
  };
}
