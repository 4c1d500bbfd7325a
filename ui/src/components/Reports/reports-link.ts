import { canHandleMoney } from '../StaffMoney/staff-roles.ts';

/** The account menu's entry to the finance reports, for finance and admins (reportActions' auth). */
export const reportsLink = {
  label: 'ui.accountMenu.reports',
  to: '/reports',
  shows: canHandleMoney,
} as const;
