import { mayCall, type StaffUser } from '../../lib/may-call.ts';

/**
 * Who sees /ops: the roles opsStatus asks for (support or an admin). The server checks it on every
 * call; this only decides what to show.
 */
export const canOperate = (user: StaffUser): boolean => mayCall(user, 'opsStatus');
