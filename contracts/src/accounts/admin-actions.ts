import { z } from 'zod';
import { action, NoData } from '../action.ts';
import { EmptyInput } from './fields.ts';
import { RoleChangeInput, SetSellerInput } from './roles.ts';
import { LoginResult } from './session.ts';
import { StaffUserDetail, StaffUserInput, StaffUserPage, StaffUsersInput } from './staff-users.ts';
import { ChangeUserStatusInput, ForceLogoutInput, OutboxMessage, SwitchUserInput } from './user-admin.ts';

/** What an admin does to users: roles, status, sessions (DOMAIN.md "Roles", seeds 001 §7). */
export const userAdminActions = {
  /** The staff area's list of users (issue 34 "People"), admins only. */
  staffUsers: action({
    path: '/api/admin/user/search',
    side: 'query',
    auth: 'admin',
    input: StaffUsersInput,
    output: StaffUserPage,
  }),
  /** One user's page in the staff area. */
  staffUser: action({
    path: '/api/admin/user/detail',
    side: 'query',
    auth: 'admin',
    input: StaffUserInput,
    output: StaffUserDetail,
  }),
  grantRole: action({
    path: '/api/admin/user/grantRole',
    side: 'command',
    auth: 'admin',
    input: RoleChangeInput,
    output: NoData,
  }),
  revokeRole: action({
    path: '/api/admin/user/revokeRole',
    side: 'command',
    auth: 'admin',
    input: RoleChangeInput,
    output: NoData,
  }),
  setSeller: action({
    path: '/api/admin/user/setSeller',
    side: 'command',
    auth: 'admin',
    input: SetSellerInput,
    output: NoData,
  }),
  switchUser: action({
    path: '/api/user/switchuser',
    side: 'command',
    auth: 'admin',
    input: SwitchUserInput,
    output: LoginResult,
  }),
  /**
   * An admin deactivates or reactivates another user's account (never their own: OWN_ACCOUNT), also at
   * the seeds' user-area path (seeds 001 §7 "(area user) ... changeStatus").
   */
  changeUserStatus: action({
    path: '/api/admin/user/changeStatus',
    aliases: ['/api/user/changeStatus'],
    side: 'command',
    auth: 'admin',
    input: ChangeUserStatusInput,
    output: NoData,
  }),
  forceLogout: action({
    path: '/api/admin/user/forceLogout',
    side: 'command',
    auth: 'admin',
    input: ForceLogoutInput,
    output: NoData,
  }),
  /** The embedded mailer's outbox, for the page /dev/outbox (absent outside embedded). */
  devOutbox: action({
    path: '/api/dev/outbox',
    side: 'command',
    auth: 'admin',
    input: EmptyInput,
    output: z.object({ records: z.array(OutboxMessage) }),
  }),
} as const;
