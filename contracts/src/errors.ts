import type { MessageKey } from './i18n/index.ts';

interface ErrorEntry {
  /** HTTP status, and the envelope's responseType. */
  status: number;
  /** The text, in the caller's language (i18n resources). */
  message: MessageKey;
  /** The input field at fault, when there is one. */
  field?: string;
}

const entry = (status: number, message: MessageKey, field?: string): ErrorEntry =>
  field ? { status, message, field } : { status, message };

/**
 * Every refusal of the product, declared once (STYLE.md "Errors are values with codes"): a stable code
 * with its HTTP status, its message key and the field at fault. The envelope carries the code; the UI
 * branches on it, never on the wording.
 */
export const errorCatalogue = {
  // Input and transport (platform).
  VALIDATION: entry(400, 'common.somethingWrong'),
  BAD_JSON: entry(400, 'errors.BAD_JSON'),
  EMPTY_BODY: entry(400, 'errors.EMPTY_BODY'),
  FORBIDDEN_KEY: entry(400, 'errors.FORBIDDEN_KEY'),
  /** Issue 38 §4 (seeds 001 §7): with ENCRYPT_BODIES on, a body not sealed, or not with a key of this server. */
  DECRYPT_FAILED: entry(400, 'errors.DECRYPT_FAILED'),
  /** The public key sent to agree a body key is not a P-256 point. */
  BODY_KEY_INVALID: entry(400, 'errors.BODY_KEY_INVALID', 'publicKey'),
  NO_ACTION: entry(404, 'errors.NO_ACTION'),
  NOT_FOUND: entry(404, 'errors.NOT_FOUND'),
  FORBIDDEN: entry(403, 'errors.FORBIDDEN'),
  RATE_LIMITED: entry(429, 'errors.RATE_LIMITED'),
  /** A 4xx fastify answers itself (a body too large, a media type it does not take). */
  BAD_REQUEST: entry(400, 'errors.BAD_REQUEST'),
  BUSY: entry(503, 'errors.BUSY'),
  /** The enquiry forms' bodies held at once are at their budget (command-service enquiries). */
  ENQUIRIES_BUSY: entry(503, 'errors.ENQUIRIES_BUSY'),
  COMMAND_ID_TAKEN: entry(409, 'errors.COMMAND_ID_TAKEN'),
  COMMAND_ID_REUSED: entry(422, 'errors.COMMAND_ID_REUSED'),
  /** A repeat of a key whose first request (a card payment) is still running. */
  COMMAND_IN_PROGRESS: entry(409, 'errors.COMMAND_IN_PROGRESS'),
  INTERNAL: entry(500, 'common.somethingWrong'),
  // Sessions and roles.
  SESSION_INVALID: entry(403, 'account.sessionExpired'),
  ROLE_REQUIRED: entry(403, 'role.admin'),
  SWITCHED_SESSION: entry(403, 'errors.SWITCHED_SESSION'),
  /** Issue 38 §3: the protected details are shown only in a session signed in within the last minutes. */
  SESSION_NOT_FRESH: entry(401, 'errors.SESSION_NOT_FRESH'),
  /** An admin acting as a user is read-only for money: no card charged or added, no payment (issue 30). */
  SWITCHED_SESSION_MONEY: entry(403, 'errors.SWITCHED_SESSION_MONEY'),
  /** Separation of duties (issue 30): no staff action on a money record whose buyer or seller is the caller. */
  OWN_MONEY_RECORD: entry(403, 'errors.OWN_MONEY_RECORD'),
  // Lots (the admin's and the seller's catalogue).
  LOT_ALREADY_LISTED: entry(409, 'errors.LOT_ALREADY_LISTED', 'id'),
  CLOSE_IN_PAST: entry(400, 'errors.CLOSE_IN_PAST', 'closesAt'),
  LOT_NOT_FOUND: entry(404, 'errors.LOT_NOT_FOUND', 'id'),
  LOT_NOT_OPEN: entry(409, 'errors.LOT_NOT_OPEN', 'id'),
  NOT_YOUR_LOT: entry(403, 'errors.NOT_YOUR_LOT', 'id'),
  LOT_HAS_BIDS: entry(409, 'errors.LOT_HAS_BIDS'),
  MINIMUM_OVER_QUANTITY: entry(400, 'errors.MINIMUM_OVER_QUANTITY', 'minimumQuantity'),
  QUANTITY_BELOW_SOLD: entry(400, 'errors.QUANTITY_BELOW_SOLD', 'quantity'),
  BUY_NOW_NEEDS_PRICE: entry(400, 'errors.BUY_NOW_NEEDS_PRICE', 'buyNowPrice'),
  LOT_NOT_RELISTABLE: entry(409, 'errors.LOT_NOT_RELISTABLE', 'id'),
  LOT_ALREADY_RELISTED: entry(409, 'errors.LOT_ALREADY_RELISTED', 'id'),
  // A seller's listing and its review (issue 33 "Sellers").
  /** A payout names a statement line the house already paid the seller. */
  LINE_ALREADY_PAID: entry(409, 'errors.LINE_ALREADY_PAID', 'lines'),
  /** A payout names a line not payable yet: unpaid by the buyer, before its payout day, or all returned. */
  LINE_NOT_PAYABLE: entry(409, 'errors.LINE_NOT_PAYABLE', 'lines'),
  /** A payout names a line that is not the seller's (another seller's lot, or no such invoice line). */
  NOT_SELLERS_LINE: entry(400, 'errors.NOT_SELLERS_LINE', 'lines'),
  /** Issue 38 §1: the house bills charges only to a seller or a vendor. */
  CHARGE_NOT_SELLER: entry(400, 'errors.CHARGE_NOT_SELLER', 'seller_id'),
  LOT_IS_DRAFT: entry(409, 'errors.LOT_IS_DRAFT', 'id'),
  LOT_UNDER_REVIEW: entry(409, 'errors.LOT_UNDER_REVIEW', 'id'),
  LOT_NOT_DRAFT: entry(409, 'errors.LOT_NOT_DRAFT', 'id'),
  LOT_NOT_SUBMITTED: entry(409, 'errors.LOT_NOT_SUBMITTED', 'id'),
  /** Separation of duties: no admin approves or sends back a listing of their own. */
  OWN_LISTING: entry(403, 'errors.OWN_LISTING', 'id'),
  /** Separation of duties: no admin changes their own roles or status, forces out or switches to themselves. */
  OWN_ACCOUNT: entry(403, 'errors.OWN_ACCOUNT', 'id'),
  RESERVE_HOUSE_SET: entry(403, 'errors.RESERVE_HOUSE_SET', 'reserve'),
  CLOSE_BEFORE_START: entry(400, 'errors.CLOSE_BEFORE_START', 'closesAt'),
  UPLOAD_FILE_TYPE: entry(415, 'errors.UPLOAD_FILE_TYPE', 'file_upload'),
  EXTERNAL_IMAGE_FAILED: entry(400, 'errors.EXTERNAL_IMAGE_FAILED', 'images'),
  IMPORT_FILE_TYPE: entry(415, 'errors.IMPORT_FILE_TYPE', 'file_upload'),
  IMPORT_EMPTY: entry(400, 'errors.IMPORT_EMPTY', 'file_upload'),
  IMPORT_TOO_LARGE: entry(400, 'errors.IMPORT_TOO_LARGE', 'file_upload'),
  IMPORT_TOO_WIDE: entry(400, 'errors.IMPORT_TOO_WIDE', 'file_upload'),
  IMPORT_CELL_TOO_LONG: entry(400, 'errors.IMPORT_CELL_TOO_LONG', 'file_upload'),
  IMPORT_EXISTS: entry(409, 'errors.IMPORT_EXISTS', 'importId'),
  IMPORT_NOT_FOUND: entry(404, 'errors.IMPORT_NOT_FOUND', 'importId'),
  IMPORT_REVERTED: entry(409, 'errors.IMPORT_REVERTED', 'importId'),
  IMPORT_APPLIED_OTHERWISE: entry(409, 'errors.IMPORT_APPLIED_OTHERWISE', 'mapping'),
  IMPORT_NOT_APPLIED: entry(409, 'errors.IMPORT_NOT_APPLIED', 'importId'),
  IMPORT_HAS_BIDS: entry(409, 'errors.IMPORT_HAS_BIDS', 'importId'),
  IMPORT_LOT_CLOSED: entry(409, 'errors.IMPORT_LOT_CLOSED', 'importId'),
  ESTIMATES_ORDER: entry(400, 'errors.ESTIMATES_ORDER', 'highEstimate'),
  RESERVE_OVER_ESTIMATE: entry(400, 'errors.RESERVE_OVER_ESTIMATE', 'reserve'),
  RESERVE_CONFIRM_ADMIN: entry(403, 'errors.RESERVE_CONFIRM_ADMIN', 'reserveConfirmed'),
  // Bid cancel and manual award (issue 33).
  BID_NOT_FOUND: entry(404, 'errors.BID_NOT_FOUND', 'bidId'),
  BIDS_CHANGED: entry(409, 'errors.BIDS_CHANGED', 'id'),
  BID_CANCEL_SOLD: entry(409, 'errors.BID_CANCEL_SOLD', 'id'),
  BID_CANCEL_CLOSED: entry(409, 'errors.BID_CANCEL_CLOSED', 'reopen'),
  REOPEN_NEEDS_TIME: entry(400, 'errors.REOPEN_NEEDS_TIME', 'extendMinutes'),
  LOT_ALREADY_SOLD: entry(409, 'errors.LOT_ALREADY_SOLD', 'id'),
  AWARD_BELOW_BID: entry(409, 'errors.AWARD_BELOW_BID', 'price'),
  AWARD_BELOW_RESERVE: entry(409, 'errors.AWARD_BELOW_RESERVE', 'price'),
  AWARD_NEEDS_REASON: entry(400, 'errors.AWARD_NEEDS_REASON', 'reason'),
  AWARD_BUYER_UNKNOWN: entry(404, 'errors.AWARD_BUYER_UNKNOWN', 'buyerId'),
  // Auctions (issue 33): an auction's fields and its lots' schedule.
  AUCTION_NOT_FOUND: entry(404, 'errors.AUCTION_NOT_FOUND', 'id'),
  AUCTION_EXISTS: entry(409, 'errors.AUCTION_EXISTS', 'id'),
  AUCTION_STARTED: entry(409, 'errors.AUCTION_STARTED', 'lotIds'),
  AUCTION_DATES_ORDER: entry(400, 'errors.AUCTION_DATES_ORDER', 'firstCloseAt'),
  AUCTION_FIRST_CLOSE_PASSED: entry(400, 'errors.AUCTION_FIRST_CLOSE_PASSED', 'firstCloseAt'),
  AUCTION_LOT_NOT_FOUND: entry(404, 'errors.AUCTION_LOT_NOT_FOUND', 'lotIds'),
  AUCTION_LOT_NOT_OPEN: entry(409, 'errors.AUCTION_LOT_NOT_OPEN', 'lotIds'),
  AUCTION_LOT_NOT_AUCTION: entry(409, 'errors.AUCTION_LOT_NOT_AUCTION', 'lotIds'),
  AUCTION_LOT_ELSEWHERE: entry(409, 'errors.AUCTION_LOT_ELSEWHERE', 'lotIds'),
  AUCTION_LOT_HAS_BIDS: entry(409, 'errors.AUCTION_LOT_HAS_BIDS', 'lotIds'),
  AUCTION_CLOSE_PASSED: entry(409, 'errors.AUCTION_CLOSE_PASSED', 'lotIds'),
  // Bidding (seeds 000 §5 and DOMAIN.md "Bids"): on the bid amount field (wsprice) where it is the amount.
  LOT_WITHDRAWN: entry(409, 'bid.withdrawn', 'id'),
  BIDDING_CLOSED: entry(409, 'bid.closed', 'id'),
  /** DOMAIN.md: a lot with nothing left (every bottle sold or held) takes no bid and sells no more. */
  LOT_SOLD_OUT: entry(409, 'bid.soldOut', 'id'),
  HOLD_PAST_CLOSE: entry(409, 'buyNow.holdPastClose', 'product_id'),
  NOT_AUCTION: entry(409, 'bid.notAuction', 'id'),
  NOT_STARTED: entry(409, 'bid.notStarted', 'id'),
  OWN_LOT: entry(403, 'bid.ownLot', 'id'),
  // Issue 36: offers.
  OFFERS_NOT_TAKEN: entry(409, 'errors.OFFERS_NOT_TAKEN', 'id'),
  OFFER_NOT_FOUND: entry(404, 'errors.OFFER_NOT_FOUND', 'offer_id'),
  OFFER_CLOSED: entry(409, 'errors.OFFER_CLOSED', 'offer_id'),
  OFFER_EXPIRED: entry(409, 'errors.OFFER_EXPIRED', 'offer_id'),
  OFFER_NOT_YOUR_TURN: entry(409, 'errors.OFFER_NOT_YOUR_TURN', 'offer_id'),
  OFFER_ROUNDS: entry(409, 'errors.OFFER_ROUNDS', 'offer_id'),
  OFFER_PRICE: entry(400, 'errors.OFFER_PRICE', 'price'),
  OFFER_QUANTITY: entry(409, 'errors.OFFER_QUANTITY', 'qty'),
  SECOND_CHANCE_NONE: entry(409, 'errors.SECOND_CHANCE_NONE', 'product_id'),
  LOT_NOT_IN_SALE: entry(409, 'errors.LOT_NOT_IN_SALE', 'id'),
  PADDLE_UNKNOWN: entry(404, 'errors.PADDLE_UNKNOWN', 'paddle'),
  LIVE_LOT_OPEN: entry(409, 'errors.LIVE_LOT_OPEN', 'lot_id'),
  LIVE_OWN_BID: entry(403, 'errors.LIVE_OWN_BID', 'paddle'),
  NOT_LIVE_SALE: entry(409, 'errors.NOT_LIVE_SALE', 'auction_id'),
  LIVE_SALE_NOT_OPEN: entry(409, 'errors.LIVE_SALE_NOT_OPEN', 'auction_id'),
  LIVE_SALE_PAUSED: entry(409, 'errors.LIVE_SALE_PAUSED', 'auction_id'),
  LIVE_SALE_CLOSED: entry(409, 'errors.LIVE_SALE_CLOSED', 'auction_id'),
  LIVE_BID_IN_ROOM: entry(409, 'errors.LIVE_BID_IN_ROOM', 'id'),
  LIVE_LOT_NOT_OPEN: entry(409, 'errors.LIVE_LOT_NOT_OPEN', 'id'),
  LIVE_LOT_CALLED: entry(409, 'errors.LIVE_LOT_CALLED', 'id'),
  LIVE_LOT_HAMMERED: entry(409, 'errors.LIVE_LOT_HAMMERED', 'id'),
  LIVE_BID_MISSED: entry(409, 'errors.LIVE_BID_MISSED', 'id'),
  ASK_MOVED: entry(409, 'errors.ASK_MOVED', 'ask'),
  LIVE_ASK_INVALID: entry(400, 'errors.LIVE_ASK_INVALID', 'ask'),
  LIVE_ALREADY_LEADING: entry(409, 'errors.LIVE_ALREADY_LEADING', 'id'),
  LIVE_NO_BID: entry(409, 'errors.LIVE_NO_BID', 'id'),
  LIVE_RESERVE_NOT_MET: entry(409, 'errors.LIVE_RESERVE_NOT_MET', 'id'),
  LIVE_NOTHING_TO_UNDO: entry(409, 'errors.LIVE_NOTHING_TO_UNDO', 'id'),
  /** Issue 37: the auctioneer bids for the consignor only below the reserve; such a lot is never sold. */
  LIVE_CONSIGNOR_BID_LIMIT: entry(409, 'errors.LIVE_CONSIGNOR_BID_LIMIT', 'ask'),
  LIVE_CONSIGNOR_LEADS: entry(409, 'errors.LIVE_CONSIGNOR_LEADS', 'outcome'),
  /** Issue 37: advance (absentee) bids: lots of a live sale only, until the lot is called. */
  ADVANCE_NOT_LIVE: entry(409, 'errors.ADVANCE_NOT_LIVE', 'id'),
  ADVANCE_LOT_CALLED: entry(409, 'errors.ADVANCE_LOT_CALLED', 'id'),
  ADVANCE_LOT_CLOSED: entry(409, 'errors.ADVANCE_LOT_CLOSED', 'id'),
  ADVANCE_SALE_STARTED: entry(409, 'errors.ADVANCE_SALE_STARTED', 'id'),
  NOT_PRIVATE_SALE: entry(409, 'errors.NOT_PRIVATE_SALE', 'id'),
  PRIVATE_SALE_HOUSE_ONLY: entry(403, 'errors.PRIVATE_SALE_HOUSE_ONLY', 'privateSale'),
  PRIVATE_SALE_LINK_USED: entry(410, 'errors.PRIVATE_SALE_LINK_USED', 'token'),
  ADD_CARD: entry(402, 'bid.addCard'),
  BID_CAPPED: entry(400, 'bid.capped', 'wsprice'),
  MIN_BID: entry(400, 'bid.minBid', 'wsprice'),
  MAX_NOT_HIGHER: entry(400, 'bid.maxNotHigher', 'wsprice'),
  WRONG_BIDDING_TYPE: entry(400, 'bid.wrongType', 'bidding_type'),
  /** Issue 37 §6: a bid sheet with a limit (bid-sheets). */
  BIDSHEET_NOT_FOUND: entry(404, 'errors.BIDSHEET_NOT_FOUND', 'auction_id'),
  BIDSHEET_LOCKED: entry(409, 'errors.BIDSHEET_LOCKED', 'lines'),
  BIDSHEET_LOT_NOT_IN_AUCTION: entry(422, 'errors.BIDSHEET_LOT_NOT_IN_AUCTION', 'lines'),
  BIDSHEET_LOT_NOT_OPEN: entry(409, 'errors.BIDSHEET_LOT_NOT_OPEN', 'lines'),
  BIDSHEET_MAX_TOO_LOW: entry(422, 'errors.BIDSHEET_MAX_TOO_LOW', 'lines'),
  BIDSHEET_LIMIT_TOO_LOW: entry(422, 'errors.BIDSHEET_LIMIT_TOO_LOW', 'limit'),
  BIDSHEET_GROUPS_INVALID: entry(422, 'errors.BIDSHEET_GROUPS_INVALID', 'groups'),
  BIDSHEET_PROXY_ONLY: entry(409, 'errors.BIDSHEET_PROXY_ONLY', 'auction_id'),
  // Buy now, cart and watchlist.
  BUY_NOW_UNAVAILABLE: entry(409, 'buyNow.unavailable', 'product_id'),
  BUY_NOW_QUANTITY: entry(400, 'buyNow.minQuantity', 'qty'),
  CART_FULL: entry(400, 'errors.CART_FULL', 'cart'),
  WATCHLIST_FULL: entry(400, 'errors.WATCHLIST_FULL', 'project_id'),
  /** Issue 31: the address book holds at most MAX_ADDRESS_BOOK addresses. */
  ADDRESS_BOOK_FULL: entry(400, 'errors.ADDRESS_BOOK_FULL', 'address_id'),
  // Producers followed and saved searches (seeds 000 §2.1, §2.7, §4.7).
  FOLLOWS_FULL: entry(400, 'producers.followsFull', 'follows'),
  SAVED_SEARCHES_FULL: entry(400, 'savedSearches.full', 'name'),
  SAVED_SEARCH_NOT_FOUND: entry(404, 'savedSearches.notFound', 'id'),
  /** Issue 31: an unsubscribe link whose signature is not this user's and kind's (or was edited). */
  UNSUBSCRIBE_LINK_INVALID: entry(400, 'errors.UNSUBSCRIBE_LINK_INVALID', 'token'),
  /**
   * Issue 34 "Marketing contacts": a newsletter link (confirm or unsubscribe) whose signature is not
   * this address's (or was edited), an expired confirmation, or one of a sign-up the address left since.
   */
  NEWSLETTER_LINK_INVALID: entry(400, 'errors.NEWSLETTER_LINK_INVALID', 'token'),
  // Checkout, invoices and payments (DOMAIN.md "Money").
  CART_EMPTY: entry(400, 'checkout.cartEmpty', 'cart_id'),
  NOT_IN_CART: entry(404, 'checkout.notInCart', 'product_id'),
  OUT_OF_STOCK: entry(409, 'checkout.outOfStock', 'product_id'),
  ADDRESS_INVALID: entry(400, 'checkout.addressInvalid', 'address'),
  INVOICE_NOT_FOUND: entry(404, 'checkout.invoiceNotFound', 'id'),
  INVOICE_PAID: entry(409, 'checkout.invoicePaid', 'id'),
  INVOICE_VOID: entry(409, 'checkout.invoiceVoid', 'id'),
  ORDER_TAKEN: entry(409, 'checkout.orderTaken', 'cart_id'),
  /** A buyer's unpaid offline orders, and the bottles they hold, are capped (issue 30). */
  OFFLINE_ORDERS_CAPPED: entry(409, 'errors.OFFLINE_ORDERS_CAPPED', 'cart_id'),
  OFFLINE_HOLD_CAPPED: entry(409, 'errors.OFFLINE_HOLD_CAPPED', 'cart_id'),
  PAYMENT_IN_PROGRESS: entry(409, 'checkout.paymentInProgress'),
  PAYMENT_NOT_FOUND: entry(404, 'checkout.paymentNotFound', 'payment_id'),
  /** seeds 001 "Payments": a hosted gateway (Paytm, Cashfree) the site does not take. */
  GATEWAY_UNAVAILABLE: entry(400, 'checkout.gatewayUnavailable', 'gateway'),
  /** Cashfree keeps the buyer's phone with every order: an account without one pays another way. */
  GATEWAY_NEEDS_PHONE: entry(400, 'checkout.gatewayNeedsPhone', 'phone'),
  /** A gateway's return whose signature does not verify, or that names another order than the payment's. */
  GATEWAY_RETURN_INVALID: entry(400, 'checkout.gatewayReturnInvalid', 'fields'),
  /** The gateway's status API says it took another amount than the payment's: recorded nowhere. */
  GATEWAY_AMOUNT_MISMATCH: entry(409, 'checkout.gatewayAmountMismatch', 'payment_id'),
  /** A card charge that is not one waiting for the caller's own authentication. */
  CHARGE_NOT_FOUND: entry(404, 'checkout.chargeNotFound', 'charge_id'),
  PAYMENT_DECLINED: entry(402, 'checkout.paymentDeclined', 'card_id'),
  RESERVATION_LAPSED: entry(409, 'checkout.reservationLapsed'),
  WALLET_INSUFFICIENT: entry(402, 'checkout.walletInsufficient', 'amount'),
  DELIVERY_LOCKED: entry(409, 'checkout.deliveryLocked', 'delivery'),
  GIFT_CARD_UNKNOWN: entry(404, 'checkout.giftCardUnknown', 'code'),
  DEPOSIT_NOT_FOUND: entry(404, 'checkout.depositNotFound', 'deposit_id'),
  GIFT_CARD_REDEEMED: entry(409, 'checkout.giftCardRedeemed', 'code'),
  /** Issue 38 §2: an order's admin fee is set only while nothing is paid or being paid on it. */
  ADMIN_FEE_LOCKED: entry(409, 'errors.ADMIN_FEE_LOCKED', 'fee'),
  /** Issue 38 §2: the invoice's total changed between reading it and paying (an admin fee set meanwhile). */
  INVOICE_CHANGED: entry(409, 'errors.INVOICE_CHANGED'),
  /** Issue 38 §2: a lot that is not a line of the invoice (or not the caller's, for a seller). */
  NOT_ON_INVOICE: entry(404, 'errors.NOT_ON_INVOICE', 'product_id'),
  /** Issue 38 §2: collected is a pickup's, shipped a delivery's. */
  PRODUCT_STATUS_INVALID: entry(409, 'errors.PRODUCT_STATUS_INVALID', 'status'),
  /** Issue 38 §2: a shared invoice's link that was never signed here, or whose share was ended. */
  INVOICE_LINK_INVALID: entry(404, 'errors.INVOICE_LINK_INVALID', 'token'),
  // Shipping (issue 31): the rate table's refusals, and the tracking staff enter.
  SHIPPING_NOT_ALLOWED: entry(400, 'shipping.notAllowed', 'address'),
  SHIP_HOLD_OUT_OF_SEASON: entry(400, 'shipping.holdOutOfSeason', 'ship_method'),
  SHIP_METHOD_NOT_OFFERED: entry(400, 'shipping.methodNotOffered', 'ship_method'),
  SHIP_DATE_INVALID: entry(400, 'shipping.shipDateInvalid', 'ship_date'),
  TRACKING_NOT_DELIVERY: entry(409, 'shipping.notDelivery', 'invoice_id'),
  // Returns (DOMAIN.md "Money": a paid line, within the return window, decided by finance or an admin).
  INVOICE_NOT_PAID: entry(409, 'returns.notPaid', 'invoice_id'),
  RETURN_LINE_UNKNOWN: entry(404, 'returns.lineUnknown', 'product_id'),
  RETURN_WINDOW_CLOSED: entry(409, 'returns.windowClosed', 'invoice_id'),
  RETURN_OPEN: entry(409, 'returns.alreadyOpen', 'product_id'),
  RETURN_QUANTITY: entry(400, 'returns.quantity', 'qty'),
  RETURN_NOT_FOUND: entry(404, 'returns.notFound', 'return_id'),
  RETURN_DECIDED: entry(409, 'returns.decided', 'return_id'),
  RETURN_CARD_UNAVAILABLE: entry(409, 'returns.cardUnavailable', 'to'),
  // Issue 31: received before refunded, a refund at most what the return brings, once.
  RETURN_NOT_ACCEPTED: entry(409, 'returns.notAccepted', 'return_id'),
  RETURN_NOT_RECEIVED: entry(409, 'returns.notReceived', 'return_id'),
  RETURN_CONDITION_COUNT: entry(400, 'returns.conditionCount', 'good'),
  RETURN_REFUNDED: entry(409, 'returns.alreadyRefunded', 'return_id'),
  RETURN_REFUND_AMOUNT: entry(400, 'returns.refundAmount', 'amount'),
  RETURN_REFUND_REASON: entry(400, 'returns.refundReason', 'reason'),
  // Finance reports (seeds 001 §7 "Reports").
  REPORT_RANGE: entry(400, 'errors.REPORT_RANGE', 'to'),
  REPORT_AS_OF: entry(400, 'errors.REPORT_AS_OF', 'asOf'),
  // Pickup appointments (DOMAIN.md "Money").
  SLOT_FULL: entry(409, 'appointment.slotFull', 'starts_at'),
  SLOT_UNAVAILABLE: entry(400, 'appointment.slotUnavailable', 'starts_at'),
  APPOINTMENT_PICKUP_ONLY: entry(409, 'appointment.pickupOnly', 'invoice_id'),
  /** An unpaid order (to pay at pickup) books one pickup a day per buyer: unpaid orders do not fill the slots (issue 30). */
  APPOINTMENT_UNPAID: entry(409, 'errors.APPOINTMENT_UNPAID', 'invoice_id'),
  APPOINTMENT_NOT_FOUND: entry(404, 'appointment.notFound', 'invoice_id'),
  APPOINTMENT_CHANGED: entry(409, 'appointment.changed', 'invoice_id'),
  APPOINTMENT_PAST: entry(409, 'appointment.past', 'invoice_id'),
  /** Issue 35 §3: no money moves before every owner's KYC is approved and the account accredited. */
  INVESTOR_NOT_APPROVED: entry(409, 'investing.notApproved', 'units'),
  /** Issue 35 §3: onboard first (or once). */
  INVESTOR_NOT_ONBOARDED: entry(409, 'investing.notOnboarded'),
  INVESTOR_ONBOARDED: entry(409, 'investing.onboarded'),
  /** Issue 35 §3: the investing service refused (its words) or did not answer; nothing was recorded. */
  INVESTING_REFUSED: entry(400, 'investing.refused'),
  INVESTING_UNAVAILABLE: entry(503, 'investing.unavailable'),
  TRADE_NOT_FOUND: entry(404, 'investing.tradeNotFound', 'trade_id'),
  /** seeds 001 §7 northcapital_payment: one fund move per order; an order paid (or funded) is not paid again. */
  INVESTMENT_PAID: entry(409, 'investing.alreadyPaid', 'trade_id'),
  /** Issue 35 §4: no agreement has this id (or it is someone else's). */
  AGREEMENT_NOT_FOUND: entry(404, 'agreements.notFound', 'id'),
  /** Issue 35 §4: agreements are made for sellers only. */
  AGREEMENT_NOT_SELLER: entry(400, 'agreements.notSeller', 'seller_id'),
  /** Issue 35 §4: the agreement is not waiting for the seller's signature (not sent yet, or done). */
  AGREEMENT_NOT_OPEN: entry(409, 'agreements.notOpen', 'id'),
  /** Issue 35 §4: the documents service did not answer or refused; nothing was recorded. */
  DOCUMENTS_UNAVAILABLE: entry(503, 'agreements.unavailable'),
  /** Issue 34: no enquiry has this id. */
  ENQUIRY_NOT_FOUND: entry(404, 'enquiries.notFound', 'id'),
  /** Issue 34: a buyer checked in has collected; the appointment is neither moved nor cancelled. */
  APPOINTMENT_CHECKED_IN: entry(409, 'appointment.checkedIn', 'invoice_id'),
  /** Issue 34: a buyer is checked in on the slot's day only. */
  APPOINTMENT_NOT_TODAY: entry(409, 'appointment.notToday', 'invoice_id'),
  // Accounts.
  USER_EXISTS: entry(409, 'account.emailTaken', 'email'),
  USER_NOT_FOUND: entry(404, 'errors.USER_NOT_FOUND'),
  DEACTIVATED: entry(403, 'errors.DEACTIVATED'),
  BAD_LOGIN: entry(400, 'account.badLogin'),
  TOO_MANY_LOGINS: entry(429, 'errors.TOO_MANY_LOGINS'),
  CURRENT_PASSWORD_WRONG: entry(400, 'account.currentPasswordWrong', 'current_password'),
  CODE_INVALID: entry(400, 'account.codeInvalid', 'code'),
  LINK_INVALID: entry(400, 'account.linkInvalid', 'token'),
  TOO_MANY_ATTEMPTS: entry(429, 'errors.TOO_MANY_ATTEMPTS', 'code'),
  ALREADY_VERIFIED: entry(400, 'errors.ALREADY_VERIFIED'),
  NO_PHONE: entry(400, 'errors.NO_PHONE', 'phone'),
  PHONE_ALREADY_VERIFIED: entry(400, 'errors.PHONE_ALREADY_VERIFIED', 'phone'),
  SMS_UNAVAILABLE: entry(503, 'errors.SMS_UNAVAILABLE'),
  /** Issue 35 §5: the maps service behind the address suggestions refused or did not answer. */
  ADDRESS_LOOKUP_UNAVAILABLE: entry(503, 'errors.ADDRESS_LOOKUP_UNAVAILABLE'),
  /** Issue 35 §5: a suggestion's place the maps service does not know (any more). */
  PLACE_NOT_FOUND: entry(404, 'errors.PLACE_NOT_FOUND', 'place_id'),
  UNDER_AGE: entry(400, 'errors.UNDER_AGE', 'date_of_birth'),
  BID_LIMIT_NOT_HIGHER: entry(400, 'errors.BID_LIMIT_NOT_HIGHER', 'amount'),
  NO_BID_LIMIT_REQUEST: entry(400, 'errors.NO_BID_LIMIT_REQUEST', 'id'),
  OWNER_NOT_FOUND: entry(404, 'errors.OWNER_NOT_FOUND', 'id'),
  OWNERSHIP_OVER: entry(400, 'errors.OWNERSHIP_OVER', 'ownership_percent'),
  // Cards on file.
  CARD_NOT_FOUND: entry(404, 'card.notFound', 'id'),
  TOO_MANY_CARDS: entry(400, 'card.tooMany'),
  CARD_DECLINED: entry(402, 'card.fetchFailed', 'card_number'),
  CARDS_UNAVAILABLE: entry(502, 'card.fetchFailed'),
  /** The configured card provider tokenises with a publishable key, not a capture context. */
  CARD_PROVIDER_NO_CONTEXT: entry(400, 'card.noCaptureContext'),
  /** A new card's payment in the browser asked of a card provider without one (only Stripe's Payment Element). */
  CARD_PROVIDER_NO_NEW_CARD: entry(400, 'checkout.noNewCardPayments', 'element'),
  /** payment/authorize asked of a card provider the product does not hold amounts with. */
  CARD_PROVIDER_NO_HOLD: entry(400, 'card.noHolds', 'card_id'),
  /** Another hold was placed on the buyer's card meanwhile (one at a time): this one was given back. */
  CARD_HOLD_OPEN: entry(409, 'card.holdOpen', 'card_id'),
  CARD_HOLD_NOT_FOUND: entry(404, 'card.holdNotFound', 'hold_id'),
  /** A dispute reported for a payment that took no money, or for more than it took. */
  PAYMENT_NOT_DISPUTABLE: entry(409, 'errors.PAYMENT_NOT_DISPUTABLE'),
  /** A refund for more than its payment still holds (charged, less refunds and charge-backs). */
  REFUND_EXCEEDS_PAYMENT: entry(409, 'errors.REFUND_EXCEEDS_PAYMENT', 'amount'),
  // Static content pages (seeds 000 §2.2).
  PAGE_NOT_FOUND: entry(404, 'pages.notFound', 'id'),
  PAGE_CONTENT_EMPTY: entry(400, 'pages.contentEmpty', 'content'),
  // Home banners (seeds 000 §3.2).
  BANNER_NOT_FOUND: entry(404, 'banners.notFound', 'id'),
  // The managed reference lists (issue 38 §5): categories, conditions, locations.
  REFERENCE_ENTRY_NOT_FOUND: entry(404, 'errors.REFERENCE_ENTRY_NOT_FOUND', 'id'),
  /** An entry at the same place (same level and parent) of the list has this name already. */
  REFERENCE_VALUE_TAKEN: entry(409, 'errors.REFERENCE_VALUE_TAKEN', 'value'),
  /** The parent is not an active entry one level above (or a level-0 entry was given one). */
  REFERENCE_PARENT_INVALID: entry(400, 'errors.REFERENCE_PARENT_INVALID', 'parent_id'),
  REFERENCE_LEVEL_FIXED: entry(400, 'errors.REFERENCE_LEVEL_FIXED', 'level_id'),
  REFERENCE_ENTRY_HAS_CHILDREN: entry(409, 'errors.REFERENCE_ENTRY_HAS_CHILDREN', 'active'),
  /** The special category 4 and the pickup location: renamed freely, never deactivated. */
  REFERENCE_ENTRY_REQUIRED: entry(409, 'errors.REFERENCE_ENTRY_REQUIRED', 'active'),
  REFERENCE_LIST_FULL: entry(409, 'errors.REFERENCE_LIST_FULL', 'table'),
  // Support's control of the read side (issue 12).
  PROJECTION_NOT_FOUND: entry(404, 'ops.projectionNotFound', 'projection'),
  PROJECTION_NOT_STOPPED: entry(409, 'ops.notStopped', 'projection'),
  PROJECTION_NOT_AT_EVENT: entry(409, 'ops.notAtEvent', 'eventId'),
  REBUILD_RUNNING: entry(409, 'ops.rebuildRunning', 'projection'),
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalogue;
export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
