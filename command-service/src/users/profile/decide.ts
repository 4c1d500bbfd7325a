import type { UserEvent } from '@wine/event-schemas';
import type { UserHandlers, UserSlice } from '../handlers.ts';
import type { AccountState } from '../session/decide.ts';
import type { User } from '../user.ts';

type Preferences = Extract<UserEvent, { type: 'PreferencesUpdated' }>['data'];
type Address = Extract<UserEvent, { type: 'AddressSet' }>['data'];

/** The profile part of the user decider: names, phone, the welcome popup, preferences, address. */
export type ProfileCommand =
  | {
      type: 'UpdateProfile';
      firstName?: string | undefined;
      lastName?: string | undefined;
      phone?: string | null | undefined;
      acknowledgePopup?: boolean | undefined;
    }
  | { type: 'UpdatePreferences'; preferences: Preferences }
  /** seeds 001 §7 resetUserProfile: the notification choices back to a new account's (resetPreferences). */
  | { type: 'ResetPreferences' }
  | { type: 'SetAddress'; address: Address };

/** Issue 37: an absent "coming up" choice is off, as the notifications screen shows it. */
const comparable = (p: Preferences) => ({ ...p, coming_up_notices: p.coming_up_notices === true });

/** The same choices, whichever keys each one names (a choice absent is the same as the one shown for it). */
const samePreferences = (a: Preferences, b: Preferences) => {
  const [x, y] = [comparable(a), comparable(b)];
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]) as Set<keyof Preferences>;
  return [...keys].every((k) => x[k] === y[k]);
};

/**
 * What resetUserProfile leaves (issue 38 §3, the action's doc comment in contracts): every notification
 * choice as a new account has it, with the "coming up" mails off; the language stays the user's.
 */
export const resetPreferences = (current: Preferences): Preferences => ({
  ...defaultPreferences,
  coming_up_notices: false,
  language: current.language,
});

/** Only what changes is recorded. */
export function decideProfile(command: ProfileCommand, state: User): UserEvent[] {
  switch (command.type) {
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
      return samePreferences(command.preferences, state.preferences)
        ? []
        : [{ type: 'PreferencesUpdated', data: command.preferences }];
    case 'ResetPreferences': {
      const reset = resetPreferences(state.preferences);
      return samePreferences(reset, state.preferences) ? [] : [{ type: 'PreferencesUpdated', data: reset }];
    }
    case 'SetAddress': {
      const same = state.address && JSON.stringify(state.address) === JSON.stringify(command.address);
      return same ? [] : [{ type: 'AddressSet', data: command.address }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const profileHandlers: UserHandlers<ProfileCommand> = {
  UpdateProfile: decideProfile,
  UpdatePreferences: decideProfile,
  ResetPreferences: decideProfile,
  SetAddress: decideProfile,
};

export const defaultPreferences: Preferences = {
  email_notifications: true,
  sms_notifications: false,
  outbid_alerts: true,
  closing_reminders: true,
  won_notices: true,
  language: 'en',
};

export interface ProfileState {
  preferences: Preferences;
  address: Address | null;
}

/** A profile update changes the account's names and phone, and acknowledges its welcome popup. */
export const profileSlice: UserSlice<
  ProfileState,
  'ProfileUpdated' | 'PopupAcknowledged' | 'PreferencesUpdated' | 'AddressSet',
  Pick<AccountState, 'firstName' | 'lastName' | 'phone' | 'popupMessage'>
> = {
  initial: { preferences: defaultPreferences, address: null },
  evolve: {
    ProfileUpdated: (state, { data: { firstName, lastName, phone } }) => ({
      ...state,
      ...(firstName !== undefined && { firstName }),
      ...(lastName !== undefined && { lastName }),
      ...(phone !== undefined && { phone }),
    }),
    PopupAcknowledged: (state) => ({ ...state, popupMessage: 0 }),
    PreferencesUpdated: (state, event) => ({ ...state, preferences: event.data }),
    AddressSet: (state, event) => ({ ...state, address: event.data }),
  },
};
