import { AppError } from '@wine/platform';

/** The command side's error catalogue: code, status, message (STYLE.md "Errors are values with codes"). */
export const commandErrors = {
  lotAlreadyListed: (id: string) => new AppError('LOT_ALREADY_LISTED', `Lot ${id} already exists`, 409, 'id'),
  closeInPast: () => new AppError('CLOSE_IN_PAST', 'closesAt must be in the future', 400, 'closesAt'),
  adminOnly: () => new AppError('ADMIN_ONLY', 'Only an admin can do this', 403),
} as const;
