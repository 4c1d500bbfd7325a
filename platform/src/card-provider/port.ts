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

export interface CardProvider {
  readonly name: string;
  createCard(card: NewCard, now: Date): Promise<ProviderCard>;
  updateCard(
    token: string,
    change: { expMonth: number; expYear: number; nameOnCard: string },
    now: Date,
  ): Promise<void>;
  deleteCard(token: string): Promise<void>;
}
