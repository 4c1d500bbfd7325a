import { accountMessages, cardMessages } from '@wine/contracts';
import { AppError } from '@wine/platform';

/** The command side's error catalogue: code, status, message (STYLE.md "Errors are values with codes"). */
export const commandErrors = {
  lotAlreadyListed: (id: string) => new AppError('LOT_ALREADY_LISTED', `Lot ${id} already exists`, 409, 'id'),
  closeInPast: () => new AppError('CLOSE_IN_PAST', 'closesAt must be in the future', 400, 'closesAt'),
  adminOnly: () => new AppError('ADMIN_ONLY', 'Only an admin can do this', 403),
  userExists: () => new AppError('USER_EXISTS', accountMessages.emailTaken, 409, 'email'),
  userNotFound: () => new AppError('USER_NOT_FOUND', 'User not found', 404),
  deactivated: () => new AppError('DEACTIVATED', 'This account is deactivated', 403),
  bidLimitNotHigher: () =>
    new AppError('BID_LIMIT_NOT_HIGHER', 'Ask for more than your current bid limit', 400, 'amount'),
  underAge: () =>
    new AppError('UNDER_AGE', 'You must be 21 or older to bid or buy wine', 400, 'date_of_birth'),
  noBidLimitRequest: () =>
    new AppError('NO_BID_LIMIT_REQUEST', 'This user has no bid limit request', 400, 'id'),
  ownerNotFound: () => new AppError('OWNER_NOT_FOUND', 'Company owner not found', 404, 'id'),
  ownershipOver: () =>
    new AppError('OWNERSHIP_OVER', 'Owners cannot hold more than 100% together', 400, 'ownership_percent'),
  noPhone: () => new AppError('NO_PHONE', 'Add a phone number to your profile first', 400, 'phone'),
  phoneAlreadyVerified: () => new AppError('PHONE_ALREADY_VERIFIED', 'Phone already verified', 400, 'phone'),
  alreadyVerified: () => new AppError('ALREADY_VERIFIED', 'E-mail already verified', 400),
  currentPasswordWrong: () =>
    new AppError('CURRENT_PASSWORD_WRONG', accountMessages.currentPasswordWrong, 400, 'current_password'),
  badLogin: () => new AppError('BAD_LOGIN', accountMessages.badLogin, 400),
  sessionInvalid: () => new AppError('SESSION_INVALID', accountMessages.sessionExpired, 403),
  codeInvalid: () => new AppError('CODE_INVALID', accountMessages.codeInvalid, 400, 'code'),
  linkInvalid: () => new AppError('LINK_INVALID', accountMessages.linkInvalid, 400, 'token'),
  cardNotFound: () => new AppError('CARD_NOT_FOUND', cardMessages.notFound, 404, 'id'),
  tooManyCards: () => new AppError('TOO_MANY_CARDS', cardMessages.tooMany, 400),
  cardDeclined: (message: string) => new AppError('CARD_DECLINED', message, 402, 'card_number'),
  tooManyAttempts: () =>
    new AppError('TOO_MANY_ATTEMPTS', 'Too many attempts, ask for a new code', 429, 'code'),
} as const;
