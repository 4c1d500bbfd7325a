/**
 * A marketing contact: an address someone asked to receive the merchant's newsletter with, and what
 * the marketing list needs to know about it. Platform knows no product: `source` and `language` are
 * plain strings the caller chooses.
 */
export interface MarketingContact {
  /** Lower-cased and trimmed by the caller. */
  email: string;
  /** Where the contact came from (the storefront's footer, say). */
  source: string;
  /** The language the contact was using ('en', 'es'). */
  language: string;
}

/** What the request that adds a contact brings: its ids (idempotency, tracing). */
export interface MarketingRequest {
  commandId: string;
  correlationId: string;
  now: Date;
}

/**
 * The marketing port (seeds 001 §7 "custom/index/campaign/zoho addcontacts ... subscribeCampaign"):
 * where newsletter contacts go. An address added twice is not an error: `added` is false the second
 * time. Embedded, contacts are events on the log (the command-service's adapter); a hosted marketing
 * service would be another adapter behind the same interface.
 */
export interface Marketing {
  addContact(contact: MarketingContact, request: MarketingRequest): Promise<{ added: boolean }>;
}
