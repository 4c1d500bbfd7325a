import type { CompanyOwnerRecord, RunKycCheckInput, UserRecord } from '@wine/contracts';
import type { Actor } from '@wine/event-schemas';
import type { z } from 'zod';
import type { User } from '../user.ts';
import { userRecord } from '../user.ts';
import { actorOf, type RequestContext, type Session, type UserService } from '../user-service.ts';
import { type BirthDate, type IdentityCommand, refuseUnderAge } from './decide.ts';

/** A `YYYY-MM-DD` date (validated by the action's input schema) as year, month and day. */
export function birthDateOf(isoDate: string): BirthDate {
  const [year, month, day] = isoDate.split('-').map(Number);
  return { year: year as number, month: month as number, day: day as number };
}

export function companyOwners(user: User): CompanyOwnerRecord[] {
  return user.owners.map((o) => ({
    id: o.ownerId,
    name: o.name,
    title: o.title,
    email: o.email,
    ownership_percent: o.ownershipPercent,
  }));
}

type OwnerCommand = Extract<
  IdentityCommand,
  { type: 'AddCompanyOwner' | 'UpdateCompanyOwner' | 'RemoveCompanyOwner' }
>;

/** seeds 001 §7: the identity check (KYC port), the bid limit and the company's owners. */
export function identityService(users: UserService) {
  const { clock, run, loadUser } = users;

  return {
    /** An identity check through the KYC port; bidders and buyers of wine must be 21 or older. */
    async runKycCheck(session: Session, input: z.output<typeof RunKycCheckInput>, request: RequestContext) {
      const now = clock.now();
      const bornOn = birthDateOf(input.date_of_birth);
      // The decider's rule, asked before the provider sees anything: a minor's details go nowhere.
      refuseUnderAge(bornOn, now);
      const result = await users.kyc.check({
        firstName: session.user.firstName,
        lastName: session.user.lastName,
        dateOfBirth: input.date_of_birth,
        address1: input.address1,
        city: input.city,
        state: input.state,
        zip: input.zip,
        country: input.country,
      });
      await run(
        session.user.id,
        { type: 'RecordKycCheck', bornOn, now, result: { provider: users.kyc.name, ...result } },
        request,
        actorOf(session),
      );
      return userRecord(await loadUser(session.user.id));
    },

    async requestBidLimit(session: Session, amount: number, request: RequestContext): Promise<UserRecord> {
      await run(session.user.id, { type: 'RequestBidLimit', amount }, request, actorOf(session));
      return userRecord(await loadUser(session.user.id));
    },

    /** An admin approves the requested limit, or sets another amount (cents). */
    async approveBidLimit(userId: string, amount: number | undefined, request: RequestContext, admin: Actor) {
      await run(userId, { type: 'ApproveBidLimit', amount }, request, admin);
    },

    owners(session: Session) {
      return { records: companyOwners(session.user) };
    },

    async changeOwners(session: Session, command: OwnerCommand, request: RequestContext) {
      await run(session.user.id, command, request, actorOf(session));
      return { records: companyOwners(await loadUser(session.user.id)) };
    },
  };
}

export type IdentityService = ReturnType<typeof identityService>;
