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
