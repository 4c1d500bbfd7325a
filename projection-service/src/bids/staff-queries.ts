import { actions, type StaffBidRow } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { namesOf } from '../staff-lots/queries.ts';
import { BIDS, type BidDocument, LOT_BIDDERS, type LotBidderDocument } from './project.ts';

/** A lot's bids as the staff see them (issue 33): every row with its bidder named and the maximum behind it. */
export const staffBidQueries: QueryPlugin = async (app, { docs, auth, settings }) => {
  // The merchant's name as the settings read now (issue 34).
  const house = async () => (await settings()).merchant.name;
  registerAction(app, actions.staffLotBids, auth.authorize, async ({ id }) => {
    const [rows, standings] = await Promise.all([
      docs
        .collection<BidDocument>(BIDS)
        .find({ lot_id: id }, { sort: { _position: -1, _id: 1 }, limit: 1000 }),
      docs.collection<LotBidderDocument>(LOT_BIDDERS).find({ lot_id: id }, { sort: { max_bid: -1 } }),
    ]);
    const name = await namesOf(
      docs,
      [...rows.map((r) => r.user_id), ...standings.map((s) => s.user_id)],
      await house(),
    );
    const records = rows.map(
      (row): StaffBidRow => ({
        bidId: row._id,
        bidderId: row.user_id,
        bidderName: name(row.user_id),
        amount: row.proposed_amount,
        maxAmount: row.max_amount ?? row.proposed_amount,
        proxy: row.proxy,
        at: row.created_at,
        declined: row.declined === 1,
      }),
    );
    const bidders = standings.map((s) => ({
      bidderId: s.user_id,
      name: name(s.user_id),
      status: s.bidtopstatus,
      maxBid: s.max_bid,
      bids: s.bid_or_not,
    }));
    return { records, bidders };
  });
};
