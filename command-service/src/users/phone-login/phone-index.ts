import { createHmac } from 'node:crypto';
import { accountKey } from '../account-keys.ts';
import type { User } from '../user.ts';
import { secretKinds as kinds, type UserService } from '../user-service.ts';

/** The number a phone sign-in names: its country calling code and its 10 digits. */
export interface PhoneNumber {
  countryCode: string;
  phone: string;
}

/** The user's number when it is verified (a changed number is unverified until its code comes back). */
export function verifiedNumberOf(user: User): PhoneNumber | null {
  if (user.phone === null || user.verifiedPhone !== user.phone) return null;
  return { countryCode: user.countryCode, phone: user.phone };
}

/**
 * Who signs in with a verified phone (issue 38 §3), kept in the secret store: the key is an HMAC of the
 * number under a key derived from the server's secret, so the store names no number and a copy of it
 * alone cannot be searched for one. The last account to verify a number holds it: carriers give
 * numbers to new people, and the newest proof of holding the phone is the one that counts.
 */
export function phoneIndex(users: Pick<UserService, 'secrets' | 'profileSecret'>) {
  const key = accountKey(users.profileSecret, 'phone-index');
  const keyOf = ({ countryCode, phone }: PhoneNumber) =>
    createHmac('sha256', key).update(`${countryCode}|${phone}`).digest('hex');
  return {
    keyOf,
    /** The account that last verified the number, if any (whether it still holds it is the decider's). */
    holderOf: (number: PhoneNumber) => users.secrets.get<string>(kinds.phoneOwner, keyOf(number)),
    /** A number just verified signs its verifier in from now on. */
    async recordVerified(user: User): Promise<void> {
      const number = verifiedNumberOf(user);
      if (number) await users.secrets.put(kinds.phoneOwner, keyOf(number), user.id);
    },
    /**
     * A number verified before the index existed is entered at its holder's next sign-in, unless another
     * account verified it since (that one holds it).
     */
    async recordIfAbsent(user: User): Promise<void> {
      const number = verifiedNumberOf(user);
      if (number) await users.secrets.claim(kinds.phoneOwner, keyOf(number), user.id);
    },
  };
}

export type PhoneIndex = ReturnType<typeof phoneIndex>;
