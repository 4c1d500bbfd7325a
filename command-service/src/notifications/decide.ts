import type { NotificationKind } from '@wine/contracts';
import type { UserEvent } from '@wine/event-schemas';
import { type UserHandlers, type UserSlice, unchanged } from '../users/handlers.ts';
import type { User } from '../users/user.ts';

type Channel = 'email' | 'sms';
type Preferences = User['preferences'];

/** The switch of /account/notifications that turns a kind on or off (the unsubscribe link's too). */
const kindSwitch = {
  outbid: 'outbid_alerts',
  closing: 'closing_reminders',
  won: 'won_notices',
  coming_up: 'coming_up_notices',
} as const satisfies Record<NotificationKind, keyof Preferences>;

/**
 * What the process tells: the kinds a user turns on and off, and (issue 33) a bid the house cancelled and
 * the lead that gave another bidder, which are bid alerts: the outbid switch (and its link) covers them.
 */
export type NoticeKind = NotificationKind | 'bidCancelled' | 'leading';
export const switchKindOf = (kind: NoticeKind): NotificationKind =>
  kind === 'bidCancelled' || kind === 'leading' ? 'outbid' : kind;

/** A phone a text may go to: on the profile and proven by its code (a typo texts a stranger otherwise). */
export const textablePhone = (user: User) =>
  user.phone !== null && user.verifiedPhone === user.phone ? `${user.countryCode}${user.phone}` : null;

/**
 * Issue 31: the channels a user's choices ask for a kind of notification. E-mail needs the e-mail
 * switch and the kind's; a text (outbid alerts only) needs the text switch, the kind's and a verified
 * phone.
 */
export function channelsFor(user: User, kind: NoticeKind): Channel[] {
  const p = user.preferences;
  if (user.status !== 'active' || !p[kindSwitch[switchKindOf(kind)]]) return [];
  const channels: Channel[] = [];
  if (p.email_notifications && user.email) channels.push('email');
  if (kind === 'outbid' && p.sms_notifications && textablePhone(user)) channels.push('sms');
  return channels;
}

/**
 * The notifications part of the user decider. `RecordNotification` is the notification process
 * writing down, before it mails, that it tells this user of this lot (with a command id derived from
 * user, kind, lot and ref: a second instance's record is a replay, and it mails nothing); nothing is
 * written when the user's choices want none. `Unsubscribe` is a mail's link turning its kind off.
 */
export type NotificationCommand =
  | { type: 'RecordNotification'; kind: NoticeKind; lotId: string; ref: string }
  | { type: 'Unsubscribe'; kind: NotificationKind };

export function decideNotification(command: NotificationCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'RecordNotification': {
      const channels = channelsFor(state, command.kind);
      if (channels.length === 0) return [];
      const { kind, lotId, ref } = command;
      return [{ type: 'NotificationSent', data: { kind, lotId, ref, channels } }];
    }
    case 'Unsubscribe': {
      const field = kindSwitch[command.kind];
      if (!state.preferences[field]) return [];
      return [{ type: 'PreferencesUpdated', data: { ...state.preferences, [field]: false } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const notificationHandlers: UserHandlers<NotificationCommand> = {
  RecordNotification: decideNotification,
  Unsubscribe: decideNotification,
};

/** A notification sent changes nothing the decisions read (the preferences are the profile's). */
export const notificationsSlice: UserSlice<Record<never, never>, 'NotificationSent'> = {
  initial: {},
  evolve: { NotificationSent: unchanged },
};
