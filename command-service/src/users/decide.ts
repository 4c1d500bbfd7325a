import type { UserEvent } from '@wine/event-schemas';
import { type AddressBookCommand, decideAddressBook } from '../address-book/decide.ts';
import type { Decider } from '../core/decider.ts';
import { commandErrors } from '../errors.ts';
import { decideNotification, type NotificationCommand } from '../notifications/decide.ts';
import { decideProducer, type ProducerCommand } from '../producers/decide.ts';
import { decideSavedSearch, type SavedSearchCommand } from '../saved-searches/decide.ts';
import { decideWatchlist, type WatchlistCommand } from '../watchlists/decide.ts';
import { type CardCommand, decideCard } from './cards/decide.ts';
import { decideIdentity, type IdentityCommand } from './identity/decide.ts';
import { decidePassword, type PasswordCommand } from './passwords/decide.ts';
import { decideProfile, type ProfileCommand } from './profile/decide.ts';
import { decideRole, type RoleCommand } from './roles/decide.ts';
import { decideSession, type SessionCommand } from './session/decide.ts';
import { evolveUser, initialUser, type User } from './user.ts';
import { decideUserAdmin, type UserAdminCommand } from './user-admin/decide.ts';
import { decideVerification, type VerificationCommand } from './verification/decide.ts';

/** Every command on a user's stream (`user-<id>`); each capability decides its own. */
export type UserCommand =
  | SessionCommand
  | VerificationCommand
  | PasswordCommand
  | ProfileCommand
  | CardCommand
  | IdentityCommand
  | RoleCommand
  | UserAdminCommand
  | WatchlistCommand
  | AddressBookCommand
  | ProducerCommand
  | SavedSearchCommand
  | NotificationCommand;

/** An admin may reactivate, force out or take roles from a deactivated user; the user may do nothing else. */
const allowedWhenDeactivated = (command: UserCommand) =>
  command.type === 'ChangeStatus' || command.type === 'ForceLogout' || command.type === 'RevokeRole';

/**
 * The user aggregate's decider: the rules every command meets (the user exists and is active), then
 * the capability the command belongs to.
 */
export function decideUser(command: UserCommand, state: User): UserEvent[] {
  // A registration starts the stream; a password sign-in answers every refusal alike.
  if (command.type === 'Register' || command.type === 'SignInWithPassword') {
    return decideSession(command, state);
  }
  if (state.status === 'empty') throw commandErrors.userNotFound();
  if (state.status === 'deactivate' && !allowedWhenDeactivated(command)) throw commandErrors.deactivated();
  switch (command.type) {
    case 'SignIn':
    case 'SignOut':
      return decideSession(command, state);
    case 'RecordVerificationSent':
    case 'VerifyEmail':
    case 'RecordPhoneVerificationSent':
    case 'VerifyPhone':
      return decideVerification(command, state);
    case 'RequestPasswordReset':
    case 'ChangePassword':
      return decidePassword(command, state);
    case 'UpdateProfile':
    case 'UpdatePreferences':
    case 'SetAddress':
      return decideProfile(command, state);
    case 'AddCard':
    case 'UpdateCard':
    case 'RemoveCard':
    case 'SetDefaultCard':
      return decideCard(command, state);
    case 'RecordKycCheck':
    case 'RequestBidLimit':
    case 'ApproveBidLimit':
    case 'AddCompanyOwner':
    case 'UpdateCompanyOwner':
    case 'RemoveCompanyOwner':
      return decideIdentity(command, state);
    case 'GrantRole':
    case 'RevokeRole':
      return decideRole(command, state);
    case 'ChangeStatus':
    case 'ForceLogout':
      return decideUserAdmin(command, state);
    case 'WatchLot':
    case 'UnwatchLot':
      return decideWatchlist(command, state);
    case 'SaveAddressBookEntry':
    case 'RemoveAddressBookEntry':
      return decideAddressBook(command, state);
    case 'FollowProducer':
    case 'UnfollowProducer':
      return decideProducer(command, state);
    case 'SaveSearch':
    case 'SetSavedSearchNotify':
    case 'DeleteSavedSearch':
    case 'RecordSearchAlert':
      return decideSavedSearch(command, state);
    case 'RecordNotification':
    case 'Unsubscribe':
      return decideNotification(command, state);
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
