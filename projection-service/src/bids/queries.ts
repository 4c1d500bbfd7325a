import { actions, type BidHistoryRow } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { lotViewsOf } from '../lots/view.ts';
import { BIDS, type BidDocument, LOT_BIDDERS, type LotBidderDocument } from './project.ts';

/** seeds 000 §2.3 My Bids tabs, by the bidder's standing. */
const myBidStatus = { winning: 'winner', outbid: 'outbid', won: 'won', lost: 'lost' } as const;

/** The bids read models' queries: a lot's bid history, and the caller's own bids. */
export const bidQueries: QueryPlugin = async (app, { docs, clock, auth }) => {
  const { authorize, viewerOf } = auth;

  // seeds 000 §7 "Bid history search": declined = 0, 10 a page, newest first; 'My Bid' / 'Other'.
  registerAction(app, actions.bidHistory, authorize, async ({ id, page, limit }, { request }) => {
    const userId = viewerOf(request);
    const filter = { lot_id: id, declined: 0 };
    const [rows, totalRecords] = await Promise.all([
      docs
        .collection<BidDocument>(BIDS)
        .find(filter, { sort: { _position: -1 }, skip: (page - 1) * limit, limit }),
      docs.collection<BidDocument>(BIDS).countDocuments(filter),
    ]);
    const records: BidHistoryRow[] = rows.map((row) => {
      const mine = userId !== null && row.user_id === userId;
      return {
        id: row._id,
        user_id: mine ? row.user_id : null,
        mine,
        proposed_amount: row.proposed_amount,
        created_at: row.created_at,
        declined: row.declined,
        proxy: row.proxy,
      };
    });
    return { records, totalRecords };
  });

  // seeds 000 §2.3 /auctions/:type (My Bids): the lots the caller bid on, latest bid first.
  registerAction(app, actions.myBids, authorize, async ({ type, page, limit }, { request }) => {
    const userId = viewerOf(request) as string;
    const filter =
      type === 'all' ? { user_id: userId } : { user_id: userId, bidtopstatus: myBidStatus[type] };
    const bidders = docs.collection<LotBidderDocument>(LOT_BIDDERS);
    const [standings, totalRecords] = await Promise.all([
      bidders.find(filter, { sort: { last_bid_at: -1 }, skip: (page - 1) * limit, limit }),
      bidders.countDocuments(filter),
    ]);
    return {
      records: await lotViewsOf(
        docs,
        clock,
        standings.map((s) => s.lot_id),
        userId,
      ),
      totalRecords,
    };
  });
};
