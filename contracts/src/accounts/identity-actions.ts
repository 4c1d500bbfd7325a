import { action, NoData } from '../action.ts';
import { EmptyInput } from './fields.ts';
import {
  AddCompanyOwnerInput,
  ApproveBidLimitInput,
  CompanyOwnerList,
  IdentityVerifiedInput,
  RefuseBidLimitInput,
  RemoveCompanyOwnerInput,
  RequestBidLimitInput,
  RunKycCheckInput,
  UpdateCompanyOwnerInput,
} from './identity.ts';
import { InviteDetails, InviteTokenInput, InviteUserInput } from './invitations.ts';
import { UserRecord } from './session.ts';

/** Identity, bid limits, company owners and invitations (seeds 001 §7). */
export const identityActions = {
  runKycCheck: action({
    path: '/api/user/runKycCheck',
    side: 'command',
    auth: 'user',
    input: RunKycCheckInput,
    output: UserRecord,
  }),
  requestBidLimit: action({
    path: '/api/user/requestBidLimit',
    side: 'command',
    auth: 'user',
    input: RequestBidLimitInput,
    output: UserRecord,
  }),
  approveBidLimitRequest: action({
    path: '/api/user/approveBidLimitRequest',
    side: 'command',
    auth: 'admin',
    input: ApproveBidLimitInput,
    output: NoData,
  }),
  /**
   * seeds 001 §7 updateUserAccountVerified (issue 34): an admin who checked a user's documents records
   * their identity as verified or not, with what was checked.
   */
  updateUserAccountVerified: action({
    path: '/api/user/updateUserAccountVerified',
    side: 'command',
    auth: 'admin',
    input: IdentityVerifiedInput,
    output: NoData,
  }),
  /** Issue 34: an admin refuses a bidder's raise, saying why; the bidder is mailed. */
  refuseBidLimitRequest: action({
    path: '/api/admin/user/refuseBidLimitRequest',
    side: 'command',
    auth: 'admin',
    input: RefuseBidLimitInput,
    output: NoData,
  }),
  addCompanyOwner: action({
    path: '/api/user/addCompanyOwner',
    side: 'command',
    auth: 'user',
    input: AddCompanyOwnerInput,
    output: CompanyOwnerList,
  }),
  updateCompanyOwner: action({
    path: '/api/user/updateCompanyOwner',
    side: 'command',
    auth: 'user',
    input: UpdateCompanyOwnerInput,
    output: CompanyOwnerList,
  }),
  removeCompanyOwner: action({
    path: '/api/user/removeCompanyOwner',
    side: 'command',
    auth: 'user',
    input: RemoveCompanyOwnerInput,
    output: CompanyOwnerList,
  }),
  /** seeds 001 §7: "without a service prefix". */
  getCompanyOwners: action({
    path: '/api/getCompanyOwners',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: CompanyOwnerList,
  }),
  inviteUser: action({
    path: '/api/admin/user/invite',
    side: 'command',
    auth: 'admin',
    input: InviteUserInput,
    output: NoData,
  }),
  /** seeds 001 §7: "without a service prefix". */
  getInviteDetails: action({
    path: '/api/getInviteDetails',
    side: 'command',
    auth: 'public',
    input: InviteTokenInput,
    output: InviteDetails,
  }),
} as const;
