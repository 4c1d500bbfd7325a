import type { UserEvent } from '@wine/event-schemas';
import { commandErrors } from '../../errors.ts';
import type { UserHandlers } from '../handlers.ts';
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
      if (state.emailVerified) throw commandErrors.alreadyVerified();
      return [{ type: 'EmailVerificationSent', data: { expiresAt: command.expiresAt } }];
    case 'VerifyEmail':
      return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { via: command.via } }];
    case 'RecordPhoneVerificationSent':
      if (!state.phone) throw commandErrors.noPhone();
      if (state.verifiedPhone === state.phone) throw commandErrors.phoneAlreadyVerified();
      return [{ type: 'PhoneVerificationSent', data: { expiresAt: command.expiresAt } }];
    case 'VerifyPhone':
      if (!state.phone) throw commandErrors.noPhone();
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
