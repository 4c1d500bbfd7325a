import type { UserRecord } from '@wine/contracts';
import type { UserEvent } from '@wine/event-schemas';
import { addressBookSlice } from '../address-book/decide.ts';
import { notificationsSlice } from '../notifications/decide.ts';
import { followsSlice } from '../producers/decide.ts';
import { savedSearchesSlice } from '../saved-searches/decide.ts';
import { watchlistSlice } from '../watchlists/decide.ts';
import { cardsSlice } from './cards/decide.ts';
import { holdsSlice } from './cards/holds.ts';
import { identitySlice } from './identity/decide.ts';
import { passwordSlice } from './passwords/decide.ts';
import { profileSlice } from './profile/decide.ts';
import { protectedProfileSlice } from './protected-profile/decide.ts';
import { hasRole, rolesSlice } from './roles/decide.ts';
import { accountSlice } from './session/decide.ts';
import { userAdminSlice } from './user-admin/decide.ts';
import { verificationSlice } from './verification/decide.ts';

/** The capabilities that act on the user's stream, each owning its slice of the state and its events. */
export const userSlices = [
  accountSlice,
  verificationSlice,
  passwordSlice,
  profileSlice,
  protectedProfileSlice,
  cardsSlice,
  holdsSlice,
  identitySlice,
  rolesSlice,
  userAdminSlice,
  watchlistSlice,
  addressBookSlice,
  followsSlice,
  savedSearchesSlice,
  notificationsSlice,
] as const;

type Slice = (typeof userSlices)[number];
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type EventsOf<S> = S extends { evolve: infer E } ? keyof E : never;

/** The state a user's decisions need, folded from `user-<id>` (no secret is part of it): every slice's. */
export type User = Intersection<Slice['initial']>;

/** A user event no slice evolves does not compile: this names it. */
type Unhandled = Exclude<UserEvent['type'], EventsOf<Slice>>;
export const everyUserEventHandled: [Unhandled] extends [never] ? true : Unhandled = true;

type Evolver = (state: User, event: UserEvent) => Partial<User>;
const evolvers: Record<UserEvent['type'], Evolver> = Object.assign(
  {},
  ...userSlices.map((slice) => slice.evolve),
);

export const initialUser = (): User => Object.assign({}, ...userSlices.map((slice) => slice.initial));

export function evolveUser(state: User, event: UserEvent): User {
  const next = evolvers[event.type](state, event);
  return next === state ? state : { ...state, ...next };
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
    kyc_profile_saved: user.kycProfileSaved,
  };
}
