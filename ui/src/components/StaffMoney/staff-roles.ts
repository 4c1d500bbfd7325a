import { mayCall, type StaffUser } from '../../lib/may-call.ts';

/**
 * DOMAIN.md "Roles": finance and admins see every invoice, record offline payments and list gift
 * cards (staffInvoices' auth). The server checks it on every call; this only decides what to show.
 */
export const canHandleMoney = (user: StaffUser): boolean => mayCall(user, 'staffInvoices');

/** Issuing gift cards is for admins alone (issueGiftCards' auth). */
export const canIssueGiftCards = (user: StaffUser): boolean => mayCall(user, 'issueGiftCards');
