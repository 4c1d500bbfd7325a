import type { UserRecord } from '@wine/contracts';
import type { Role, UserEvent } from '@wine/event-schemas';
import { evolveAddressBook, type SavedAddress } from '../address-book/decide.ts';

type Preferences = UserRecord['preferences'];

export const defaultPreferences: Preferences = {
  email_notifications: true,
  sms_notifications: false,
  outbid_alerts: true,
  closing_reminders: true,
  won_notices: true,
  language: 'en',
};

/** The state a user's decisions need, folded from `user-<id>` (no secret is part of it). */
export interface User {
  status: 'empty' | 'active' | 'deactivate';
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  countryCode: string;
  emailVerified: boolean;
  /** The number that was verified; a changed phone is unverified again. */
  verifiedPhone: string | null;
  popupMessage: 0 | 1;
  preferences: Preferences;
  registeredAt: string;
  extra: Record<string, string | boolean | string[]>;
  /** Tokens issued before these instants are refused (DOMAIN.md "Accounts"). */
  passwordChangedAt: string | null;
  forceLogoutAt: string | null;
  cards: Card[];
  defaultCardId: string | null;
  kycStatus: 'none' | 'approved' | 'review' | 'rejected';
  /** Cents; null until an admin approves one. */
  bidLimit: number | null;
  bidLimitRequested: number | null;
  owners: Extract<UserEvent, { type: 'CompanyOwnerAdded' }>['data'][];
  address: Extract<UserEvent, { type: 'AddressSet' }>['data'] | null;
  /** DOMAIN.md "Roles", in the order granted; `seller` may list lots on the seller paths (seeds 001 §6). */
  roles: Role[];
  /** Lot ids on the watchlist, oldest first (seeds 000 §4.7). */
  watchlist: string[];
  /** Issue 31: the address book, oldest first. */
  addressBook: SavedAddress[];
  /** Producers followed with their rating, oldest first (seeds 000 §3.2 Follower). */
  follows: { producer: string; rating: number }[];
  /** Saved searches, oldest first (seeds 000 §2.1 /saved_search). */
  savedSearches: SavedSearch[];
}

export type Card = Omit<Extract<UserEvent, { type: 'CardAdded' }>['data'], 'provider'> & { provider: string };

export type SavedSearch = Extract<UserEvent, { type: 'SearchSaved' }>['data'];

export const initialUser = (): User => ({
  status: 'empty',
  id: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: null,
  countryCode: '+1',
  emailVerified: false,
  verifiedPhone: null,
  popupMessage: 0,
  preferences: defaultPreferences,
  registeredAt: '',
  extra: {},
  passwordChangedAt: null,
  forceLogoutAt: null,
  cards: [],
  defaultCardId: null,
  kycStatus: 'none',
  bidLimit: null,
  bidLimitRequested: null,
  owners: [],
  address: null,
  roles: [],
  watchlist: [],
  addressBook: [],
  follows: [],
  savedSearches: [],
});

const withRole = (state: User, role: Role, held: boolean): User => {
  const others = state.roles.filter((r) => r !== role);
  return { ...state, roles: held ? [...others, role] : others };
};

export const hasRole = (user: User, role: Role) => user.roles.includes(role);

export function evolveUser(state: User, event: UserEvent): User {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        ...state,
        status: 'active',
        id: d.userId,
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
        phone: d.phone,
        countryCode: d.countryCode,
        popupMessage: d.popupMessage,
        registeredAt: d.registeredAt,
        extra: d.extra ?? {},
      };
    }
    case 'EmailVerified':
      return { ...state, emailVerified: true };
    case 'PhoneVerified':
      return { ...state, verifiedPhone: event.data.phone };
    case 'PasswordChanged':
      return { ...state, passwordChangedAt: event.data.at };
    case 'ProfileUpdated': {
      const { firstName, lastName, phone } = event.data;
      return {
        ...state,
        ...(firstName !== undefined && { firstName }),
        ...(lastName !== undefined && { lastName }),
        ...(phone !== undefined && { phone }),
      };
    }
    case 'PopupAcknowledged':
      return { ...state, popupMessage: 0 };
    case 'PreferencesUpdated':
      return { ...state, preferences: event.data };
    case 'UserStatusChanged':
      return { ...state, status: event.data.status };
    case 'LogoutForced':
      return { ...state, forceLogoutAt: event.data.at };
    case 'CardAdded':
      return { ...state, cards: [...state.cards, event.data] };
    case 'CardUpdated': {
      const { cardId, ...change } = event.data;
      return { ...state, cards: state.cards.map((c) => (c.cardId === cardId ? { ...c, ...change } : c)) };
    }
    case 'CardRemoved':
      return { ...state, cards: state.cards.filter((c) => c.cardId !== event.data.cardId) };
    case 'DefaultCardChanged':
      return { ...state, defaultCardId: event.data.cardId };
    case 'KycChecked':
      return { ...state, kycStatus: event.data.status };
    case 'BidLimitRequested':
      return { ...state, bidLimitRequested: event.data.amount };
    case 'BidLimitApproved':
      return { ...state, bidLimit: event.data.amount, bidLimitRequested: null };
    case 'AddressSet':
      return { ...state, address: event.data };
    case 'CompanyOwnerAdded':
      return { ...state, owners: [...state.owners, event.data] };
    case 'CompanyOwnerUpdated':
      return {
        ...state,
        owners: state.owners.map((o) => (o.ownerId === event.data.ownerId ? event.data : o)),
      };
    case 'CompanyOwnerRemoved':
      return { ...state, owners: state.owners.filter((o) => o.ownerId !== event.data.ownerId) };
    case 'RoleGranted':
      return withRole(state, event.data.role, true);
    case 'RoleRevoked':
      return withRole(state, event.data.role, false);
    // Before roles, an admin made a user a seller with this event.
    case 'SellerStatusChanged':
      return withRole(state, 'seller', event.data.seller);
    case 'LotWatched':
      return { ...state, watchlist: [...state.watchlist, event.data.lotId] };
    case 'LotUnwatched':
      return { ...state, watchlist: state.watchlist.filter((id) => id !== event.data.lotId) };
    case 'AddressBookEntrySaved':
    case 'AddressBookEntryRemoved':
      return evolveAddressBook(state, event);
    case 'ProducerFollowed': {
      const { producer, rating } = event.data;
      const known = state.follows.some((f) => f.producer === producer);
      return {
        ...state,
        follows: known
          ? state.follows.map((f) => (f.producer === producer ? { producer, rating } : f))
          : [...state.follows, { producer, rating }],
      };
    }
    case 'ProducerUnfollowed':
      return { ...state, follows: state.follows.filter((f) => f.producer !== event.data.producer) };
    case 'SearchSaved':
      return { ...state, savedSearches: [...state.savedSearches, event.data] };
    case 'SavedSearchNotifyChanged':
      return {
        ...state,
        savedSearches: state.savedSearches.map((s) =>
          s.searchId === event.data.searchId ? { ...s, notify: event.data.notify } : s,
        ),
      };
    case 'SavedSearchDeleted':
      return {
        ...state,
        savedSearches: state.savedSearches.filter((s) => s.searchId !== event.data.searchId),
      };
    case 'SavedSearchAlertSent':
    case 'NotificationSent':
      return state;
    case 'EmailVerificationSent':
    case 'PhoneVerificationSent':
    case 'SignedIn':
    case 'SignedOut':
    case 'PasswordResetRequested':
      return state;
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

/** The record login and validateUser answer (seeds 000 §4.8): only a live session gets it, so `force_logout` is 0. */
export function userRecord(user: User): UserRecord {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    country_code: user.countryCode,
    status: user.status === 'deactivate' ? 'deactivate' : 'active',
    email_verified: user.emailVerified,
    phone_verified: user.phone !== null && user.verifiedPhone === user.phone,
    popup_message: user.popupMessage,
    force_logout: 0,
    isAdmin: hasRole(user, 'admin'),
    roles: user.roles,
    preferences: user.preferences,
    created_at: user.registeredAt,
    card_on_file: user.cards.length > 0,
    kyc_status: user.kycStatus,
    extra: user.extra,
    address: user.address
      ? {
          address1: user.address.address1,
          city: user.address.city,
          state: user.address.state,
          zip: user.address.zip,
          latitude: user.address.latitude,
          longitude: user.address.longitude,
          full_address: user.address.fullAddress,
          place_id: user.address.placeId,
        }
      : null,
    bid_limit: user.bidLimit,
    bid_limit_requested: user.bidLimitRequested,
    is_seller: hasRole(user, 'seller'),
  };
}
