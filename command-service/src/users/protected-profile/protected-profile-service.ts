import type { DecryptedProfile, KycProfileRecord, UpdateProfileKycInput, UserRecord } from '@wine/contracts';
import type { z } from 'zod';
import { refuseUnderAge } from '../identity/decide.ts';
import { birthDateOf } from '../identity/identity-service.ts';
import { userRecord } from '../user.ts';
import {
  actorOf,
  secretKinds as kinds,
  type RequestContext,
  type Session,
  type UserService,
} from '../user-service.ts';
import { changedKycFields, refuseUnlessFreshOwner } from './decide.ts';
import { profileSealer } from './sealed.ts';

/**
 * seeds 001 §7 updateProfileKYC and decryptProfile (issue 38 §3): the identity details of a profile,
 * sealed in the secret store (never in the log or a read model), and the owner's own view of every
 * protected detail in a fresh session.
 */
export function protectedProfileService(users: UserService) {
  const { clock, secrets, run, loadUser } = users;
  const sealer = profileSealer(users.profileSecret);

  /** The identity details kept for a user; null when none, or when they no longer open (a new secret). */
  async function keptKyc(userId: string): Promise<KycProfileRecord | null> {
    const sealed = await secrets.get<string>(kinds.kycProfile, userId);
    if (sealed === null) return null;
    const kept = sealer.open<KycProfileRecord>(userId, sealed);
    if (kept === null) {
      // Sealed under another server secret (SESSION_SECRET was changed): the user gives them again.
      users.logger?.warn({ userId }, 'identity details that do not open with this server secret');
    }
    return kept;
  }

  return {
    async saveKyc(
      session: Session,
      input: z.output<typeof UpdateProfileKycInput>,
      request: RequestContext,
    ): Promise<UserRecord> {
      const userId = session.user.id;
      const now = clock.now();
      const bornOn = birthDateOf(input.date_of_birth);
      // The decider's rule, asked before anything is kept: a minor's details are not stored.
      refuseUnderAge(bornOn, now);
      const next: KycProfileRecord = {
        date_of_birth: input.date_of_birth,
        nationality: input.nationality,
        id_type: input.id_type,
        id_last4: input.id_last4,
      };
      const changed = changedKycFields(await keptKyc(userId), next);
      // The fact first (the decider refuses a deactivated account), then the values: a retry of a
      // request whose seal failed replays the fact and seals again.
      await run(userId, { type: 'SaveKycProfile', changed, bornOn, now }, request, actorOf(session));
      if (changed.length > 0) await secrets.put(kinds.kycProfile, userId, sealer.seal(userId, next));
      return userRecord(await loadUser(userId));
    },

    /** The owner's protected details in full (seeds 001 §7 decryptProfile), in a fresh session of their own. */
    async decrypt(session: Session): Promise<DecryptedProfile> {
      refuseUnlessFreshOwner(session.claims, clock.now());
      const { user } = session;
      const record = userRecord(user);
      return {
        phone: user.phone,
        country_code: user.countryCode,
        address: record.address ?? null,
        kyc: await keptKyc(user.id),
      };
    },
  };
}

export type ProtectedProfileService = ReturnType<typeof protectedProfileService>;
