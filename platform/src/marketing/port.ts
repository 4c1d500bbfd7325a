/**
 * A marketing contact as the marketing service receives it: an address whose owner confirmed they
 * want the merchant's newsletter. Platform knows no product: `source`, `language` and `kind` are plain
 * strings the caller chooses.
 */
export interface MarketingContact {
  /** Lower-cased and trimmed by the caller. */
  email: string;
  /** Where the contact came from (the storefront's footer, say). */
  source: string;
  /** The language the contact was using ('en', 'es'). */
  language: string;
  /** The contact's kind (seeds 001 §7: only User, Subscriber and Registered are sent on). */
  kind: string;
}

/** seeds 001 §7 "addcontacts (only for User, Subscriber, Registered)". */
export const marketingContactKinds = ['User', 'Subscriber', 'Registered'] as const;
export type MarketingContactKind = (typeof marketingContactKinds)[number];

/**
 * seeds 001 §7: "the payload carries user_type or tag by contact kind plus sendToZoho", with the
 * contact in it ("body {contact}"). An account (User, Registered) goes with its `user_type`; a
 * newsletter-only Subscriber with a `tag`.
 */
export interface MarketingPayload {
  contact: { email: string; source: string; language: string };
  user_type: 'User' | 'Registered' | null;
  tag: 'Subscriber' | null;
  sendToZoho: boolean;
}

/** The payload for a contact, or null for a kind the marketing service is not sent (seeds 001 §7). */
export function marketingPayload(contact: MarketingContact): MarketingPayload | null {
  const { email, source, language, kind } = contact;
  const base = { contact: { email, source, language }, sendToZoho: true };
  switch (kind) {
    case 'User':
    case 'Registered':
      return { ...base, user_type: kind, tag: null };
    case 'Subscriber':
      return { ...base, user_type: null, tag: kind };
    default:
      return null;
  }
}

/** What a service did with a contact: which service, and the payload it was given. */
export interface MarketingReceipt {
  service: string;
  payload: MarketingPayload;
}

/**
 * The service refused or could not be reached: its own code and message (never a credential), so the
 * caller records why and tries again later.
 */
export class MarketingServiceError extends Error {
  constructor(
    readonly service: string,
    readonly code: string,
    message: string,
  ) {
    super(`${service} ${code}: ${message}`);
    this.name = 'MarketingServiceError';
  }
}

/**
 * The marketing port (seeds 001 §7 "custom/index/campaign/zoho addcontacts ... then
 * subscribeCampaign"): where confirmed newsletter contacts are sent on. Adding an address already
 * there changes nothing (a retried delivery adds nobody twice). A kind the service is not sent is
 * answered null, with no call made; a refusal or an unreachable service throws MarketingServiceError.
 * The embedded default is the sandbox, which records what it would send; Zoho Campaigns is another
 * adapter behind the same interface.
 */
export interface Marketing {
  /** 'sandbox' or 'zoho-campaigns', recorded with each contact sent on. */
  readonly name: string;
  addContact(contact: MarketingContact): Promise<MarketingReceipt | null>;
}
