import { type AuctionSummary, actions, type LotDocument } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';

/** The auctions, summed up from the lots read model. */
export const auctionQueries: QueryPlugin = async (app, { docs, auth }) => {
  // /auction: each auction with open lots, closing soonest first.
  registerAction(app, actions.auctions, auth.authorize, async () => {
    const records = await docs.collection<LotDocument>(LOTS).aggregate<AuctionSummary & { _id: string }>([
      { $match: { auctionid: { $ne: null } } },
      {
        $group: {
          _id: '$auctionid',
          lot_count: { $sum: 1 },
          open_count: { $sum: { $cond: [{ $eq: ['$market_status', 'open'] }, 1, 0] } },
          first_close: { $min: '$date_closed' },
          last_close: { $max: '$date_closed' },
          countries: { $addToSet: '$custitem_gvo_country' },
        },
      },
      { $match: { open_count: { $gt: 0 } } },
      { $sort: { first_close: 1 } },
    ]);
    const summaries = records.map(({ _id, ...r }) => ({
      ...r,
      auctionid: _id,
      countries: [...r.countries].sort(),
    }));
    return { records: summaries, totalRecords: summaries.length };
  });
};
