import type { UserEvent } from '@wine/event-schemas';
import type { User } from './user.ts';

/**
 * A capability's part of the user decider: the decision for each of its commands on the user's
 * stream. Typed over the capability's command union, so a command without its entry does not compile;
 * users/decide.ts merges the capabilities' maps rather than listing their commands again.
 */
export type UserHandlers<C extends { type: string }> = {
  readonly [T in C['type']]: (command: Extract<C, { type: T }>, state: User) => UserEvent[];
};

/**
 * A capability's slice of the user's state: the fields it owns (`Own`, with their initial values) and
 * how each of its events (`T`) changes them. `Shared` names fields of another slice its events also
 * change (a profile update renames the account). users/user.ts merges the slices: `User` is their
 * intersection and the compiler asks for every user event to have exactly one slice's evolver.
 */
export interface UserSlice<Own, T extends UserEvent['type'], Shared = unknown> {
  readonly initial: Own;
  readonly evolve: {
    readonly [K in T]: (state: Own & Shared, event: Extract<UserEvent, { type: K }>) => Own & Shared;
  };
}

/** An event a slice records but that changes no state (a sign-in, a mail sent). */
export const unchanged = <S>(state: S): S => state;
