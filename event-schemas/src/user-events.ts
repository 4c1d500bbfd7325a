import { z } from 'zod';
import { defineEvent } from './registry.ts';

/**
 * Account events (`user-<id>` streams). None carries a password, a hash, a token or a code: those
 * live in the secret store; the log keeps only that something happened, when and by whom.
 */
export const Preferences = z.object({
  email_notifications: z.boolean(),
  sms_notifications: z.boolean(),
  outbid_alerts: z.boolean(),
  closing_reminders: z.boolean(),
});

/**
 * seeds 000 §4.8: the card processor changed on 1/16/2025 and deleted the cards stored before it. An
 * account registered since had none to lose, so its welcome popup (set at every registration until
 * issue 31) is not shown: version 2 is version 1 with that corrected when read.
 */
export const CARD_PROCESSOR_CHANGED_AT = '2025-01-16T00:00:00.000Z';
const UserRegisteredData = z.object({
  userId: z.string().min(1).max(64),
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  email: z.string().min(3).max(254),
  phone: z
    .string()
    .regex(/^\d{10}$/)
    .nullable(),
  countryCode: z.string().max(5),
  newsletter: z.boolean(),
  registeredAt: z.iso.datetime(),
  /** seeds 000 §4.8: 1 shows the welcome popup (card processor change) until acknowledged. */
  popupMessage: z.union([z.literal(0), z.literal(1)]),
  /** Answers to the merchant's configured extra questions (seeds 001 "Dynamic form field"). */
  extra: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())])).optional(),
});
export const UserRegistered = defineEvent({
  type: 'UserRegistered',
  version: 2,
  schema: UserRegisteredData,
  upcasters: {
    1: (data) => {
      const d = data as { registeredAt: string; popupMessage: 0 | 1 };
      return Date.parse(d.registeredAt) >= Date.parse(CARD_PROCESSOR_CHANGED_AT)
        ? { ...d, popupMessage: 0 }
        : d;
    },
  },
});

export const EmailVerificationSent = defineEvent({
  type: 'EmailVerificationSent',
  version: 1,
  schema: z.object({ expiresAt: z.iso.datetime() }),
});

export const EmailVerified = defineEvent({
  type: 'EmailVerified',
  version: 1,
  // operator: the server's operator vouched for the address (the embedded demo's first admin).
  schema: z.object({ via: z.enum(['code', 'link', 'invite', 'operator']) }),
});

export const PhoneVerificationSent = defineEvent({
  type: 'PhoneVerificationSent',
  version: 1,
  schema: z.object({ expiresAt: z.iso.datetime() }),
});

export const PhoneVerified = defineEvent({
  type: 'PhoneVerified',
  version: 1,
  schema: z.object({ phone: z.string().regex(/^\d{10}$/) }),
});

export const SignedIn = defineEvent({ type: 'SignedIn', version: 1, schema: z.object({}) });
export const SignedOut = defineEvent({ type: 'SignedOut', version: 1, schema: z.object({}) });

export const PasswordResetRequested = defineEvent({
  type: 'PasswordResetRequested',
  version: 1,
  schema: z.object({ expiresAt: z.iso.datetime() }),
});

export const PasswordChanged = defineEvent({
  type: 'PasswordChanged',
  version: 1,
  /** `at` is what tokens are compared with: one issued before it is refused. */
  schema: z.object({ via: z.enum(['reset', 'change']), at: z.iso.datetime() }),
});

export const ProfileUpdated = defineEvent({
  type: 'ProfileUpdated',
  version: 1,
  schema: z.object({
    firstName: z.string().min(1).max(100).optional(),
    lastName: z.string().min(1).max(100).optional(),
    phone: z
      .string()
      .regex(/^\d{10}$/)
      .nullable()
      .optional(),
  }),
});

export const PopupAcknowledged = defineEvent({ type: 'PopupAcknowledged', version: 1, schema: z.object({}) });

/**
 * Issue 31: the notification choices (/account/notifications). Version 2 adds the "you won" mail's
 * switch and the language mail and texts are written in; version 1 choices had both by default.
 */
export const PreferencesV2 = Preferences.extend({
  won_notices: z.boolean(),
  language: z.enum(['en', 'es']),
  /** Issue 37: the mail that a watched lot is coming up in the live room, asked for (absent: off). */
  coming_up_notices: z.boolean().optional(),
});
export const PreferencesUpdated = defineEvent({
  type: 'PreferencesUpdated',
  version: 2,
  schema: PreferencesV2,
  upcasters: { 1: (data) => ({ won_notices: true, language: 'en', ...(data as object) }) },
});

export const UserStatusChanged = defineEvent({
  type: 'UserStatusChanged',
  version: 1,
  schema: z.object({ status: z.enum(['active', 'deactivate']) }),
});

export const LogoutForced = defineEvent({
  type: 'LogoutForced',
  version: 1,
  schema: z.object({ at: z.iso.datetime() }),
});

/** A card on file: the provider's token stays in the secret store under the card id. */
export const CardAdded = defineEvent({
  type: 'CardAdded',
  version: 1,
  schema: z.object({
    cardId: z.string().min(1).max(64),
    provider: z.string().min(1).max(40),
    brand: z.enum(['visa', 'mastercard', 'amex', 'discover', 'other']),
    last4: z.string().regex(/^\d{4}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2100),
    nameOnCard: z.string().min(1).max(100),
  }),
});
export const CardUpdated = defineEvent({
  type: 'CardUpdated',
  version: 1,
  schema: z.object({
    cardId: z.string().min(1).max(64),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2100),
    nameOnCard: z.string().min(1).max(100),
  }),
});
export const CardRemoved = defineEvent({
  type: 'CardRemoved',
  version: 1,
  schema: z.object({ cardId: z.string().min(1).max(64) }),
});
/**
 * Issue 35 §2 (seeds 000 §4.8's welcome popup made true): the house switched its card provider, so the
 * cards kept with the previous one cannot be charged; they are dropped from the account, whose welcome
 * popup asks for them again. `provider` is the one now configured.
 */
export const StoredCardsDropped = defineEvent({
  type: 'StoredCardsDropped',
  version: 1,
  schema: z.object({
    provider: z.string().min(1).max(40),
    cardIds: z.array(z.string().min(1).max(64)).min(1).max(20),
  }),
});
export const DefaultCardChanged = defineEvent({
  type: 'DefaultCardChanged',
  version: 1,
  schema: z.object({ cardId: z.string().min(1).max(64).nullable() }),
});

/**
 * seeds 001 "Payments" payment/authorize: an amount held on a card on file for the buyer's unpaid
 * invoices, not taken; the checkout that pays them with the card takes it. `chargeId` is the provider's
 * hold (no secret: as a charge's reference); it lapses at the provider at `expiresAt`.
 */
export const CardHoldPlaced = defineEvent({
  type: 'CardHoldPlaced',
  version: 1,
  schema: z.object({
    holdId: z.string().min(1).max(80),
    cardId: z.string().min(1).max(64),
    provider: z.string().min(1).max(40),
    amount: z.number().int().positive(),
    chargeId: z.string().min(1).max(200),
    invoiceIds: z.array(z.string().min(1).max(80)).min(1).max(50),
    expiresAt: z.iso.datetime(),
  }),
});
/** A hold given back to the card: the buyer's, a newer hold, the card removed, a payment that could not take it. */
export const CardHoldReleased = defineEvent({
  type: 'CardHoldReleased',
  version: 1,
  schema: z.object({
    holdId: z.string().min(1).max(80),
    reason: z.enum(['released', 'replaced', 'card_removed', 'lapsed', 'not_taken']),
  }),
});
/** A checkout took `amount` of the hold as its card payment (`paymentId`): the card charged once. */
export const CardHoldCaptured = defineEvent({
  type: 'CardHoldCaptured',
  version: 1,
  schema: z.object({
    holdId: z.string().min(1).max(80),
    amount: z.number().int().positive(),
    paymentId: z.string().min(1).max(80),
  }),
});

/** An identity check's outcome; the personal data checked stays with the provider. */
export const KycChecked = defineEvent({
  type: 'KycChecked',
  version: 1,
  schema: z.object({
    provider: z.string().min(1).max(40),
    status: z.enum(['approved', 'review', 'rejected']),
    reference: z.string().min(1).max(100),
  }),
});

/**
 * Issue 38 §3 updateProfileKYC: the user saved the identity details of their profile. Only the names of
 * the fields that changed: the values are sealed in the secret store, never in the log.
 */
export const KycProfileUpdated = defineEvent({
  type: 'KycProfileUpdated',
  version: 1,
  schema: z.object({
    fields: z.array(z.enum(['date_of_birth', 'nationality', 'id_type', 'id_last4'])).min(1),
  }),
});

/** A bidder asks for a higher bid limit; an admin approves it (seeds 001 §7 approveBidLimitRequest). */
export const BidLimitRequested = defineEvent({
  type: 'BidLimitRequested',
  version: 1,
  schema: z.object({ amount: z.number().int().min(1) }),
});
export const BidLimitApproved = defineEvent({
  type: 'BidLimitApproved',
  version: 1,
  schema: z.object({ amount: z.number().int().min(1) }),
});
/** Issue 34: an admin refused the raise asked for (`amount`), saying why; the bidder is told. */
export const BidLimitRefused = defineEvent({
  type: 'BidLimitRefused',
  version: 1,
  schema: z.object({ amount: z.number().int().min(1), reason: z.string().min(1).max(500) }),
});

const CompanyOwner = z.object({
  ownerId: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  title: z.string().max(100),
  email: z.string().max(254),
  /** Whole percent of the business this owner holds. */
  ownershipPercent: z.number().int().min(1).max(100),
});
/** Business accounts list their owners (seeds 001 §1 "company-owner"). */
export const CompanyOwnerAdded = defineEvent({ type: 'CompanyOwnerAdded', version: 1, schema: CompanyOwner });
export const CompanyOwnerUpdated = defineEvent({
  type: 'CompanyOwnerUpdated',
  version: 1,
  schema: CompanyOwner,
});
export const CompanyOwnerRemoved = defineEvent({
  type: 'CompanyOwnerRemoved',
  version: 1,
  schema: z.object({ ownerId: z.string().min(1).max(64) }),
});

/** seeds 000 §4.7: the watchlist toggle (addWatchlist / removeWatchlist). */
export const LotWatched = defineEvent({
  type: 'LotWatched',
  version: 1,
  schema: z.object({ lotId: z.string().min(1).max(64) }),
});
export const LotUnwatched = defineEvent({
  type: 'LotUnwatched',
  version: 1,
  schema: z.object({ lotId: z.string().min(1).max(64) }),
});

/** seeds 000 §2.7, §3.2 Follower (follows, rating), §4.7: the user follows a producer; again with another rating re-rates it. */
const ProducerName = z.string().min(1).max(200);
export const ProducerFollowed = defineEvent({
  type: 'ProducerFollowed',
  version: 1,
  schema: z.object({ producer: ProducerName, rating: z.number().int().min(1).max(5) }),
});
export const ProducerUnfollowed = defineEvent({
  type: 'ProducerUnfollowed',
  version: 1,
  schema: z.object({ producer: ProducerName }),
});

/**
 * seeds 000 §2.1 /saved_search: a search the user keeps. `filters` are the seeds' search filter
 * object's filters, validated against the whitelist in contracts (search-filter.ts) before they get here.
 */
const SavedSearchId = z.string().min(1).max(64);
const SavedFilterValue = z.union([
  z.string().max(100),
  z.number(),
  z.array(z.union([z.string().max(100), z.number()])),
]);
export const SearchSaved = defineEvent({
  type: 'SearchSaved',
  version: 1,
  schema: z.object({
    searchId: SavedSearchId,
    name: z.string().min(1).max(60),
    filters: z.record(
      z.string().max(64),
      z.object({ value: SavedFilterValue, type: z.string().max(32), field: z.string().max(64) }),
    ),
    notify: z.boolean(),
  }),
});
export const SavedSearchNotifyChanged = defineEvent({
  type: 'SavedSearchNotifyChanged',
  version: 1,
  schema: z.object({ searchId: SavedSearchId, notify: z.boolean() }),
});
export const SavedSearchDeleted = defineEvent({
  type: 'SavedSearchDeleted',
  version: 1,
  schema: z.object({ searchId: SavedSearchId }),
});
/** The new-lot alert of a saved search was mailed: one per user and lot, so a restart mails nobody twice. */
export const SavedSearchAlertSent = defineEvent({
  type: 'SavedSearchAlertSent',
  version: 1,
  schema: z.object({ searchId: SavedSearchId, lotId: z.string().min(1).max(64) }),
});

/**
 * Issue 31: a bidder's notification (an outbid, a closing-soon reminder, a won lot) was sent, on the
 * channels their choices asked for; written before the mail, once per user, kind, lot and `ref` (the
 * bid that took the lead, the close, the invoice), so however many instances follow the log, one mails.
 */
export const NotificationSent = defineEvent({
  type: 'NotificationSent',
  version: 1,
  schema: z.object({
    kind: z.enum(['outbid', 'closing', 'won', 'bidCancelled', 'leading', 'coming_up']),
    lotId: z.string().min(1).max(64),
    ref: z.string().min(1).max(64),
    channels: z.array(z.enum(['email', 'sms'])).min(1),
  }),
});

/** An admin lets a user list lots as a seller (seeds 001 §6: seller paths), or stops it. */
export const SellerStatusChanged = defineEvent({
  type: 'SellerStatusChanged',
  version: 1,
  schema: z.object({ seller: z.boolean() }),
});

/** DOMAIN.md "Roles": what a user may do beyond bidding and buying; a user may hold several. */
export const roles = ['admin', 'seller', 'auditor', 'finance', 'support', 'auctioneer', 'vendor'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

/**
 * DOMAIN.md "Roles": granted and revoked by an admin (the event's actor) or, for the first admin,
 * by the server's command line (a `system` actor).
 */
export const RoleGranted = defineEvent({ type: 'RoleGranted', version: 1, schema: z.object({ role: Role }) });
export const RoleRevoked = defineEvent({ type: 'RoleRevoked', version: 1, schema: z.object({ role: Role }) });

/** seeds 001 §3 "Address form": the user's address (userAddress). */
export const AddressSet = defineEvent({
  type: 'AddressSet',
  version: 1,
  schema: z.object({
    address1: z.string().min(1).max(200),
    city: z.string().min(1).max(100),
    state: z.string().min(1).max(50),
    zip: z.string().min(1).max(10),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
    fullAddress: z.string().max(400),
    placeId: z.string().max(300).nullable(),
  }),
});

/** An admin invited an address to register (seeds 001 §2 /invite); the link's token is in the secret store. */
export const InvitationSent = defineEvent({
  type: 'InvitationSent',
  version: 1,
  schema: z.object({
    firstName: z.string().min(1).max(100),
    lastName: z.string().min(1).max(100),
    expiresAt: z.iso.datetime(),
  }),
});
export const InvitationAccepted = defineEvent({
  type: 'InvitationAccepted',
  version: 1,
  schema: z.object({ userId: z.string().min(1).max(64) }),
});

/** Who holds an e-mail address (`email-<sha256>` streams): the last claim wins (DOMAIN.md "Accounts"). */
export const EmailClaimed = defineEvent({
  type: 'EmailClaimed',
  version: 1,
  schema: z.object({ userId: z.string().min(1).max(64) }),
});

type Data<D> = D extends { schema: z.ZodType<infer T> } ? T : never;
export type UserEvent =
  | { type: 'UserRegistered'; data: Data<typeof UserRegistered> }
  | { type: 'EmailVerificationSent'; data: Data<typeof EmailVerificationSent> }
  | { type: 'EmailVerified'; data: Data<typeof EmailVerified> }
  | { type: 'PhoneVerificationSent'; data: Data<typeof PhoneVerificationSent> }
  | { type: 'PhoneVerified'; data: Data<typeof PhoneVerified> }
  | { type: 'SignedIn'; data: Data<typeof SignedIn> }
  | { type: 'SignedOut'; data: Data<typeof SignedOut> }
  | { type: 'PasswordResetRequested'; data: Data<typeof PasswordResetRequested> }
  | { type: 'PasswordChanged'; data: Data<typeof PasswordChanged> }
  | { type: 'ProfileUpdated'; data: Data<typeof ProfileUpdated> }
  | { type: 'PopupAcknowledged'; data: Data<typeof PopupAcknowledged> }
  | { type: 'PreferencesUpdated'; data: Data<typeof PreferencesUpdated> }
  | { type: 'UserStatusChanged'; data: Data<typeof UserStatusChanged> }
  | { type: 'LogoutForced'; data: Data<typeof LogoutForced> }
  | { type: 'CardAdded'; data: Data<typeof CardAdded> }
  | { type: 'CardUpdated'; data: Data<typeof CardUpdated> }
  | { type: 'CardRemoved'; data: Data<typeof CardRemoved> }
  | { type: 'StoredCardsDropped'; data: Data<typeof StoredCardsDropped> }
  | { type: 'DefaultCardChanged'; data: Data<typeof DefaultCardChanged> }
  | { type: 'CardHoldPlaced'; data: Data<typeof CardHoldPlaced> }
  | { type: 'CardHoldReleased'; data: Data<typeof CardHoldReleased> }
  | { type: 'CardHoldCaptured'; data: Data<typeof CardHoldCaptured> }
  | { type: 'KycChecked'; data: Data<typeof KycChecked> }
  | { type: 'KycProfileUpdated'; data: Data<typeof KycProfileUpdated> }
  | { type: 'BidLimitRequested'; data: Data<typeof BidLimitRequested> }
  | { type: 'BidLimitApproved'; data: Data<typeof BidLimitApproved> }
  | { type: 'BidLimitRefused'; data: Data<typeof BidLimitRefused> }
  | { type: 'CompanyOwnerAdded'; data: Data<typeof CompanyOwnerAdded> }
  | { type: 'CompanyOwnerUpdated'; data: Data<typeof CompanyOwnerUpdated> }
  | { type: 'CompanyOwnerRemoved'; data: Data<typeof CompanyOwnerRemoved> }
  | { type: 'AddressSet'; data: Data<typeof AddressSet> }
  | { type: 'LotWatched'; data: Data<typeof LotWatched> }
  | { type: 'LotUnwatched'; data: Data<typeof LotUnwatched> }
  | import('./address-book-events.ts').AddressBookEvent
  | { type: 'ProducerFollowed'; data: Data<typeof ProducerFollowed> }
  | { type: 'ProducerUnfollowed'; data: Data<typeof ProducerUnfollowed> }
  | { type: 'SearchSaved'; data: Data<typeof SearchSaved> }
  | { type: 'SavedSearchNotifyChanged'; data: Data<typeof SavedSearchNotifyChanged> }
  | { type: 'SavedSearchDeleted'; data: Data<typeof SavedSearchDeleted> }
  | { type: 'SavedSearchAlertSent'; data: Data<typeof SavedSearchAlertSent> }
  | { type: 'NotificationSent'; data: Data<typeof NotificationSent> }
  | { type: 'SellerStatusChanged'; data: Data<typeof SellerStatusChanged> }
  | { type: 'RoleGranted'; data: Data<typeof RoleGranted> }
  | { type: 'RoleRevoked'; data: Data<typeof RoleRevoked> };
export type EmailClaimEvent = { type: 'EmailClaimed'; data: Data<typeof EmailClaimed> };
export type InviteEvent =
  | { type: 'InvitationSent'; data: Data<typeof InvitationSent> }
  | { type: 'InvitationAccepted'; data: Data<typeof InvitationAccepted> };

export const userEventDefinitions = [
  UserRegistered,
  EmailVerificationSent,
  EmailVerified,
  PhoneVerificationSent,
  PhoneVerified,
  SignedIn,
  SignedOut,
  PasswordResetRequested,
  PasswordChanged,
  ProfileUpdated,
  PopupAcknowledged,
  PreferencesUpdated,
  UserStatusChanged,
  LogoutForced,
  CardAdded,
  CardUpdated,
  CardRemoved,
  StoredCardsDropped,
  DefaultCardChanged,
  CardHoldPlaced,
  CardHoldReleased,
  CardHoldCaptured,
  KycChecked,
  KycProfileUpdated,
  BidLimitRequested,
  BidLimitApproved,
  BidLimitRefused,
  CompanyOwnerAdded,
  CompanyOwnerUpdated,
  CompanyOwnerRemoved,
  AddressSet,
  LotWatched,
  LotUnwatched,
  ProducerFollowed,
  ProducerUnfollowed,
  SearchSaved,
  SavedSearchNotifyChanged,
  SavedSearchDeleted,
  SavedSearchAlertSent,
  NotificationSent,
  SellerStatusChanged,
  RoleGranted,
  RoleRevoked,
  InvitationSent,
  InvitationAccepted,
  EmailClaimed,
] as const;
