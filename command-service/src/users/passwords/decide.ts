import type { UserEvent } from '@wine/event-schemas';
import { type UserHandlers, type UserSlice, unchanged } from '../handlers.ts';
import type { User } from '../user.ts';

/**
 * The password part of the user decider. The hashes and reset tokens live in the secret store; the
 * log records that a reset was asked for and when the password changed (`at`: tokens issued before
 * it are refused).
 */
export type PasswordCommand =
  | { type: 'RequestPasswordReset'; expiresAt: string }
  | { type: 'ChangePassword'; via: 'reset' | 'change'; at: string };

export function decidePassword(command: PasswordCommand, _state: User): UserEvent[] {
  switch (command.type) {
    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: { expiresAt: command.expiresAt } }];
    case 'ChangePassword':
      return [{ type: 'PasswordChanged', data: { via: command.via, at: command.at } }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const passwordHandlers: UserHandlers<PasswordCommand> = {
  RequestPasswordReset: decidePassword,
  ChangePassword: decidePassword,
};

export interface PasswordState {
  /** Tokens issued before this instant are refused (DOMAIN.md "Accounts"); the hash is not here. */
  passwordChangedAt: string | null;
}

export const passwordSlice: UserSlice<PasswordState, 'PasswordChanged' | 'PasswordResetRequested'> = {
  initial: { passwordChangedAt: null },
  evolve: {
    PasswordChanged: (state, event) => ({ ...state, passwordChangedAt: event.data.at }),
    PasswordResetRequested: unchanged,
  },
};
