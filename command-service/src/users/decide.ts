import type { Role, UserEvent } from '@wine/event-schemas';
import type { Decider } from '../core/decider.ts';
import { commandErrors } from '../errors.ts';
import { evolveUser, hasRole, initialUser, type User } from './user.ts';

type RegisteredData = Extract<UserEvent, { type: 'UserRegistered' }>['data'];
type Preferences = Extract<UserEvent, { type: 'PreferencesUpdated' }>['data'];

export type UserCommand =
  | { type: 'Register'; data: RegisteredData }
  | { type: 'RecordVerificationSent'; expiresAt: string }
  | { type: 'VerifyEmail'; via: 'code' | 'link' | 'invite' | 'operator' }
  | { type: 'RecordPhoneVerificationSent'; expiresAt: string }
  | { type: 'VerifyPhone' }
  | { type: 'SignIn' }
  | { type: 'SignOut' }
  | { type: 'RequestPasswordReset'; expiresAt: string }
  | { type: 'ChangePassword'; via: 'reset' | 'change'; at: string }
  | {
      type: 'UpdateProfile';
      firstName?: string | undefined;
      lastName?: string | undefined;
      phone?: string | null | undefined;
      acknowledgePopup?: boolean | undefined;
    }
  | { type: 'UpdatePreferences'; preferences: Preferences }
  /** `at`: a deactivation ends every session issued before it, for good (a reactivation does not revive them). */
  | { type: 'ChangeStatus'; status: 'active' | 'deactivate'; at: string }
  | { type: 'ForceLogout'; at: string }
  | { type: 'AddCard'; card: Extract<UserEvent, { type: 'CardAdded' }>['data'] }
  | { type: 'UpdateCard'; change: Extract<UserEvent, { type: 'CardUpdated' }>['data'] }
  | { type: 'RemoveCard'; cardId: string }
  | { type: 'SetDefaultCard'; cardId: string }
  | { type: 'RecordKycCheck'; result: Extract<UserEvent, { type: 'KycChecked' }>['data'] }
  | { type: 'RequestBidLimit'; amount: number }
  | { type: 'ApproveBidLimit'; amount: number }
  | { type: 'AddCompanyOwner'; owner: Extract<UserEvent, { type: 'CompanyOwnerAdded' }>['data'] }
  | { type: 'UpdateCompanyOwner'; owner: Extract<UserEvent, { type: 'CompanyOwnerUpdated' }>['data'] }
  | { type: 'RemoveCompanyOwner'; ownerId: string }
  | { type: 'SetAddress'; address: Extract<UserEvent, { type: 'AddressSet' }>['data'] }
  | { type: 'GrantRole'; role: Role }
  | { type: 'RevokeRole'; role: Role }
  | { type: 'WatchLot'; lotId: string }
  | { type: 'UnwatchLot'; lotId: string };

/** Owners of one business cannot hold more than all of it. */
const ownershipTotal = (owners: User['owners'], except?: string) =>
  owners.filter((o) => o.ownerId !== except).reduce((sum, o) => sum + o.ownershipPercent, 0);

export const MAX_CARDS = 10;
/** A watchlist is for following lots closely, not for copying the catalogue. */
export const MAX_WATCHLIST = 500;

const same = (a: Preferences, b: Preferences) =>
  (Object.keys(a) as (keyof Preferences)[]).every((k) => a[k] === b[k]);

export function decideUser(command: UserCommand, state: User): UserEvent[] {
  if (command.type === 'Register') {
    if (state.status !== 'empty') throw commandErrors.userExists();
    return [{ type: 'UserRegistered', data: command.data }];
  }
  if (state.status === 'empty') throw commandErrors.userNotFound();
  // An admin may reactivate, force out or take roles from a deactivated user; the user may do nothing else.
  if (
    state.status === 'deactivate' &&
    command.type !== 'ChangeStatus' &&
    command.type !== 'ForceLogout' &&
    command.type !== 'RevokeRole'
  ) {
    throw commandErrors.deactivated();
  }
  switch (command.type) {
    case 'RecordVerificationSent':
      if (state.emailVerified) throw commandErrors.alreadyVerified();
      return [{ type: 'EmailVerificationSent', data: { expiresAt: command.expiresAt } }];
    case 'VerifyEmail':
      return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { via: command.via } }];
    case 'RecordPhoneVerificationSent':
      if (!state.phone) throw commandErrors.noPhone();
      if (state.verifiedPhone === state.phone) throw commandErrors.phoneAlreadyVerified();
      return [{ type: 'PhoneVerificationSent', data: { expiresAt: command.expiresAt } }];
    case 'VerifyPhone':
      if (!state.phone) throw commandErrors.noPhone();
      return state.verifiedPhone === state.phone
        ? []
        : [{ type: 'PhoneVerified', data: { phone: state.phone } }];
    case 'SignIn':
      return [{ type: 'SignedIn', data: {} }];
    case 'SignOut':
      return [{ type: 'SignedOut', data: {} }];
    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: { expiresAt: command.expiresAt } }];
    case 'ChangePassword':
      return [{ type: 'PasswordChanged', data: { via: command.via, at: command.at } }];
    case 'UpdateProfile': {
      const changes: Extract<UserEvent, { type: 'ProfileUpdated' }>['data'] = {};
      if (command.firstName !== undefined && command.firstName !== state.firstName) {
        changes.firstName = command.firstName;
      }
      if (command.lastName !== undefined && command.lastName !== state.lastName)
        changes.lastName = command.lastName;
      if (command.phone !== undefined && command.phone !== state.phone) changes.phone = command.phone;
      const out: UserEvent[] = [];
      if (Object.keys(changes).length > 0) out.push({ type: 'ProfileUpdated', data: changes });
      if (command.acknowledgePopup && state.popupMessage === 1)
        out.push({ type: 'PopupAcknowledged', data: {} });
      return out;
    }
    case 'UpdatePreferences':
      return same(command.preferences, state.preferences)
        ? []
        : [{ type: 'PreferencesUpdated', data: command.preferences }];
    case 'ChangeStatus':
      if (command.status === state.status) return [];
      return command.status === 'deactivate'
        ? [
            { type: 'UserStatusChanged', data: { status: command.status } },
            { type: 'LogoutForced', data: { at: command.at } },
          ]
        : [{ type: 'UserStatusChanged', data: { status: command.status } }];
    case 'ForceLogout':
      return [{ type: 'LogoutForced', data: { at: command.at } }];
    case 'AddCard': {
      if (state.cards.length >= MAX_CARDS) throw commandErrors.tooManyCards();
      const added: UserEvent = { type: 'CardAdded', data: command.card };
      // The first card on file becomes the default.
      return state.defaultCardId
        ? [added]
        : [added, { type: 'DefaultCardChanged', data: { cardId: command.card.cardId } }];
    }
    case 'UpdateCard':
      if (!state.cards.some((c) => c.cardId === command.change.cardId)) throw commandErrors.cardNotFound();
      return [{ type: 'CardUpdated', data: command.change }];
    case 'RemoveCard': {
      if (!state.cards.some((c) => c.cardId === command.cardId)) throw commandErrors.cardNotFound();
      const removed: UserEvent = { type: 'CardRemoved', data: { cardId: command.cardId } };
      if (state.defaultCardId !== command.cardId) return [removed];
      // Removing the default hands it to the oldest remaining card, or to none.
      const next = state.cards.find((c) => c.cardId !== command.cardId)?.cardId ?? null;
      return [removed, { type: 'DefaultCardChanged', data: { cardId: next } }];
    }
    case 'RecordKycCheck':
      return [{ type: 'KycChecked', data: command.result }];
    case 'RequestBidLimit':
      if (state.bidLimit !== null && command.amount <= state.bidLimit)
        throw commandErrors.bidLimitNotHigher();
      return [{ type: 'BidLimitRequested', data: { amount: command.amount } }];
    case 'ApproveBidLimit':
      return [{ type: 'BidLimitApproved', data: { amount: command.amount } }];
    case 'SetAddress': {
      const same = state.address && JSON.stringify(state.address) === JSON.stringify(command.address);
      return same ? [] : [{ type: 'AddressSet', data: command.address }];
    }
    case 'AddCompanyOwner':
      if (state.owners.some((o) => o.ownerId === command.owner.ownerId)) return [];
      if (ownershipTotal(state.owners) + command.owner.ownershipPercent > 100)
        throw commandErrors.ownershipOver();
      return [{ type: 'CompanyOwnerAdded', data: command.owner }];
    case 'UpdateCompanyOwner':
      if (!state.owners.some((o) => o.ownerId === command.owner.ownerId)) throw commandErrors.ownerNotFound();
      if (ownershipTotal(state.owners, command.owner.ownerId) + command.owner.ownershipPercent > 100) {
        throw commandErrors.ownershipOver();
      }
      return [{ type: 'CompanyOwnerUpdated', data: command.owner }];
    case 'RemoveCompanyOwner':
      if (!state.owners.some((o) => o.ownerId === command.ownerId)) throw commandErrors.ownerNotFound();
      return [{ type: 'CompanyOwnerRemoved', data: { ownerId: command.ownerId } }];
    case 'SetDefaultCard':
      if (!state.cards.some((c) => c.cardId === command.cardId)) throw commandErrors.cardNotFound();
      return state.defaultCardId === command.cardId
        ? []
        : [{ type: 'DefaultCardChanged', data: { cardId: command.cardId } }];
    case 'GrantRole':
      return hasRole(state, command.role) ? [] : [{ type: 'RoleGranted', data: { role: command.role } }];
    case 'RevokeRole':
      return hasRole(state, command.role) ? [{ type: 'RoleRevoked', data: { role: command.role } }] : [];
    case 'WatchLot':
      if (state.watchlist.includes(command.lotId)) return [];
      if (state.watchlist.length >= MAX_WATCHLIST) throw commandErrors.watchlistFull();
      return [{ type: 'LotWatched', data: { lotId: command.lotId } }];
    case 'UnwatchLot':
      return state.watchlist.includes(command.lotId)
        ? [{ type: 'LotUnwatched', data: { lotId: command.lotId } }]
        : [];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, User> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUser,
};
