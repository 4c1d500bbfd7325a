import { z } from 'zod';
import { action } from '../action.ts';
import { AuctionSummary } from '../bidding/bids.ts';

/** seeds 000 §2.1 /liveAuction/:aid: one auction, by its id (the lots' `auctionid`). */
export const AuctionIdInput = z.strictObject({ auctionid: z.string().trim().min(1).max(64) });

/**
 * One auction summed up from its lots: as on /auction, and `next_close`, the soonest close among its
 * open lots (null when none is open), which the page counts down to (seeds 000 §4.5).
 */
export const AuctionDetail = AuctionSummary.extend({ next_close: z.string().nullable() });
export type AuctionDetail = z.infer<typeof AuctionDetail>;

/** One auction's page (seeds 000 §2.1 "Live auction"); its lots come from the search (`auctionid` filter). */
export const auctionActions = {
  auctionDetail: action({
    path: '/api/auction/detail',
    side: 'query',
    auth: 'public',
    input: AuctionIdInput,
    output: AuctionDetail,
  }),
} as const;
