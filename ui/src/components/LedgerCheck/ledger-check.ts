import { mayCall, type StaffUser } from '../../lib/may-call.ts';

/** Who checks the payment ledger: the roles paymentLedgerCheck asks for. The server checks it on every call. */
export const canCheckLedger = (user: StaffUser): boolean => mayCall(user, 'paymentLedgerCheck');
