import { action, NoInput } from '../action.ts';
import {
  BuyerOfferAnswerInput,
  MakeOfferInput,
  OfferListInput,
  OfferPage,
  OfferRef,
  OfferResult,
  PendingTempCount,
  SecondChanceInput,
  StaffOfferAnswerInput,
} from './offers.ts';

/** Issue 36: the buyer's side of offers, the temporary cart of accepted ones, and the second chance. */
export const offerActions = {
  /** seeds 001 §7 makeoffer/addToMakeoffer: an offer on a lot that takes offers (a card on file). */
  makeOffer: action({
    path: '/api/makeoffer/addToMakeoffer',
    side: 'command',
    auth: 'user',
    input: MakeOfferInput,
    output: OfferResult,
  }),
  /** seeds 001 §7 makeoffer/search: the buyer's offers. */
  myOffers: action({
    path: '/api/makeoffer/search',
    side: 'query',
    auth: 'user',
    input: OfferListInput,
    output: OfferPage,
  }),
  /** seeds 001 §7 buynowTemp/addToCartTemp: the buyer accepts the seller's counter; it joins the temporary cart. */
  acceptOfferTemp: action({
    path: '/api/buynowTemp/addToCartTemp',
    side: 'command',
    auth: 'user',
    input: OfferRef,
    output: OfferResult,
  }),
  /** seeds 001 §7 buynowtemp/changeStatusTemp: the buyer declines, counters or withdraws. */
  answerOfferTemp: action({
    path: '/api/buynowtemp/changeStatusTemp',
    side: 'command',
    auth: 'user',
    input: BuyerOfferAnswerInput,
    output: OfferResult,
  }),
  /** seeds 001 §7 buynowtemp/searchTemp: the temporary cart, accepted offers waiting to be paid. */
  tempCart: action({
    path: '/api/buynowtemp/searchTemp',
    side: 'query',
    auth: 'user',
    input: NoInput,
    output: OfferPage,
  }),
  /** seeds 001 §7 carttemp/pendingCountTemp. */
  pendingCountTemp: action({
    path: '/api/carttemp/pendingCountTemp',
    side: 'query',
    auth: 'user',
    input: NoInput,
    output: PendingTempCount,
  }),
  /** seeds 001 §7 ttwbidTemp/bidConfirmTemp: the top bidder takes the second chance. */
  bidConfirmTemp: action({
    path: '/api/ttwbidTemp/bidConfirmTemp',
    side: 'command',
    auth: 'user',
    input: OfferRef,
    output: OfferResult,
  }),
  /** seeds 001 §7 ttwbidTemp/cancelttwbidTemp: the top bidder turns the second chance down. */
  cancelttwbidTemp: action({
    path: '/api/ttwbidTemp/cancelttwbidTemp',
    side: 'command',
    auth: 'user',
    input: OfferRef,
    output: OfferResult,
  }),
} as const;

/** Issue 36: the seller's side: a seller on their own lots, an admin on every lot (seeds 001 §6, §7). */
export const staffOfferActions = {
  /** seeds 001 §7 seller changeOfferStatus: accept, decline with a reason, or counter. */
  changeOfferStatus: action({
    path: '/api/seller/offer/changeOfferStatus',
    side: 'command',
    auth: ['seller', 'admin'],
    input: StaffOfferAnswerInput,
    output: OfferResult,
  }),
  /** seeds 001 §6 seller/offer: the offers on the seller's own lots, the pending ones first. */
  sellerOffers: action({
    path: '/api/seller/offer/search',
    side: 'query',
    auth: 'seller',
    input: OfferListInput,
    output: OfferPage,
  }),
  /** seeds 001 §6, §7 adminoffers: every offer, the pending ones first. */
  adminOffers: action({
    path: '/api/seller/offer/adminoffers',
    side: 'query',
    auth: 'admin',
    input: OfferListInput,
    output: OfferPage,
  }),
  /** Issue 36 §4: a reserve-not-met lot offered to its top bidder, at the reserve or the seller's price. */
  offerSecondChance: action({
    path: '/api/seller/offer/secondChance',
    side: 'command',
    auth: ['seller', 'admin'],
    input: SecondChanceInput,
    output: OfferResult,
  }),
} as const;
