import {
  type CompanyOwnerRecord,
  formatMoney,
  type RunKycCheckInput,
  tIn,
  toLanguage,
  type UserRecord,
} from '@wine/contracts';
import type { Actor, UserEvent } from '@wine/event-schemas';
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

  /**
   * Issue 34: the bidder hears of the answer to their bid-limit request, in their language. A retried
   * request that wrote nothing mails nothing; a mail server's failure is logged, the answer stands.
   */
  async function tellBidder(userId: string, events: readonly UserEvent[]) {
    const answer = events.find((e) => e.type === 'BidLimitApproved' || e.type === 'BidLimitRefused');
    if (!answer) return;
    const user = await loadUser(userId);
    const lng = toLanguage((user.preferences as Record<string, unknown>).language);
    const approved = answer.type === 'BidLimitApproved';
    const amount = formatMoney(answer.data.amount);
    const body = approved
      ? tIn(lng, 'mail.bidLimitApprovedBody', { amount })
      : tIn(lng, 'mail.bidLimitRefusedBody', {
          amount,
          reason: answer.type === 'BidLimitRefused' ? answer.data.reason : '',
        });
    try {
      await users.mailer.send({
        to: user.email,
        subject: tIn(lng, approved ? 'mail.bidLimitApprovedSubject' : 'mail.bidLimitRefusedSubject', {
          amount,
        }),
        text: [tIn(lng, 'mail.hello', { name: user.firstName }), '', body].join('\n'),
      });
    } catch (error) {
      users.onMailFailed?.(error);
    }
  }

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

    /** An admin approves the requested limit, or sets another amount (cents); the bidder is mailed. */
    async approveBidLimit(userId: string, amount: number | undefined, request: RequestContext, admin: Actor) {
      const result = await run(userId, { type: 'ApproveBidLimit', amount }, request, admin);
      if (!result.replayed) await tellBidder(userId, result.events);
    },

    /** seeds 001 §7 updateUserAccountVerified (issue 34): an admin records the identity checked by hand. */
    async setIdentityVerified(
      userId: string,
      input: { verified: boolean; reference: string },
      request: RequestContext,
      admin: Actor,
    ) {
      await run(userId, { type: 'SetIdentityVerified', ...input }, request, admin);
    },

    /** Issue 34: an admin refuses the raise asked for, saying why; the bidder is mailed. */
    async refuseBidLimit(userId: string, reason: string, request: RequestContext, admin: Actor) {
      const result = await run(userId, { type: 'RefuseBidLimit', reason }, request, admin);
      if (!result.replayed) await tellBidder(userId, result.events);
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
