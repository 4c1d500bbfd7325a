import type { actionPaths } from '@wine/contracts/action-paths';
import { mayCall, type StaffUser } from '../../lib/may-call.ts';

/**
 * The sections of the staff area (issue 33), each shown to the users who hold a role its action asks
 * for: the lots, auctions, people, content (pages and banners) and offers to admins, the live room to auctioneers, money and returns to finance and admins, the audit to auditors, operations
 * to support. Every later staff screen joins this list.
 */
export const staffSections = [
  {
    key: 'lots',
    to: '/admin/lots',
    action: 'staffLots',
  },
  {
    key: 'auctions',
    to: '/admin/auctions',
    action: 'staffAuctions',
  },
  {
    key: 'users',
    to: '/admin/users',
    action: 'staffUsers',
  },
  {
    key: 'content',
    to: '/admin/pages',
    action: 'publishPage',
  },
  {
    key: 'enquiries',
    to: '/admin/enquiries',
    action: 'staffEnquiries',
  },
  {
    key: 'investors',
    to: '/admin/investors',
    // Finance settles the orders there; the investors' profiles on it are the admins'.
    action: 'adminInvestmentOrders',
  },
  {
    key: 'newsletter',
    to: '/admin/newsletter',
    action: 'staffContacts',
  },
  {
    key: 'pickups',
    to: '/admin/pickups',
    action: 'appointmentDashboard',
  },
  {
    key: 'offers',
    to: '/admin/offers',
    action: 'adminOffers',
  },
  {
    key: 'live',
    to: '/admin/live',
    action: 'liveConsole',
  },
  {
    key: 'money',
    to: '/admin/money',
    action: 'staffInvoices',
  },
  {
    key: 'returns',
    to: '/admin/returns',
    action: 'decideReturn',
  },
  {
    key: 'reports',
    to: '/reports',
    action: 'exportReport',
  },
  {
    key: 'audit',
    to: '/audit',
    action: 'auditVerify',
  },
  {
    key: 'ops',
    to: '/ops',
    action: 'opsStatus',
  },
  {
    key: 'settings',
    to: '/admin/settings',
    action: 'changeMerchantDetails',
  },
  {
    key: 'referenceData',
    to: '/admin/reference-data',
    action: 'insertEntry',
  },
] as const satisfies readonly {
  key: string;
  to: string;
  action: keyof typeof actionPaths;
}[];

export type StaffSection = (typeof staffSections)[number];

/** The sections `user` may open, in the menu's order. */
export const staffSectionsFor = (user: StaffUser): StaffSection[] =>
  staffSections.filter((section) => mayCall(user, section.action));

/** The account menu's entry to the staff area, for anyone with a section in it. */
export const staffAreaLink = { label: 'ui.accountMenu.staffArea', to: '/admin' } as const;
export const isStaff = (user: StaffUser): boolean => staffSectionsFor(user).length > 0;
