import type { UserRecord } from '@wine/contracts';

type Staff = Pick<UserRecord, 'roles' | 'isAdmin'>;

const isAdmin = (user: Staff) => user.isAdmin || user.roles.includes('admin');

/**
 * DOMAIN.md "Roles": finance and admins see every invoice, record offline payments and list gift
 * cards (moneyStaffActions' auth). The server checks it on every call; this only decides what to show.
 */
export const canHandleMoney = (user: Staff): boolean => isAdmin(user) || user.roles.includes('finance');

/** Issuing gift cards is for admins alone (issueGiftCards' auth). */
export const canIssueGiftCards = (user: Staff): boolean => isAdmin(user);

/** The account menu's entry for them. */
export const staffMoneyLink = { label: 'ui.accountMenu.money', to: '/admin/money' } as const;
