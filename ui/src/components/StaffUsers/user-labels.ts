import type { Role } from '@wine/contracts';

/** The list's role filter: any role, no staff role, or one role. */
export const userRoleFilters = [
  'all',
  'none',
  'admin',
  'seller',
  'auditor',
  'finance',
  'support',
  'auctioneer',
  'vendor',
] as const;
export type UserRoleFilter = (typeof userRoleFilters)[number];

export const userStatusFilters = ['all', 'active', 'deactivate'] as const;
export type UserStatusFilter = (typeof userStatusFilters)[number];

/** The roles an admin grants, in the order the user's page shows them. */
export const grantableRoles = [
  'admin',
  'seller',
  'auditor',
  'finance',
  'support',
  'auctioneer',
  'vendor',
] as const satisfies readonly Role[];

export const roleLabel = {
  all: 'ui.staff.users.role_all',
  none: 'ui.staff.users.role_none',
  admin: 'ui.staff.users.role_admin',
  seller: 'ui.staff.users.role_seller',
  auditor: 'ui.staff.users.role_auditor',
  finance: 'ui.staff.users.role_finance',
  support: 'ui.staff.users.role_support',
  auctioneer: 'ui.staff.users.role_auctioneer',
  vendor: 'ui.staff.users.role_vendor',
} as const satisfies Record<UserRoleFilter, `ui.${string}`>;

export const statusLabel = {
  all: 'ui.staff.users.status_all',
  active: 'ui.staff.users.status_active',
  deactivate: 'ui.staff.users.status_deactivate',
} as const satisfies Record<UserStatusFilter, `ui.${string}`>;

export const kycLabel = {
  none: 'ui.staff.users.kyc_none',
  approved: 'ui.staff.users.kyc_approved',
  review: 'ui.staff.users.kyc_review',
  rejected: 'ui.staff.users.kyc_rejected',
} as const;

export const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();
