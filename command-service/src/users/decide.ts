import type { UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { type AddressBookCommand, addressBookHandlers } from '../address-book/decide.ts';
import type { Decider } from '../core/decider.ts';
import { type NotificationCommand, notificationHandlers } from '../notifications/decide.ts';
import { type ProducerCommand, producerHandlers } from '../producers/decide.ts';
import { type SavedSearchCommand, savedSearchHandlers } from '../saved-searches/decide.ts';
import { type WatchlistCommand, watchlistHandlers } from '../watchlists/decide.ts';
import { type CardCommand, cardHandlers } from './cards/decide.ts';
import { type HoldCommand, holdHandlers } from './cards/holds.ts';
import type { UserHandlers } from './handlers.ts';
import { type IdentityCommand, identityHandlers } from './identity/decide.ts';
import { type PasswordCommand, passwordHandlers } from './passwords/decide.ts';
import { type PhoneLoginCommand, phoneLoginHandlers } from './phone-login/decide.ts';
import { type ProfileCommand, profileHandlers } from './profile/decide.ts';
import { type ProtectedProfileCommand, protectedProfileHandlers } from './protected-profile/decide.ts';
import { type RoleCommand, roleHandlers } from './roles/decide.ts';
import { type SessionCommand, sessionHandlers } from './session/decide.ts';
import { evolveUser, initialUser, type User } from './user.ts';
import { type UserAdminCommand, userAdminHandlers } from './user-admin/decide.ts';
import { type VerificationCommand, verificationHandlers } from './verification/decide.ts';

/** Every command on a user's stream (`user-<id>`); each capability decides its own. */
export type UserCommand =
  | SessionCommand
  | PhoneLoginCommand
  | ProtectedProfileCommand
  | VerificationCommand
  | PasswordCommand
  | ProfileCommand
  | CardCommand
  | HoldCommand
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

/** Each command's decision, merged from the capabilities' maps (the compiler asks for every command). */
const handlers: UserHandlers<UserCommand> = {
  ...sessionHandlers,
  ...phoneLoginHandlers,
  ...protectedProfileHandlers,
  ...verificationHandlers,
  ...passwordHandlers,
  ...profileHandlers,
  ...cardHandlers,
  ...holdHandlers,
  ...identityHandlers,
  ...roleHandlers,
  ...userAdminHandlers,
  ...watchlistHandlers,
  ...addressBookHandlers,
  ...producerHandlers,
  ...savedSearchHandlers,
  ...notificationHandlers,
};

/** The command's own decision (the map's types pair each command type with its decision). */
const decisionFor = (command: UserCommand) =>
  handlers[command.type] as (command: UserCommand, state: User) => UserEvent[];

/**
 * The user aggregate's decider: the rules every command meets (the user exists and is active), then
 * the capability the command belongs to.
 */
export function decideUser(command: UserCommand, state: User): UserEvent[] {
  // A registration starts the stream; a sign-in (password, phone code) answers every refusal alike.
  const signIn = command.type === 'SignInWithPassword' || command.type === 'SignInWithPhoneCode';
  if (command.type !== 'Register' && !signIn) {
    if (state.status === 'empty') throw new AppError('USER_NOT_FOUND');
    if (state.status === 'deactivate' && !allowedWhenDeactivated(command)) throw new AppError('DEACTIVATED');
  }
  return decisionFor(command)(command, state);
}

export const userDecider: Decider<UserCommand, UserEvent, User> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUser,
};
