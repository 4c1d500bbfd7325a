import Stripe from 'stripe';
import {
  CardDeclinedError,
  type CardProviderWithHolds,
  type ChargeState,
  IdempotencyKeyReusedError,
  type ProviderCard,
  type ProviderEvent,
  WebhookSignatureError,
} from './port.ts';

export interface StripeOptions {
  secretKey: string;
  /** Stripe's API root; a local double's in the specs. https://api.stripe.com by default. */
  apiBase?: string | undefined;
  timeoutMs?: number | undefined;
  /** The site's address: Stripe sends the buyer back to an absolute URL, the port gives a path of the UI. */
  publicUrl: () => string;
  /** The publishable key (`pk_…`) the browser tokenises cards with, as Stripe.js does. */
  publishableKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`): events are read only with it. */
  webhookSecret?: string | undefined;
}

const brands: Record<string, ProviderCard['brand']> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  discover: 'discover',
};

/** Our token for a card on file: Stripe's customer and its PaymentMethod, kept in the secret store only. */
const tokenOf = (customer: string, paymentMethod: string) => `${customer}|${paymentMethod}`;
function partsOf(token: string) {
  const [customer, paymentMethod] = token.split('|');
  if (!customer || !paymentMethod) throw new CardDeclinedError('This card is not a Stripe card.');
  return { customer, paymentMethod };
}

/**
 * Stripe's answers in the port's words: a card error (HTTP 402) is the card refused, in Stripe's
 * message (shown to the buyer); an idempotency error is a key reused with other parameters; anything
 * else (down, timeout, a 5xx, a bad key) is thrown as it is, for the caller to ask again with the same key.
 */
function translate(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(error.message);
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    throw new IdempotencyKeyReusedError(String(error.headers?.['idempotency-key'] ?? ''));
  }
  // A token Stripe never made, or one used already: the card the buyer gave cannot be kept.
  const aboutTheCard = (e: Stripe.errors.StripeInvalidRequestError) =>
    e.code === 'resource_missing' || e.param === 'payment_method';
  if (error instanceof Stripe.errors.StripeInvalidRequestError && aboutTheCard(error)) {
    throw new CardDeclinedError(error.message);
  }
  throw error;
}

/**
 * The card port on Stripe (issue 35 §2) through its own SDK: a card on file is a Customer with a card
 * PaymentMethod checked by a SetupIntent; a charge is a PaymentIntent confirmed at once with our
 * return URL, which answers `requires_action` and the issuer's URL when 3-D Secure is asked for; a
 * refund is a Refund of the PaymentIntent; a hold is a PaymentIntent with manual capture, taken by its
 * capture and released by its cancel. Every call that makes something carries an idempotency key
 * derived from ours, so a retried request makes it once. Amounts are integer cents in USD.
 */
export function createStripeCardProvider(options: StripeOptions): CardProviderWithHolds {
  const base = new URL(options.apiBase ?? 'https://api.stripe.com');
  const stripe = new Stripe(options.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    timeout: options.timeoutMs ?? 20_000,
    // The SDK retries a dropped connection itself, with the same idempotency key.
    maxNetworkRetries: 2,
    telemetry: false,
  });

  return {
    name: 'stripe',
    tokenisation: { url: base.origin, publishableKey: options.publishableKey },
    readEvent(payload, signature) {
      if (!options.webhookSecret) throw new WebhookSignatureError('no webhook secret is configured');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return eventInPortWords(event);
    },
    async createCard(card, _now) {
      const key = card.reference ?? crypto.randomUUID();
      try {
        // The browser made the PaymentMethod with the publishable key (as Stripe.js does): its token.
        const paymentMethod = await stripe.paymentMethods.retrieve(card.token);
        const customer = await stripe.customers.create(
          {
            name: card.nameOnCard,
            metadata: { card: key, ...(card.owner && { user: card.owner }) },
          },
          { idempotencyKey: `${key}-cus` },
        );
        // A SetupIntent checks the card with its issuer and attaches it for later payments.
        await stripe.setupIntents.create(
          { customer: customer.id, payment_method: paymentMethod.id, usage: 'on_session', confirm: true },
          { idempotencyKey: `${key}-seti` },
        );
        const made = paymentMethod.card;
        if (!made) throw new CardDeclinedError('This payment method is not a card.');
        return {
          token: tokenOf(customer.id, paymentMethod.id),
          brand: brands[made.brand] ?? 'other',
          last4: made.last4,
          expMonth: made.exp_month,
          expYear: made.exp_year,
        };
      } catch (error) {
        translate(error);
      }
    },
    async updateCard(token, change) {
      try {
        await stripe.paymentMethods.update(partsOf(token).paymentMethod, {
          card: { exp_month: change.expMonth, exp_year: change.expYear },
          billing_details: { name: change.nameOnCard },
        });
      } catch (error) {
        translate(error);
      }
    },
    async deleteCard(token) {
      try {
        await stripe.paymentMethods.detach(partsOf(token).paymentMethod);
      } catch (error) {
        // Already gone from Stripe: nothing is left to take back.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
    async charge({ token, amount, reference, returnUrl, idempotencyKey, metadata = {} }) {
      const { customer, paymentMethod } = partsOf(token);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: 'usd',
            customer,
            payment_method: paymentMethod,
            confirm: true,
            return_url: new URL(returnUrl, options.publicUrl()).toString(),
            metadata: { ...metadata, reference },
          },
          { idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', chargeId: intent.id };
        const url = intent.next_action?.redirect_to_url?.url;
        if (intent.status === 'requires_action' && url) {
          return { status: 'requires_action', chargeId: intent.id, url };
        }
        throw new CardDeclinedError(
          intent.last_payment_error?.message ?? `Stripe: payment ${intent.status}.`,
        );
      } catch (error) {
        translate(error);
      }
    },
    async authorize({ token, amount, reference, idempotencyKey, metadata = {} }) {
      const { customer, paymentMethod } = partsOf(token);
      try {
        // Held, not taken (`requires_capture`); Stripe cancels it after 7 days if nothing takes it. No
        // buyer is at an issuer's page for it: a card that asks for one is refused.
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: 'usd',
            customer,
            payment_method: paymentMethod,
            capture_method: 'manual',
            confirm: true,
            error_on_requires_action: true,
            metadata: { ...metadata, reference },
          },
          { idempotencyKey },
        );
        if (intent.status !== 'requires_capture') {
          throw new CardDeclinedError(
            intent.last_payment_error?.message ?? `Stripe: payment ${intent.status}.`,
          );
        }
        return { chargeId: intent.id };
      } catch (error) {
        translate(error);
      }
    },
    async capture({ chargeId, amount, idempotencyKey, reference, metadata = {} }) {
      try {
        // The charge carries the payment that takes it from now on: its events and disputes name it.
        const intent = await stripe.paymentIntents.capture(
          chargeId,
          { amount_to_capture: amount, metadata: { ...metadata, reference } },
          { idempotencyKey },
        );
        if (intent.status !== 'succeeded') throw new CardDeclinedError(`Stripe: payment ${intent.status}.`);
        return { chargeId: intent.id };
      } catch (error) {
        // Cancelled, lapsed, taken already, or smaller than the amount: no hold is there to take.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw new CardDeclinedError(error.message);
        translate(error);
      }
    },
    async startBrowserCharge({ amount, reference, idempotencyKey, metadata = {} }) {
      try {
        // No card and no confirmation: the Payment Element confirms it in the browser.
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: 'usd',
            allowed_payment_method_types: ['card'],
            metadata: { ...metadata, reference },
          },
          { idempotencyKey },
        );
        if (!intent.client_secret) throw new Error(`Stripe: payment ${intent.id} has no client secret`);
        return { chargeId: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        translate(error);
      }
    },
    async chargeInfo(chargeId) {
      return ours((await stripe.paymentIntents.retrieve(chargeId)).metadata);
    },
    async retrieveCharge(chargeId): Promise<ChargeState> {
      const intent = await stripe.paymentIntents.retrieve(chargeId);
      if (intent.status === 'succeeded') return { status: 'succeeded' };
      if (intent.status === 'requires_action' || intent.status === 'processing') {
        return { status: 'requires_action' };
      }
      return {
        status: 'failed',
        reason:
          intent.last_payment_error?.message ?? `The payment was ${intent.status.replaceAll('_', ' ')}.`,
      };
    },
    async refund(chargeId, amount, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: chargeId, amount },
          idempotencyKey ? { idempotencyKey } : {},
        );
        return { refundId: refund.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw new CardDeclinedError(error.message);
        translate(error);
      }
    },
    async cancelCharge(chargeId) {
      try {
        await stripe.paymentIntents.cancel(chargeId);
      } catch (error) {
        // Settled or cancelled meanwhile: its state is read from Stripe, nothing to give up.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
  };
}

const ours = (metadata: Stripe.Metadata | null | undefined) => ({
  reference: metadata?.reference ?? '',
  invoices: (metadata?.invoices ?? '').split(',').filter(Boolean),
});

/**
 * The Stripe events the product follows, in the port's words: a PaymentIntent that succeeded or
 * failed, a charge refunded, a dispute opened or decided. Every other type is null (acknowledged, not
 * acted on).
 */
function eventInPortWords(event: Stripe.Event): ProviderEvent | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        id: event.id,
        outcome: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
        chargeId: intent.id,
        ...ours(intent.metadata),
        reason: intent.last_payment_error?.message,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intent) return null;
      return {
        id: event.id,
        outcome: 'refunded',
        chargeId: intent,
        ...ours(charge.metadata),
        amount: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const intent =
        typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
      if (!intent) return null;
      return {
        id: event.id,
        outcome: 'disputed',
        chargeId: intent,
        reference: '',
        invoices: [],
        amount: dispute.amount,
        reason: dispute.reason,
        disputeId: dispute.id,
      };
    }
    case 'charge.dispute.closed': {
      // Decided: `lost` gave the money back to the cardholder; `won` (or an inquiry closed with a
      // warning, `warning_closed`) kept it.
      const dispute = event.data.object;
      const intent =
        typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
      if (!intent) return null;
      return {
        id: event.id,
        outcome: dispute.status === 'lost' ? 'dispute_lost' : 'dispute_won',
        chargeId: intent,
        reference: '',
        invoices: [],
        amount: dispute.amount,
        reason: dispute.reason,
        disputeId: dispute.id,
      };
    }
    default:
      return null;
  }
}
