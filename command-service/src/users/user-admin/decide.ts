import type { UserEvent } from '@wine/event-schemas';
import type { UserHandlers, UserSlice } from '../handlers.ts';
import type { AccountState } from '../session/decide.ts';
import type { User } from '../user.ts';

/** An admin's actions on an account (seeds 001 §7 changeUserStatus, force logout). */
export type UserAdminCommand =
  /** `at`: a deactivation ends every session issued before it, for good (a reactivation does not revive them). */
  { type: 'ChangeStatus'; status: 'active' | 'deactivate'; at: string } | { type: 'ForceLogout'; at: string };

export function decideUserAdmin(command: UserAdminCommand, state: User): UserEvent[] {
  switch (command.type) {
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
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const userAdminHandlers: UserHandlers<UserAdminCommand> = {
  ChangeStatus: decideUserAdmin,
  ForceLogout: decideUserAdmin,
};

export interface UserAdminState {
  /** Tokens issued before this instant are refused (DOMAIN.md "Accounts"). */
  forceLogoutAt: string | null;
}

/** A status change opens or closes the account (`status` is the account's). */
export const userAdminSlice: UserSlice<
  UserAdminState,
  'UserStatusChanged' | 'LogoutForced',
  Pick<AccountState, 'status'>
> = {
  initial: { forceLogoutAt: null },
  evolve: {
    UserStatusChanged: (state, event) => ({ ...state, status: event.data.status }),
    LogoutForced: (state, event) => ({ ...state, forceLogoutAt: event.data.at }),
  },
};
