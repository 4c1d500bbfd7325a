import type { UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { UserHandlers } from '../handlers.ts';
import type { User } from '../user.ts';
import { type PhoneNumber, verifiedNumberOf } from './phone-index.ts';

/**
 * Sign-in by a code texted to a verified phone (seeds 001 §7 sendPhoneLoginCode, issue 38 §3): the
 * code was checked against its hash before this command; the account's state decides the rest.
 */
export type PhoneLoginCommand = { type: 'SignInWithPhoneCode' } & PhoneNumber;

/**
 * Whether a code texted to `number` may sign `user` in: an open account whose e-mail is proven (as a
 * password sign-in asks) and whose verified phone is this number now.
 */
export function mayUsePhoneSignIn(user: User, number: PhoneNumber): boolean {
  const verified = verifiedNumberOf(user);
  return (
    user.status === 'active' &&
    user.emailVerified &&
    verified !== null &&
    verified.phone === number.phone &&
    verified.countryCode === number.countryCode
  );
}

export function decidePhoneLogin(command: PhoneLoginCommand, state: User): UserEvent[] {
  // One answer for every refusal, the one a wrong code gets: a sign-in tells nothing about a number.
  if (!mayUsePhoneSignIn(state, command)) throw new AppError('CODE_INVALID');
  return [{ type: 'SignedIn', data: {} }];
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const phoneLoginHandlers: UserHandlers<PhoneLoginCommand> = {
  SignInWithPhoneCode: decidePhoneLogin,
};
