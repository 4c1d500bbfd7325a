import { type AuctionDetail, type AuctionSummary, actions, type LotDocument } from '@wine/contracts';
import { type Filter, httpErrors, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';

type Summed = Omit<AuctionDetail, 'auctionid'> & { _id: string };

/** Each auction's lots summed up: counts, the span of their closes, the soonest open close, countries. */
const summed = (match: Filter) => [
  { $match: match },
  {
    $group: {
      _id: '$auctionid',
      lot_count: { $sum: 1 },
      open_count: { $sum: { $cond: [{ $eq: ['$market_status', 'open'] }, 1, 0] } },
      first_close: { $min: '$date_closed' },
      last_close: { $max: '$date_closed' },
      // $min skips nulls: the soonest close among the open lots only.
      next_close: { $min: { $cond: [{ $eq: ['$market_status', 'open'] }, '$date_closed', null] } },
      countries: { $addToSet: '$custitem_gvo_country' },
    },
  },
];

const toDetail = ({ _id, ...r }: Summed): AuctionDetail => ({
  ...r,
  auctionid: _id,
  next_close: r.next_close ?? null,
  countries: [...r.countries].sort(),
});

/** The auctions, summed up from the lots read model. */
export const auctionQueries: QueryPlugin = async (app, { docs, auth }) => {
  const lots = () => docs.collection<LotDocument>(LOTS);

  // /auction: each auction with open lots, closing soonest first.
  registerAction(app, actions.auctions, auth.authorize, async () => {
    const records = await lots().aggregate<Summed>([
      ...summed({ auctionid: { $ne: null } }),
      { $match: { open_count: { $gt: 0 } } },
      { $sort: { first_close: 1 } },
    ]);
    const summaries = records.map((r): AuctionSummary => {
      const { next_close: _, ...summary } = toDetail(r);
      return summary;
    });
    return { records: summaries, totalRecords: summaries.length };
  });

  // seeds 000 §2.1 /liveAuction/:aid: one auction, open or closed; an id no lot carries is not found.
  registerAction(app, actions.auctionDetail, auth.authorize, async ({ auctionid }) => {
    const [found] = await lots().aggregate<Summed>(summed({ auctionid }));
    if (!found) throw httpErrors.notFound('Auction');
    return toDetail(found);
  });
};
