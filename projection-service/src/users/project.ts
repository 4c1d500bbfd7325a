import { USERS, type UserDocument } from '@wine/contracts';
import type { RecordedEvent, Role, UserEvent } from '@wine/event-schemas';
import { parseStreamName } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

/** A role given or taken, guarded by position; `is_seller` follows the seller role. */
function roleChange(userId: string, event: RecordedEvent, role: Role, held: boolean): ProjectedOperation {
  const set = role === 'seller' ? { is_seller: held } : {};
  return guardedUpdate(
    USERS,
    userId,
    event,
    held ? { $addToSet: { roles: role }, $set: set } : { $pull: { roles: role }, $set: set },
  );
}

/** `$set` guarded by the document's `_position`. */
const guarded = (userId: string, event: RecordedEvent, set: Partial<UserDocument>) =>
  guardedUpdate(USERS, userId, event, { $set: set });

/** An id as a key of a document's map: a '.' or '$' would be read as a path. */
/** An id as a field name of a map in a document (no dot, no dollar). */
export const keyOf = (id: string) => id.replace(/[.$]/g, '_');

export const usersProjection = defineProjection<UserEvent>({
  name: 'users',
  collections: [USERS],
  handles: [
    'UserRegistered',
    'EmailVerified',
    'SignedIn',
    'PasswordChanged',
    'ProfileUpdated',
    'PopupAcknowledged',
    'PreferencesUpdated',
    'UserStatusChanged',
    'LogoutForced',
    'SellerStatusChanged',
    'RoleGranted',
    'RoleRevoked',
    'PhoneVerified',
    'KycChecked',
    'BidLimitRequested',
    'BidLimitApproved',
    'BidLimitRefused',
    'CardAdded',
    'CardRemoved',
    'StoredCardsDropped',
    'CompanyOwnerAdded',
    'CompanyOwnerUpdated',
    'CompanyOwnerRemoved',
  ],
  indexes: {
    [USERS]: [
      // Not unique: one address, one account is the e-mail claim stream's rule (the write side); a
      // registration never verified keeps its document when another registration takes the address.
      { key: { email: 1 }, name: 'by_email' },
      { key: { status: 1, created_at: -1 }, name: 'status_created' },
    ],
  },
  project(event): ProjectedOperation[] {
    const userId = parseStreamName(event.streamName)?.id;
    if (!userId) return [];
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        const doc: UserDocument = {
          _id: d.userId,
          id: d.userId,
          first_name: d.firstName,
          last_name: d.lastName,
          email: d.email,
          phone: d.phone,
          country_code: d.countryCode,
          status: 'active',
          email_verified: false,
          popup_message: d.popupMessage,
          newsletter: d.newsletter,
          preferences: null,
          created_at: d.registeredAt,
          last_login_at: null,
          password_changed_at: null,
          force_logout_at: null,
          phone_verified: false,
          kyc_status: 'none',
          bid_limit: null,
          bid_limit_requested: null,
          cards_on_file: 0,
          is_seller: false,
          roles: [],
          extra: d.extra ?? {},
          _position: event.position,
        };
        return [
          {
            collection: USERS,
            operation: {
              updateOne: { filter: { _id: doc._id }, update: { $setOnInsert: doc }, upsert: true },
            },
          },
        ];
      }
      case 'EmailVerified':
        return [guarded(userId, event, { email_verified: true })];
      case 'SignedIn':
        return [guarded(userId, event, { last_login_at: event.metadata.occurredAt })];
      case 'PasswordChanged':
        return [guarded(userId, event, { password_changed_at: event.data.at })];
      case 'ProfileUpdated': {
        const { firstName, lastName, phone } = event.data;
        return [
          guarded(userId, event, {
            ...(firstName !== undefined && { first_name: firstName }),
            ...(lastName !== undefined && { last_name: lastName }),
            // A changed number is unverified until its own code comes back.
            ...(phone !== undefined && { phone, phone_verified: false }),
          }),
        ];
      }
      case 'PhoneVerified':
        return [guarded(userId, event, { phone_verified: true })];
      case 'KycChecked':
        return [guarded(userId, event, { kyc_status: event.data.status })];
      case 'BidLimitRequested':
        return [guarded(userId, event, { bid_limit_requested: event.data.amount })];
      case 'BidLimitApproved':
        return [guarded(userId, event, { bid_limit: event.data.amount, bid_limit_requested: null })];
      case 'BidLimitRefused':
        return [guarded(userId, event, { bid_limit_requested: null })];
      case 'CardAdded':
        return [
          guardedUpdate(USERS, userId, event, {
            $inc: { cards_on_file: 1 },
            $set: {
              [`cards.${keyOf(event.data.cardId)}`]: { brand: event.data.brand, last4: event.data.last4 },
            },
          }),
        ];
      case 'CardRemoved':
        return [
          guardedUpdate(USERS, userId, event, {
            $inc: { cards_on_file: -1 },
            $unset: { [`cards.${keyOf(event.data.cardId)}`]: '' },
          }),
        ];
      case 'StoredCardsDropped':
        return [
          guardedUpdate(USERS, userId, event, {
            $inc: { cards_on_file: -event.data.cardIds.length },
            $set: { popup_message: 1 },
            $unset: Object.fromEntries(event.data.cardIds.map((id) => [`cards.${keyOf(id)}`, ''])),
          }),
        ];
      case 'CompanyOwnerAdded':
      case 'CompanyOwnerUpdated': {
        const o = event.data;
        const owner = { name: o.name, title: o.title, email: o.email, ownership_percent: o.ownershipPercent };
        return [guardedUpdate(USERS, userId, event, { $set: { [`owners.${keyOf(o.ownerId)}`]: owner } })];
      }
      case 'CompanyOwnerRemoved':
        return [
          guardedUpdate(USERS, userId, event, { $unset: { [`owners.${keyOf(event.data.ownerId)}`]: '' } }),
        ];
      case 'PopupAcknowledged':
        return [guarded(userId, event, { popup_message: 0 })];
      case 'PreferencesUpdated':
        return [guarded(userId, event, { preferences: event.data })];
      case 'UserStatusChanged':
        return [guarded(userId, event, { status: event.data.status })];
      case 'LogoutForced':
        return [guarded(userId, event, { force_logout_at: event.data.at })];
      // Before roles, an admin made a user a seller with this event.
      case 'SellerStatusChanged':
        return [roleChange(userId, event, 'seller', event.data.seller)];
      case 'RoleGranted':
        return [roleChange(userId, event, event.data.role, true)];
      case 'RoleRevoked':
        return [roleChange(userId, event, event.data.role, false)];
      default:
        return [];
    }
  },
});
