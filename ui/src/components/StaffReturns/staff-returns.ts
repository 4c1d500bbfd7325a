import { mayCall, type StaffUser } from '../../lib/may-call.ts';

/**
 * Who decides returns: the roles decideReturn asks for (finance or an admin). The server checks it on
 * every call; this only decides what to show.
 */
export const canDecideReturns = (user: StaffUser): boolean => mayCall(user, 'decideReturn');
