import { formatMoney, MAX_BID_CENTS } from '@wine/contracts';
import { AppError } from '@wine/platform';

/**
 * The command side's refusals, by their codes in the catalogue (contracts/errors.ts: status, message
 * key, field); these helpers only fill in the parameters.
 */
export const commandErrors = {
  lotAlreadyListed: (id: string) => new AppError('LOT_ALREADY_LISTED', { params: { id } }),
  closeInPast: () => new AppError('CLOSE_IN_PAST'),
  lotNotFound: () => new AppError('LOT_NOT_FOUND'),
  lotNotOpen: () => new AppError('LOT_NOT_OPEN'),
  notYourLot: () => new AppError('NOT_YOUR_LOT'),
  lotHasBids: (fields: readonly string[]) =>
    new AppError('LOT_HAS_BIDS', { params: { fields: fields.join(', ') }, ...fieldOf(fields[0]) }),
  minimumOverQuantity: () => new AppError('MINIMUM_OVER_QUANTITY'),
  quantityBelowSold: (count: number) => new AppError('QUANTITY_BELOW_SOLD', { params: { count } }),
  buyNowNeedsPrice: () => new AppError('BUY_NOW_NEEDS_PRICE'),
  watchlistFull: () => new AppError('WATCHLIST_FULL'),
  cartFull: () => new AppError('CART_FULL'),
  lotWithdrawn: () => new AppError('LOT_WITHDRAWN'),
  biddingClosed: () => new AppError('BIDDING_CLOSED'),
  soldOut: () => new AppError('LOT_SOLD_OUT'),
  notAuction: () => new AppError('NOT_AUCTION'),
  notStarted: () => new AppError('NOT_STARTED'),
  ownLot: () => new AppError('OWN_LOT'),
  addCard: () => new AppError('ADD_CARD'),
  addCardToBuy: () => new AppError('ADD_CARD', { message: 'bid.addCardToBuy' }),
  bidCapped: () => new AppError('BID_CAPPED', { params: { amount: formatMoney(MAX_BID_CENTS) } }),
  minBid: (cents: number) => new AppError('MIN_BID', { params: { amount: formatMoney(cents) } }),
  maxNotHigher: (cents: number) => new AppError('MAX_NOT_HIGHER', { params: { amount: formatMoney(cents) } }),
  wrongBiddingType: (type: 'proxy' | 'hard') => new AppError('WRONG_BIDDING_TYPE', { params: { type } }),
  userExists: () => new AppError('USER_EXISTS'),
  userNotFound: () => new AppError('USER_NOT_FOUND'),
  deactivated: () => new AppError('DEACTIVATED'),
  bidLimitNotHigher: () => new AppError('BID_LIMIT_NOT_HIGHER'),
  underAge: () => new AppError('UNDER_AGE'),
  noBidLimitRequest: () => new AppError('NO_BID_LIMIT_REQUEST'),
  ownerNotFound: () => new AppError('OWNER_NOT_FOUND'),
  ownershipOver: () => new AppError('OWNERSHIP_OVER'),
  noPhone: () => new AppError('NO_PHONE'),
  phoneAlreadyVerified: () => new AppError('PHONE_ALREADY_VERIFIED'),
  alreadyVerified: () => new AppError('ALREADY_VERIFIED'),
  currentPasswordWrong: () => new AppError('CURRENT_PASSWORD_WRONG'),
  badLogin: () => new AppError('BAD_LOGIN'),
  sessionInvalid: () => new AppError('SESSION_INVALID'),
  codeInvalid: () => new AppError('CODE_INVALID'),
  linkInvalid: () => new AppError('LINK_INVALID'),
  cardNotFound: () => new AppError('CARD_NOT_FOUND'),
  tooManyCards: () => new AppError('TOO_MANY_CARDS'),
  /** The processor's own words (a decline reason and its reference). */
  cardDeclined: (text: string) => new AppError('CARD_DECLINED', { text }),
  tooManyLogins: () => new AppError('TOO_MANY_LOGINS'),
  tooManyAttempts: () => new AppError('TOO_MANY_ATTEMPTS'),
} as const;

function fieldOf(field: string | undefined): { field?: string } {
  return field ? { field } : {};
}
