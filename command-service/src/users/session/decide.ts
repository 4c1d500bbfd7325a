import type { UserEvent } from '@wine/event-schemas';
import { AppError, type SessionClaims, tokenPredates } from '@wine/platform';
import { type UserHandlers, type UserSlice, unchanged } from '../handlers.ts';
import type { User } from '../user.ts';

type RegisteredData = Extract<UserEvent, { type: 'UserRegistered' }>['data'];

/** The session part of the user decider (seeds 001 §7 register, login, logout, switchuser). */
export type SessionCommand =
  | { type: 'Register'; data: RegisteredData }
  /** A session that needs no password: a code just verified, an admin switching to the user. */
  | { type: 'SignIn' }
  /** Sign-in with the right password (checked against the secret store before this command). */
  | { type: 'SignInWithPassword' }
  | { type: 'SignOut' };

export function decideSession(command: SessionCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'Register':
      if (state.status !== 'empty') throw new AppError('USER_EXISTS');
      return [{ type: 'UserRegistered', data: command.data }];
    case 'SignInWithPassword':
      // One answer for every refusal (no account, deactivated, an address never verified), the one a
      // wrong password gets, so sign-in tells nothing about an address.
      if (state.status !== 'active' || !state.emailVerified) throw new AppError('BAD_LOGIN');
      return [{ type: 'SignedIn', data: {} }];
    case 'SignIn':
      return [{ type: 'SignedIn', data: {} }];
    case 'SignOut':
      return [{ type: 'SignedOut', data: {} }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/**
 * DOMAIN.md "Accounts": a token opens a session only for an active user, and not when it was issued
 * before the password changed or before a forced logout (a deactivation records one), for good.
 */
export function refuseEndedSession(user: User, claims: SessionClaims): void {
  if (user.status !== 'active') throw new AppError('SESSION_INVALID');
  if (tokenPredates(claims, user.passwordChangedAt)) throw new AppError('SESSION_INVALID');
  if (tokenPredates(claims, user.forceLogoutAt)) throw new AppError('SESSION_INVALID');
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const sessionHandlers: UserHandlers<SessionCommand> = {
  SignIn: decideSession,
  SignOut: decideSession,
  Register: decideSession,
  SignInWithPassword: decideSession,
};

/** The account itself: who the user is and whether the account is open (the other slices add to it). */
export interface AccountState {
  status: 'empty' | 'active' | 'deactivate';
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  countryCode: string;
  popupMessage: 0 | 1;
  registeredAt: string;
  extra: Record<string, string | boolean | string[]>;
  /** Ticked the newsletter when registering (a Registered marketing contact once the e-mail is verified). */
  newsletter: boolean;
}

export const accountSlice: UserSlice<AccountState, 'UserRegistered' | 'SignedIn' | 'SignedOut'> = {
  initial: {
    status: 'empty',
    id: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: null,
    countryCode: '+1',
    popupMessage: 0,
    registeredAt: '',
    extra: {},
    newsletter: false,
  },
  evolve: {
    UserRegistered: (state, { data: d }) => ({
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
      newsletter: d.newsletter,
    }),
    SignedIn: unchanged,
    SignedOut: unchanged,
  },
};
