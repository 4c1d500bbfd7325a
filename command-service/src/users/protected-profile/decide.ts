import type { KycProfileRecord } from '@wine/contracts';
import type { UserEvent } from '@wine/event-schemas';
import { AppError, type SessionClaims } from '@wine/platform';
import type { UserHandlers, UserSlice } from '../handlers.ts';
import { type BirthDate, refuseUnderAge } from '../identity/decide.ts';
import type { User } from '../user.ts';

export type KycField = keyof KycProfileRecord;
const kycFields: readonly KycField[] = ['date_of_birth', 'nationality', 'id_type', 'id_last4'];

/**
 * The protected part of the profile (issue 38 §3 updateProfileKYC): the identity details are sealed in
 * the secret store by the service; the decider records which of them changed, and its rules.
 */
export type ProtectedProfileCommand = {
  type: 'SaveKycProfile';
  /** The fields whose values differ from the ones kept (changedKycFields). */
  changed: readonly KycField[];
  bornOn: BirthDate;
  /** The server's clock when the details were given. */
  now: Date;
};

/** The fields of `next` that differ from `kept` (all of them when nothing was kept). */
export function changedKycFields(kept: KycProfileRecord | null, next: KycProfileRecord): KycField[] {
  return kycFields.filter((field) => kept === null || kept[field] !== next[field]);
}

export function decideProtectedProfile(command: ProtectedProfileCommand, _state: User): UserEvent[] {
  // The identity check's rule (identity/decide.ts): bidders and buyers of wine are 21 or older, and a
  // minor's details are not kept.
  refuseUnderAge(command.bornOn, command.now);
  if (command.changed.length === 0) return [];
  return [{ type: 'KycProfileUpdated', data: { fields: [...command.changed] } }];
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const protectedProfileHandlers: UserHandlers<ProtectedProfileCommand> = {
  SaveKycProfile: decideProtectedProfile,
};

/** How long after signing in a session may show the protected details in full. */
export const FRESH_SESSION_MINUTES = 10;

/**
 * seeds 001 §7 decryptProfile: the owner's own session (an admin acting as the user is refused, as the
 * staff's actions refuse a switched session), signed in within FRESH_SESSION_MINUTES by the server's
 * clock; an older one confirms the password first (a new sign-in).
 */
export function refuseUnlessFreshOwner(claims: SessionClaims, now: Date): void {
  if (claims.act !== undefined) throw new AppError('SWITCHED_SESSION');
  if (now.getTime() - claims.iat_ms > FRESH_SESSION_MINUTES * 60_000) throw new AppError('SESSION_NOT_FRESH');
}

export interface ProtectedProfileState {
  /** Identity details are on file (the values are sealed in the secret store). */
  kycProfileSaved: boolean;
}

export const protectedProfileSlice: UserSlice<ProtectedProfileState, 'KycProfileUpdated'> = {
  initial: { kycProfileSaved: false },
  evolve: {
    KycProfileUpdated: (state) => ({ ...state, kycProfileSaved: true }),
  },
};
