import { createHash } from 'node:crypto';

/** What an identity check needs; it goes to the provider and is not kept in the log. */
export interface KycSubject {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export type KycStatus = 'approved' | 'review' | 'rejected';

export interface KycProvider {
  readonly name: string;
  check(subject: KycSubject): Promise<{ status: KycStatus; reference: string }>;
}

/**
 * The built-in sandbox (issue "KYC check through a port"): deterministic outcomes for tests and
 * demos. A last name containing 'Reject' is rejected, one containing 'Review' goes to review,
 * anyone else is approved; the reference is derived from the subject, so a repeat gives the same.
 */
export function createSandboxKycProvider(): KycProvider {
  return {
    name: 'sandbox',
    async check(subject) {
      const reference = `KYC-SBX-${createHash('sha256').update(JSON.stringify(subject)).digest('hex').slice(0, 10).toUpperCase()}`;
      if (/reject/i.test(subject.lastName)) return { status: 'rejected', reference };
      if (/review/i.test(subject.lastName)) return { status: 'review', reference };
      return { status: 'approved', reference };
    },
  };
}
