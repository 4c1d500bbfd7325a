import type { UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { type UserHandlers, type UserSlice, unchanged } from '../handlers.ts';
import type { User } from '../user.ts';

/** The verification part of the user decider: the e-mail by code or link, the phone by code. */
export type VerificationCommand =
  | { type: 'RecordVerificationSent'; expiresAt: string }
  | { type: 'VerifyEmail'; via: 'code' | 'link' | 'invite' | 'operator' }
  | { type: 'RecordPhoneVerificationSent'; expiresAt: string }
  | { type: 'VerifyPhone' };

export function decideVerification(command: VerificationCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'RecordVerificationSent':
      if (state.emailVerified) throw new AppError('ALREADY_VERIFIED');
      return [{ type: 'EmailVerificationSent', data: { expiresAt: command.expiresAt } }];
    case 'VerifyEmail':
      return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { via: command.via } }];
    case 'RecordPhoneVerificationSent':
      if (!state.phone) throw new AppError('NO_PHONE');
      if (state.verifiedPhone === state.phone) throw new AppError('PHONE_ALREADY_VERIFIED');
      return [{ type: 'PhoneVerificationSent', data: { expiresAt: command.expiresAt } }];
    case 'VerifyPhone':
      if (!state.phone) throw new AppError('NO_PHONE');
      return state.verifiedPhone === state.phone
        ? []
        : [{ type: 'PhoneVerified', data: { phone: state.phone } }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const verificationHandlers: UserHandlers<VerificationCommand> = {
  RecordVerificationSent: decideVerification,
  VerifyEmail: decideVerification,
  RecordPhoneVerificationSent: decideVerification,
  VerifyPhone: decideVerification,
};

export interface VerificationState {
  emailVerified: boolean;
  /** The number that was verified; a changed phone is unverified again. */
  verifiedPhone: string | null;
}

export const verificationSlice: UserSlice<
  VerificationState,
  'EmailVerified' | 'PhoneVerified' | 'EmailVerificationSent' | 'PhoneVerificationSent'
> = {
  initial: { emailVerified: false, verifiedPhone: null },
  evolve: {
    EmailVerified: (state) => ({ ...state, emailVerified: true }),
    PhoneVerified: (state, event) => ({ ...state, verifiedPhone: event.data.phone }),
    EmailVerificationSent: unchanged,
    PhoneVerificationSent: unchanged,
  },
};
