import type { UserEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../../core/decider.ts';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { registered } from '../fixtures.ts';

const spec = deciderSpec(userDecider);
const result = { provider: 'sandbox', status: 'review' as const, reference: 'KYC-1' };
const bornOn = { year: 1990, month: 5, day: 17 };
const now = new Date('2026-11-22T12:00:00.000Z');
const owner = (id: string, pct: number) => ({
  ownerId: id,
  name: id,
  title: '',
  email: '',
  ownershipPercent: pct,
});

describe('user decider: identity', () => {
  it('records an identity check outcome', () => {
    spec([registered])
      .when({ type: 'RecordKycCheck', bornOn, now, result })
      .then([{ type: 'KycChecked', data: result }]);
  });

  it('refuses a bidder of 20 years and 364 days, and takes one on their 21st birthday (server clock, UTC)', () => {
    const born = { year: 2005, month: 11, day: 23 };
    spec([registered])
      .when({ type: 'RecordKycCheck', bornOn: born, now: new Date('2026-11-22T23:59:59.999Z'), result })
      .thenThrows({ code: 'UNDER_AGE' });
    spec([registered])
      .when({ type: 'RecordKycCheck', bornOn: born, now: new Date('2026-11-23T00:00:00.000Z'), result })
      .then([{ type: 'KycChecked', data: result }]);
  });

  it('counts a 29 February birthday as coming of age on 1 March in a common year', () => {
    const leapling = { year: 2004, month: 2, day: 29 };
    spec([registered])
      .when({ type: 'RecordKycCheck', bornOn: leapling, now: new Date('2025-02-28T12:00:00.000Z'), result })
      .thenThrows({ code: 'UNDER_AGE' });
    spec([registered])
      .when({ type: 'RecordKycCheck', bornOn: leapling, now: new Date('2025-03-01T00:00:00.000Z'), result })
      .then([{ type: 'KycChecked', data: result }]);
  });

  it('takes a bid limit request above the current limit only, and an approval', () => {
    spec([registered])
      .when({ type: 'RequestBidLimit', amount: 500_000 })
      .then([{ type: 'BidLimitRequested', data: { amount: 500_000 } }]);
    const approved: UserEvent = { type: 'BidLimitApproved', data: { amount: 500_000 } };
    spec([registered, approved])
      .when({ type: 'RequestBidLimit', amount: 400_000 })
      .thenThrows({ code: 'BID_LIMIT_NOT_HIGHER' });
    spec([registered]).when({ type: 'ApproveBidLimit', amount: 500_000 }).then([approved]);
  });

  it('approves the amount asked for when the admin names none, and refuses when none was asked for', () => {
    const requested: UserEvent = { type: 'BidLimitRequested', data: { amount: 700_000 } };
    spec([registered, requested])
      .when({ type: 'ApproveBidLimit' })
      .then([{ type: 'BidLimitApproved', data: { amount: 700_000 } }]);
    spec([registered]).when({ type: 'ApproveBidLimit' }).thenThrows({ code: 'NO_BID_LIMIT_REQUEST' });
    spec([]).when({ type: 'ApproveBidLimit', amount: 1 }).thenThrows({ code: 'USER_NOT_FOUND' });
  });

  it('records an identity checked by hand (issue 34) as an identity check by the staff, once', () => {
    const verified: UserEvent = {
      type: 'KycChecked',
      data: { provider: 'staff', status: 'approved', reference: 'Passport 123' },
    };
    spec([registered])
      .when({ type: 'SetIdentityVerified', verified: true, reference: 'Passport 123' })
      .then([verified]);
    spec([registered, verified])
      .when({ type: 'SetIdentityVerified', verified: true, reference: 'again' })
      .then([]);
    spec([registered, verified])
      .when({ type: 'SetIdentityVerified', verified: false, reference: 'Forged' })
      .then([{ type: 'KycChecked', data: { provider: 'staff', status: 'rejected', reference: 'Forged' } }]);
  });

  it('refuses a raise asked for with its reason (issue 34), once; none asked for, nothing to refuse', () => {
    const requested: UserEvent = { type: 'BidLimitRequested', data: { amount: 700_000 } };
    const refused: UserEvent = {
      type: 'BidLimitRefused',
      data: { amount: 700_000, reason: 'Two unpaid invoices' },
    };
    spec([registered, requested])
      .when({ type: 'RefuseBidLimit', reason: 'Two unpaid invoices' })
      .then([refused]);
    spec([registered, requested, refused])
      .when({ type: 'RefuseBidLimit', reason: 'again' })
      .thenThrows({ code: 'NO_BID_LIMIT_REQUEST' });
    spec([registered, requested, refused]).when({ type: 'ApproveBidLimit' }).thenThrows({
      code: 'NO_BID_LIMIT_REQUEST',
    });
  });

  it('keeps company owners under 100% together; updates and removes only known owners', () => {
    const added = (id: string, pct: number): UserEvent => ({
      type: 'CompanyOwnerAdded',
      data: owner(id, pct),
    });
    spec([registered])
      .when({ type: 'AddCompanyOwner', owner: owner('o1', 60) })
      .then([added('o1', 60)]);
    spec([registered, added('o1', 60)])
      .when({ type: 'AddCompanyOwner', owner: owner('o1', 60) })
      .then([]);
    spec([registered, added('o1', 60)])
      .when({ type: 'AddCompanyOwner', owner: owner('o2', 41) })
      .thenThrows({ code: 'OWNERSHIP_OVER' });
    spec([registered, added('o1', 60)])
      .when({ type: 'UpdateCompanyOwner', owner: owner('o1', 100) })
      .then([{ type: 'CompanyOwnerUpdated', data: owner('o1', 100) }]);
    spec([registered])
      .when({ type: 'RemoveCompanyOwner', ownerId: 'o9' })
      .thenThrows({ code: 'OWNER_NOT_FOUND' });
  });

  it('holds the limit at its edge, and follows owners through updates and removals', () => {
    const approved: UserEvent = { type: 'BidLimitApproved', data: { amount: 500_000 } };
    spec([registered, approved])
      .when({ type: 'RequestBidLimit', amount: 500_000 })
      .thenThrows({ code: 'BID_LIMIT_NOT_HIGHER' });
    spec([registered, approved])
      .when({ type: 'RequestBidLimit', amount: 500_001 })
      .then([{ type: 'BidLimitRequested', data: { amount: 500_001 } }]);
    const two: UserEvent[] = [
      registered,
      { type: 'CompanyOwnerAdded', data: owner('o1', 60) },
      { type: 'CompanyOwnerAdded', data: owner('o2', 40) },
    ];
    spec(two)
      .when({ type: 'AddCompanyOwner', owner: owner('o3', 1) })
      .thenThrows({ code: 'OWNERSHIP_OVER' });
    spec(two)
      .when({ type: 'UpdateCompanyOwner', owner: owner('o1', 61) })
      .thenThrows({ code: 'OWNERSHIP_OVER' });
    spec(two)
      .when({ type: 'UpdateCompanyOwner', owner: owner('o1', 60) })
      .then([{ type: 'CompanyOwnerUpdated', data: owner('o1', 60) }]);
    spec(two)
      .when({ type: 'UpdateCompanyOwner', owner: owner('o9', 1) })
      .thenThrows({ code: 'OWNER_NOT_FOUND' });
    spec(two)
      .when({ type: 'RemoveCompanyOwner', ownerId: 'o2' })
      .then([{ type: 'CompanyOwnerRemoved', data: { ownerId: 'o2' } }]);
    // After a removal and an update, the room left is what the remaining owners do not hold.
    const changed: UserEvent[] = [
      ...two,
      { type: 'CompanyOwnerRemoved', data: { ownerId: 'o2' } },
      { type: 'CompanyOwnerUpdated', data: owner('o1', 50) },
    ];
    spec(changed)
      .when({ type: 'AddCompanyOwner', owner: owner('o3', 50) })
      .then([{ type: 'CompanyOwnerAdded', data: owner('o3', 50) }]);
    spec(changed)
      .when({ type: 'AddCompanyOwner', owner: owner('o3', 51) })
      .thenThrows({ code: 'OWNERSHIP_OVER' });
    spec(changed).when({ type: 'RemoveCompanyOwner', ownerId: 'o2' }).thenThrows({ code: 'OWNER_NOT_FOUND' });
    expect(fold(userDecider, [...changed, { type: 'KycChecked', data: result }]).kycStatus).toBe('review');
  });
});
