import type { UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { UserHandlers, UserSlice } from '../handlers.ts';
import type { User } from '../user.ts';

/** A date of birth as the calendar gives it (month 1 to 12). */
export interface BirthDate {
  year: number;
  month: number;
  day: number;
}

type Owner = Extract<UserEvent, { type: 'CompanyOwnerAdded' }>['data'];

/** The identity part of the user decider: the identity check, the bid limit, the company's owners. */
export type IdentityCommand =
  /** `now`: the server's clock when the check was asked for; `bornOn` went to the provider, not to the log. */
  | {
      type: 'RecordKycCheck';
      bornOn: BirthDate;
      now: Date;
      result: Extract<UserEvent, { type: 'KycChecked' }>['data'];
    }
  | { type: 'RequestBidLimit'; amount: number }
  /** An admin approves `amount` (cents), or the amount the user asked for when none is given. */
  | { type: 'ApproveBidLimit'; amount?: number | undefined }
  /**
   * seeds 001 §7 updateUserAccountVerified (issue 34): an admin who checked a user's documents records
   * the identity as verified or not, with the reference of what was checked.
   */
  | { type: 'SetIdentityVerified'; verified: boolean; reference: string }
  /** Issue 34: an admin refuses the raise asked for, saying why. */
  | { type: 'RefuseBidLimit'; reason: string }
  | { type: 'AddCompanyOwner'; owner: Owner }
  | { type: 'UpdateCompanyOwner'; owner: Owner }
  | { type: 'RemoveCompanyOwner'; ownerId: string };

export const MINIMUM_AGE = 21;

/**
 * Bidders and buyers of wine must be 21 or older: refused until the 21st birthday (00:00 UTC) by the
 * server's clock. The identity service asks this before the provider sees anything, and the decider
 * again when the check is recorded.
 */
export function refuseUnderAge(bornOn: BirthDate, now: Date): void {
  const comingOfAge = Date.UTC(bornOn.year + MINIMUM_AGE, bornOn.month - 1, bornOn.day);
  if (comingOfAge > now.getTime()) throw new AppError('UNDER_AGE');
}

/** Owners of one business cannot hold more than all of it. */
const ownershipTotal = (owners: User['owners'], except?: string) =>
  owners.filter((o) => o.ownerId !== except).reduce((sum, o) => sum + o.ownershipPercent, 0);

export function decideIdentity(command: IdentityCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'RecordKycCheck':
      refuseUnderAge(command.bornOn, command.now);
      return [{ type: 'KycChecked', data: command.result }];
    case 'SetIdentityVerified': {
      const status = command.verified ? 'approved' : 'rejected';
      if (state.kycStatus === status) return [];
      return [{ type: 'KycChecked', data: { provider: 'staff', status, reference: command.reference } }];
    }
    case 'RequestBidLimit':
      if (state.bidLimit !== null && command.amount <= state.bidLimit)
        throw new AppError('BID_LIMIT_NOT_HIGHER');
      return [{ type: 'BidLimitRequested', data: { amount: command.amount } }];
    case 'ApproveBidLimit': {
      const approved = command.amount ?? state.bidLimitRequested;
      if (approved === null) throw new AppError('NO_BID_LIMIT_REQUEST');
      return [{ type: 'BidLimitApproved', data: { amount: approved } }];
    }
    case 'RefuseBidLimit': {
      const asked = state.bidLimitRequested;
      if (asked === null) throw new AppError('NO_BID_LIMIT_REQUEST');
      return [{ type: 'BidLimitRefused', data: { amount: asked, reason: command.reason } }];
    }
    case 'AddCompanyOwner':
      if (state.owners.some((o) => o.ownerId === command.owner.ownerId)) return [];
      if (ownershipTotal(state.owners) + command.owner.ownershipPercent > 100)
        throw new AppError('OWNERSHIP_OVER');
      return [{ type: 'CompanyOwnerAdded', data: command.owner }];
    case 'UpdateCompanyOwner':
      if (!state.owners.some((o) => o.ownerId === command.owner.ownerId))
        throw new AppError('OWNER_NOT_FOUND');
      if (ownershipTotal(state.owners, command.owner.ownerId) + command.owner.ownershipPercent > 100) {
        throw new AppError('OWNERSHIP_OVER');
      }
      return [{ type: 'CompanyOwnerUpdated', data: command.owner }];
    case 'RemoveCompanyOwner':
      if (!state.owners.some((o) => o.ownerId === command.ownerId)) throw new AppError('OWNER_NOT_FOUND');
      return [{ type: 'CompanyOwnerRemoved', data: { ownerId: command.ownerId } }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const identityHandlers: UserHandlers<IdentityCommand> = {
  RecordKycCheck: decideIdentity,
  SetIdentityVerified: decideIdentity,
  RequestBidLimit: decideIdentity,
  ApproveBidLimit: decideIdentity,
  RefuseBidLimit: decideIdentity,
  AddCompanyOwner: decideIdentity,
  UpdateCompanyOwner: decideIdentity,
  RemoveCompanyOwner: decideIdentity,
};

export interface IdentityState {
  kycStatus: 'none' | 'approved' | 'review' | 'rejected';
  /** Cents; null until an admin approves one. */
  bidLimit: number | null;
  bidLimitRequested: number | null;
  owners: Extract<UserEvent, { type: 'CompanyOwnerAdded' }>['data'][];
}

export const identitySlice: UserSlice<
  IdentityState,
  | 'KycChecked'
  | 'BidLimitRequested'
  | 'BidLimitApproved'
  | 'BidLimitRefused'
  | 'CompanyOwnerAdded'
  | 'CompanyOwnerUpdated'
  | 'CompanyOwnerRemoved'
> = {
  initial: { kycStatus: 'none', bidLimit: null, bidLimitRequested: null, owners: [] },
  evolve: {
    KycChecked: (state, event) => ({ ...state, kycStatus: event.data.status }),
    BidLimitRequested: (state, event) => ({ ...state, bidLimitRequested: event.data.amount }),
    BidLimitApproved: (state, event) => ({ ...state, bidLimit: event.data.amount, bidLimitRequested: null }),
    BidLimitRefused: (state) => ({ ...state, bidLimitRequested: null }),
    CompanyOwnerAdded: (state, event) => ({ ...state, owners: [...state.owners, event.data] }),
    CompanyOwnerUpdated: (state, event) => ({
      ...state,
      owners: state.owners.map((o) => (o.ownerId === event.data.ownerId ? event.data : o)),
    }),
    CompanyOwnerRemoved: (state, event) => ({
      ...state,
      owners: state.owners.filter((o) => o.ownerId !== event.data.ownerId),
    }),
  },
};
