import { accountMessages, bidMessages, cardMessages } from '@wine/contracts';
import { AppError } from '@wine/platform';

/** The command side's error catalogue: code, status, message (STYLE.md "Errors are values with codes"). */
export const commandErrors = {
  lotAlreadyListed: (id: string) => new AppError('LOT_ALREADY_LISTED', `Lot ${id} already exists`, 409, 'id'),
  closeInPast: () => new AppError('CLOSE_IN_PAST', 'closesAt must be in the future', 400, 'closesAt'),
  lotNotFound: () => new AppError('LOT_NOT_FOUND', 'Lot not found', 404, 'id'),
  lotNotOpen: () => new AppError('LOT_NOT_OPEN', 'This lot is no longer open', 409, 'id'),
  notYourLot: () => new AppError('NOT_YOUR_LOT', 'You can only change your own lots', 403, 'id'),
  lotHasBids: (fields: readonly string[]) =>
    new AppError('LOT_HAS_BIDS', `${fields.join(', ')} cannot change once the lot has bids`, 409, fields[0]),
  minimumOverQuantity: () =>
    new AppError(
      'MINIMUM_OVER_QUANTITY',
      'The minimum quantity cannot exceed the quantity',
      400,
      'minimumQuantity',
    ),
  buyNowNeedsPrice: () =>
    new AppError('BUY_NOW_NEEDS_PRICE', 'a buy-now lot needs a buy-now price', 400, 'buyNowPrice'),
  watchlistFull: () =>
    new AppError('WATCHLIST_FULL', 'Your watchlist is full; remove a lot first', 400, 'project_id'),
  cartFull: () =>
    new AppError('CART_FULL', 'Your cart is full; check out or remove a lot first', 400, 'cart'),
  // seeds 000 §5 and DOMAIN.md "Bids": the bid refusals, on the bid amount field (wsprice).
  lotWithdrawn: () => new AppError('LOT_WITHDRAWN', bidMessages.withdrawn, 409, 'id'),
  biddingClosed: () => new AppError('BIDDING_CLOSED', bidMessages.closed, 409, 'id'),
  notAuction: () => new AppError('NOT_AUCTION', bidMessages.notAuction, 409, 'id'),
  notStarted: () => new AppError('NOT_STARTED', bidMessages.notStarted, 409, 'id'),
  ownLot: () => new AppError('OWN_LOT', bidMessages.ownLot, 403, 'id'),
  addCard: () => new AppError('ADD_CARD', bidMessages.addCard, 402),
  addCardToBuy: () => new AppError('ADD_CARD', bidMessages.addCardToBuy, 402),
  bidCapped: () => new AppError('BID_CAPPED', bidMessages.capped, 400, 'wsprice'),
  minBid: (cents: number) => new AppError('MIN_BID', bidMessages.minBid(cents), 400, 'wsprice'),
  maxNotHigher: (cents: number) =>
    new AppError('MAX_NOT_HIGHER', bidMessages.maxNotHigher(cents), 400, 'wsprice'),
  wrongBiddingType: (type: 'proxy' | 'hard') =>
    new AppError('WRONG_BIDDING_TYPE', bidMessages.wrongType(type), 400, 'bidding_type'),
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
  tooManyLogins: () =>
    new AppError(
      'TOO_MANY_LOGINS',
      'Too many sign-in attempts for this address, try again in 15 minutes',
      429,
    ),
  switchedSession: () =>
    new AppError('SWITCHED_SESSION', 'A switched session acts as the user only; sign in as yourself', 403),
  tooManyAttempts: () =>
    new AppError('TOO_MANY_ATTEMPTS', 'Too many attempts, ask for a new code', 429, 'code'),
} as const;
