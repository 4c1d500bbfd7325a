/** ARCHITECTURE.md "Streams": one stream per aggregate instance. */
export const streamCategories = [
  'lot',
  'user',
  'email',
  'invite',
  'cart',
  'invoice',
  'invoicenumbers',
  'wallet',
  'giftcard',
  'slot',
  'appointment',
  'page',
  'banner',
  'lotviews',
  'enquiry',
  'agreement',
  'investor',
  'contact',
  'import',
  'auction',
  'payout',
  'settings',
  'payment',
  /** Issue 37 §6: a bidder's bid sheet for one auction (bid-sheet-events.ts). */
  'bidsheet',
  /** Issue 38 §5: one managed reference list (reference-data-events.ts). */
  'referencedata',
] as const;
export type StreamCategory = (typeof streamCategories)[number];

export const streamName = (category: StreamCategory, id: string): string => {
  if (!id) throw new Error(`a ${category} stream needs an id`);
  return `${category}-${id}`;
};

export const lotStream = (id: string) => streamName('lot', id);
/** Issue 35 §4: a consignment agreement made by the documents service, by its id. */
export const agreementStream = (id: string) => streamName('agreement', id);
/** Issue 35 §3: a user's investor onboarding and orders, by the user's id. */
export const investorStream = (userId: string) => streamName('investor', userId);
export const userStream = (id: string) => streamName('user', id);
/** Keyed by the sha256 of the normalised address, so the stream name carries no e-mail. */
export const emailStream = (emailHash: string) => streamName('email', emailHash);
/** Invitations to an address, keyed like e-mail claims. */
export const inviteStream = (emailHash: string) => streamName('invite', emailHash);
export const cartStream = (id: string) => streamName('cart', id);
export const invoiceStream = (id: string) => streamName('invoice', id);
/** Issue 31: one year's invoice numbers, taken one after another. */
export const invoiceNumberStream = (year: number) => streamName('invoicenumbers', String(year));
export const walletStream = (userId: string) => streamName('wallet', userId);
/** Keyed by the sha256 of the gift card's code: the code itself is never stored (DOMAIN.md "Money"). */
export const giftCardStream = (codeHash: string) => streamName('giftcard', codeHash);
/** One pickup slot, keyed by its start as a UTC ISO instant: its places taken and given back. */
export const slotStream = (startsAt: string) => streamName('slot', new Date(startsAt).toISOString());
/** An invoice's pickup appointment. */
export const appointmentStream = (invoiceId: string) => streamName('appointment', invoiceId);
/** A static content page, by its id (seeds 000 §2.2). */
export const pageStream = (pageId: string) => streamName('page', pageId);
/** A visitor's enquiry (contact or consignment), by its id. */
export const enquiryStream = (enquiryId: string) => streamName('enquiry', enquiryId);
/** A marketing contact, keyed by the sha256 of the lower-cased address (no e-mail in the name). */
export const contactStream = (emailHash: string) => streamName('contact', emailHash);
/** A home banner, by its id (seeds 000 §3.2 "home banners"). */
export const bannerStream = (bannerId: string) => streamName('banner', bannerId);

/** Issue 34: the merchant's details and configuration variables, one stream for the house. */
export const settingsStream = streamName('settings', 'house');

/** A lot's page views (seeds 000 §7 increaseProductViewCount), apart from the lot's own stream. */
export const lotViewsStream = (lotId: string) => streamName('lotviews', lotId);

export function parseStreamName(name: string): { category: StreamCategory; id: string } | null {
  const dash = name.indexOf('-');
  if (dash <= 0) return null;
  const category = name.slice(0, dash) as StreamCategory;
  if (!streamCategories.includes(category)) return null;
  const id = name.slice(dash + 1);
  return id ? { category, id } : null;
}
