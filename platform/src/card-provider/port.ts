/**
 * The card-provider port (DOMAIN.md "Money"): the provider keeps the card; we keep its token, the
 * brand and the last four digits. A full card number passes through on create and is never stored.
 */
export interface NewCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  nameOnCard: string;
  zip?: string | undefined;
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

export interface CardProvider {
  readonly name: string;
  /** Throws CardDeclinedError when the card is refused. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  retrieveCharge(chargeId: string): Promise<ChargeState>;
  /** Gives back `amount` of a succeeded charge. */
  refund(chargeId: string, amount: number): Promise<{ refundId: string }>;
  /** Gives up a charge still waiting for authentication. */
  cancelCharge(chargeId: string): Promise<void>;
  createCard(card: NewCard, now: Date): Promise<ProviderCard>;
  updateCard(
    token: string,
    change: { expMonth: number; expYear: number; nameOnCard: string },
    now: Date,
  ): Promise<void>;
  deleteCard(token: string): Promise<void>;
}
