import { z } from 'zod';
import { action } from '../action.ts';
import { LotPage } from '../lots/lot-document.ts';
import {
  AuctionSummary,
  BidConfirmInput,
  BidConfirmResult,
  BidHistoryInput,
  BidHistoryRow,
  MyBidsInput,
} from './bids.ts';

/** Bidding (seeds 000 §4.3, §4.6, §7): placing a bid, the lot's history, the user's bids, the auctions. */
export const biddingActions = {
  bidConfirm: action({
    path: '/api/bid/confirm',
    side: 'command',
    auth: 'user',
    input: BidConfirmInput,
    output: BidConfirmResult,
    // Issue 38 §2: seeds 001 §7 bid/bidCustomData, the bid with the amount the bidder typed (the bid
    // box's own amount rather than one of its list): the same bid, checked the same way.
    aliases: ['/api/bid/bidCustomData'],
  }),
  bidHistory: action({
    path: '/api/bid/history',
    side: 'query',
    auth: 'viewer',
    input: BidHistoryInput,
    output: z.object({ records: z.array(BidHistoryRow), totalRecords: z.number() }),
  }),
  myBids: action({
    path: '/api/user/auctions',
    side: 'query',
    auth: 'user',
    input: MyBidsInput,
    output: LotPage,
  }),
  auctions: action({
    path: '/api/auction/search',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: z.object({ records: z.array(AuctionSummary), totalRecords: z.number() }),
  }),
} as const;
