/**
 * The card-provider port (DOMAIN.md "Money"): the provider keeps the card; we keep its token, the
 * brand and the last four digits. The number never reaches the product (issue 35 §1): the browser
 * gives it to the provider's tokenisation (the sandbox's vault, Stripe's PaymentMethods) and the
 * product receives a single-use token for it.
 */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  nameOnCard: string;
  zip?: string | undefined;
}

/** A card to keep on file: the provider's single-use token for what the browser gave it. */
export interface NewCard {
  token: string;
  nameOnCard: string;
  zip?: string | undefined;
  /**
   * Our id for the card: the provider's idempotency key for what saving it makes (a retried save
   * makes one card) and its reference there.
   */
  reference?: string | undefined;
  /** Whose card it is (our user id), kept by the provider with it. */
  owner?: string | undefined;
}

export interface ProviderCard {
  /** The provider's reference: a secret capability, kept in the secret store only. */
  token: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'other';
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A refusal from the provider: its message, which may end in a ' REF: ...' reference (seeds 001 §8). */
export class CardDeclinedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardDeclinedError';
  }
}

/** A charge on a saved card, in integer cents; `returnUrl` is where the issuer's page sends the buyer back. */
export interface ChargeRequest {
  token: string;
  amount: number;
  /** Our payment id, kept by the provider for reconciliation. */
  reference: string;
  returnUrl: string;
  /**
   * The provider's idempotency key (as Stripe's `Idempotency-Key`): the same key again answers the
   * charge it made the first time, never a second charge; the same key with another amount or card
   * is refused. Our payment id, so a retried request reaches the card once.
   */
  idempotencyKey: string;
  /** What the charge is for, kept by the provider with it (as Stripe's `metadata`): our invoice ids. */
  metadata?: Record<string, string>;
}

/**
 * Issue 35 §2 (seeds 001 "Payments" stripe_payment_element): a charge made without a card, which the
 * buyer's browser confirms with a card it gives the provider itself (Stripe's Payment Element), so
 * the card never touches the product, not even as a token. Its idempotency key and reference as a
 * saved card's charge.
 */
export type BrowserChargeRequest = Omit<ChargeRequest, 'token' | 'returnUrl'>;

/**
 * seeds 001 "Payments" payment/authorize: an amount held on a saved card and not taken (an
 * authorization; Stripe's PaymentIntent with manual capture). Its idempotency key as a charge's: the
 * same key again answers the hold it made, never a second.
 */
export type HoldRequest = Omit<ChargeRequest, 'returnUrl'>;

/**
 * Takes `amount` (at most what was held) of a hold, once per idempotency key; what is left of the hold
 * goes back to the card. `reference` and `metadata` are the payment's that takes it, which the charge
 * carries from then on (its events and disputes name that payment).
 */
export interface CaptureRequest {
  chargeId: string;
  amount: number;
  idempotencyKey: string;
  reference: string;
  metadata?: Record<string, string>;
}

/** The charge made, and the secret the browser confirms it with (Stripe's `client_secret`). */
export interface BrowserCharge {
  chargeId: string;
  clientSecret: string;
}

/** Thrown when an idempotency key comes back with other parameters than its first request's. */
export class IdempotencyKeyReusedError extends Error {
  constructor(key: string) {
    super(`card provider: idempotency key ${key} was used for another request`);
    this.name = 'IdempotencyKeyReusedError';
  }
}

/**
 * Settled now, or the issuer wants the buyer to authenticate first (3-D Secure): the browser goes to
 * `url` in the same tab (seeds 001 §4) and comes back to the return URL.
 */
export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'requires_action'; chargeId: string; url: string };

/** A charge's state as the provider tells it after the buyer's authentication. */
export type ChargeState =
  | { status: 'succeeded' }
  | { status: 'requires_action' }
  | { status: 'failed'; reason: string };

/**
 * A provider's event (a webhook), checked by its signature and read in the port's words: a charge
 * settled, failed, refunded (by the provider, as from its dashboard) or disputed by the cardholder.
 * `id` is the provider's event id (the same event delivered twice has one id); `reference` and
 * `invoices` are what the charge was made with (our payment id, our invoice ids).
 */
export interface ProviderEvent {
  id: string;
  /** `dispute_won`, `dispute_lost`: a dispute decided by the card network. */
  outcome: 'succeeded' | 'failed' | 'refunded' | 'disputed' | 'dispute_won' | 'dispute_lost';
  chargeId: string;
  reference: string;
  invoices: string[];
  /** Refunded or disputed: how much, in cents. */
  amount?: number | undefined;
  /** Failed or disputed: why, in the provider's words. */
  reason?: string | undefined;
  /** Disputed or decided: the provider's dispute id. */
  disputeId?: string | undefined;
}

/** What a charge was made for: our payment reference and invoice ids, as the charge carries them. */
export interface ChargeInfo {
  reference: string;
  invoices: string[];
}

/** A webhook whose signature does not match the endpoint's secret (or is too old): never acted on. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Where the browser tokenises a card for this provider, and with which public key. */
export interface CardTokenisation {
  /** The sandbox vault's path on this origin, or the provider's API root (Stripe's). */
  url: string;
  /** The provider's publishable key; null when none is needed. */
  publishableKey: string | null;
}

export interface CardProvider {
  readonly name: string;
  /** Issue 35 §1: how the browser gives this provider a card (the product never sees the number). */
  readonly tokenisation: CardTokenisation;
  /**
   * A webhook's raw body and signature header read as an event, or null for one the product does not
   * follow. Throws WebhookSignatureError when the signature does not match. Absent for a provider
   * that sends none (the sandbox answers at once).
   */
  readEvent?(payload: Buffer, signature: string): ProviderEvent | null;
  /**
   * A tokenisation session for one card form, where the provider wants one (CyberSource's capture
   * context: where the browser posts the card and the key it encrypts it with, valid 15 minutes).
   * `origin` is the site's origin the form runs on. Absent for a provider with a publishable key.
   */
  captureContext?(origin: string): Promise<string>;
  /** Throws CardDeclinedError when the card is refused. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * A charge the browser confirms with a new card (BrowserChargeRequest); its outcome is read with
   * retrieveCharge and told by the provider's events. Absent for a provider without such a flow.
   */
  startBrowserCharge?(request: BrowserChargeRequest): Promise<BrowserCharge>;
  retrieveCharge(chargeId: string): Promise<ChargeState>;
  /**
   * Holds an amount on a saved card without taking it; its charge id is the hold's. Throws
   * CardDeclinedError when the card is refused, or wants its issuer's authentication (a hold is placed
   * with no buyer at an issuer's page). Absent for a provider the product does not hold with.
   */
  authorize?(request: HoldRequest): Promise<{ chargeId: string }>;
  /**
   * Takes a hold (CaptureRequest): a charge as `charge` makes, refunded and disputed as one. Throws
   * CardDeclinedError when the hold is no longer there to take (released, lapsed, taken by another key)
   * or is smaller than `amount`. Present with `authorize`.
   */
  capture?(request: CaptureRequest): Promise<{ chargeId: string }>;
  /**
   * What a charge was made for, for an event that does not say (Stripe's disputes name only the
   * PaymentIntent). Absent for a provider whose events carry it or that sends none.
   */
  chargeInfo?(chargeId: string): Promise<ChargeInfo>;
  /**
   * Gives back `amount` of a succeeded charge. With an idempotency key, the same key again answers
   * the refund it made the first time and gives nothing back twice.
   */
  refund(chargeId: string, amount: number, idempotencyKey?: string): Promise<{ refundId: string }>;
  /** Gives up a charge still waiting for authentication, or releases a hold not taken. */
  cancelCharge(chargeId: string): Promise<void>;
  createCard(card: NewCard, now: Date): Promise<ProviderCard>;
  updateCard(
    token: string,
    change: { expMonth: number; expYear: number; nameOnCard: string },
    now: Date,
  ): Promise<void>;
  deleteCard(token: string): Promise<void>;
}

/**
 * A provider whose browser tokenisation needs a session the server asks for, one per card form
 * (CyberSource's capture context, Versapay's session): it has no publishable key.
 */
export type CardProviderWithContext = CardProvider & Required<Pick<CardProvider, 'captureContext'>>;

/** A provider that holds amounts on saved cards and takes them later (payment/authorize). */
export type CardProviderWithHolds = CardProvider & Required<Pick<CardProvider, 'authorize' | 'capture'>>;

export const holdsWith = (provider: CardProvider): provider is CardProviderWithHolds =>
  provider.authorize !== undefined && provider.capture !== undefined;
