import {
  type AuctionSummary,
  actions,
  type BidHistoryRow,
  type DefaultBundle,
  type LotDocument,
  type MarketSettings,
  type PendingCounts,
  registrationExtraFields,
} from '@wine/contracts';
import { Colours } from '@wine/event-schemas';
import { type Clock, type DocumentStore, httpErrors, registerAction } from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import { BIDS, type BidDocument, LOT_BIDDERS, type LotBidderDocument } from '../bids/project.ts';
import { CART_LINES } from '../carts/project.ts';
import type { ViewerAuth } from '../core/viewer.ts';
import { toMongoQuery } from '../search/to-mongo.ts';
import { WATCHLISTS, type WatchlistDocument } from '../watchlists/project.ts';
import { LOTS } from './project.ts';
import { lotView, personalise } from './view.ts';

export interface LotQueryDeps {
  docs: DocumentStore;
  clock: Clock;
  auth: ViewerAuth;
  market: MarketSettings;
}

/** seeds 000 §2.3 My Bids tabs, by the bidder's standing. */
const myBidStatus = { winning: 'winner', outbid: 'outbid', won: 'won', lost: 'lost' } as const;

/** Bottle sizes in the order a merchant lists them (seeds 000 §3.2: "ordered by show_order"). */
const bottleSizeOrder = [
  '187ml',
  '375ml',
  '500ml',
  '750ml',
  '1L',
  '1.5L',
  '3L',
  '4.5L',
  '6L',
  '9L',
  '12L',
  '15L',
];

export function lotQueries(app: FastifyInstance, { docs, clock, auth, market }: LotQueryDeps) {
  const { authorize, viewerOf } = auth;
  const lots = () => docs.collection<LotDocument>(LOTS);
  /** Lots by id in the order given, as the caller sees them. */
  const viewsOf = async (ids: string[], userId: string | null) => {
    const found = new Map((await lots().find({ _id: { $in: ids } })).map((d) => [d._id, d]));
    const now = clock.now();
    const views = ids.flatMap((id) => {
      const doc = found.get(id);
      return doc ? [lotView(doc, now, userId)] : [];
    });
    return personalise(docs, views, userId);
  };

  registerAction(app, actions.productSearch, authorize, async (input, { request }) => {
    const query = toMongoQuery(input);
    const [records, totalRecords] = await Promise.all([
      lots().find(query.filter, { sort: query.sort, skip: query.skip, limit: query.limit }),
      lots().countDocuments(query.filter),
    ]);
    const now = clock.now();
    const userId = viewerOf(request);
    const views = records.map((doc) => lotView(doc, now, userId));
    return { records: await personalise(docs, views, userId), totalRecords };
  });

  registerAction(app, actions.registrationFields, authorize, async () => ({
    fields: registrationExtraFields.filter((f) => f.active),
  }));

  registerAction(app, actions.productLot, authorize, async ({ id }, { request }) => {
    const doc = await lots().findOne({ _id: id });
    if (!doc) throw httpErrors.notFound('Lot');
    const userId = viewerOf(request);
    const [view] = await personalise(docs, [lotView(doc, clock.now(), userId)], userId);
    return view as NonNullable<typeof view>;
  });

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

  // seeds 000 §7 getAllSimilarProducts: open lots like this one (the same auction, or colour and
  // country, then colour), closing soonest, never the lot itself.
  registerAction(app, actions.similarProducts, authorize, async ({ id, limit }, { request }) => {
    const lot = await lots().findOne({ _id: id });
    if (!lot) throw httpErrors.notFound('Lot');
    const open = { market_status: 'open', _id: { $ne: id } };
    const likeness = [
      ...(lot.auctionid ? [{ auctionid: lot.auctionid, custitem_gvo_color: lot.custitem_gvo_color }] : []),
      { custitem_gvo_color: lot.custitem_gvo_color, custitem_gvo_country: lot.custitem_gvo_country },
      { custitem_gvo_color: lot.custitem_gvo_color },
      {},
    ];
    const chosen: LotDocument[] = [];
    for (const like of likeness) {
      if (chosen.length >= limit) break;
      const more = await lots().find(
        { ...open, ...like, _id: { $nin: [id, ...chosen.map((c) => c._id)] } },
        { sort: { date_closed: 1 }, limit: limit - chosen.length },
      );
      chosen.push(...more);
    }
    const now = clock.now();
    const userId = viewerOf(request);
    const views = chosen.map((doc) => lotView(doc, now, userId));
    return { records: await personalise(docs, views, userId), totalRecords: views.length };
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
      records: await viewsOf(
        standings.map((s) => s.lot_id),
        userId,
      ),
      totalRecords,
    };
  });

  // seeds 000 §2.3 /watchlist/:type (My Watchlist): latest added first.
  registerAction(app, actions.myWatchlist, authorize, async ({ page, limit }, { request }) => {
    const userId = viewerOf(request) as string;
    const watched = docs.collection<WatchlistDocument>(WATCHLISTS);
    const [rows, totalRecords] = await Promise.all([
      watched.find({ user_id: userId }, { sort: { added_at: -1 }, skip: (page - 1) * limit, limit }),
      watched.countDocuments({ user_id: userId }),
    ]);
    return {
      records: await viewsOf(
        rows.map((r) => r.lot_id),
        userId,
      ),
      totalRecords,
    };
  });

  // seeds 000 §7 loadPendingCount: auctions won and not paid yet; buy-now lines in the cart.
  registerAction(
    app,
    actions.pendingCount,
    authorize,
    async (_input, { request }): Promise<PendingCounts> => {
      const userId = viewerOf(request) as string;
      const [won, lines] = await Promise.all([
        docs.collection(LOT_BIDDERS).countDocuments({ user_id: userId, bidtopstatus: 'won' }),
        docs.collection(CART_LINES).countDocuments({ user_id: userId }),
      ]);
      return { auctionCount: { totalRecords: won }, buynowCount: { totalRecords: lines } };
    },
  );

  // /auction: each auction with open lots, closing soonest first.
  registerAction(app, actions.auctions, authorize, async () => {
    const records = await lots().aggregate<AuctionSummary & { _id: string }>([
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

  registerAction(app, actions.getDefault, authorize, async (): Promise<DefaultBundle> => {
    const group = (by: Record<string, string>) => [
      { $group: { _id: by, count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
    ];
    const [countries, regions, subregions, vintages, sizes] = await Promise.all([
      lots().aggregate<{ _id: { country: string }; count: number }>(
        group({ country: '$custitem_gvo_country' }),
      ),
      lots().aggregate<{ _id: { country: string; region: string }; count: number }>([
        { $match: { custitemctregion: { $ne: '' } } },
        ...group({ country: '$custitem_gvo_country', region: '$custitemctregion' }),
      ]),
      lots().aggregate<{ _id: { country: string; region: string; subregion: string }; count: number }>([
        { $match: { custitemctsubregion: { $ne: '' } } },
        ...group({
          country: '$custitem_gvo_country',
          region: '$custitemctregion',
          subregion: '$custitemctsubregion',
        }),
      ]),
      lots().aggregate<{ _id: number }>([
        { $match: { vintage: { $ne: null } } },
        { $group: { _id: '$vintage' } },
        { $sort: { _id: -1 } },
      ]),
      lots().aggregate<{ _id: string }>([{ $group: { _id: '$custitem_gvo_bottlesize' } }]),
    ]);
    const rank = (size: string) => {
      const i = bottleSizeOrder.indexOf(size);
      return i === -1 ? bottleSizeOrder.length : i;
    };
    return {
      ...market,
      countries: countries.map((c) => ({ value: c._id.country, count: c.count })),
      regions: regions.map((r) => ({ country: r._id.country, value: r._id.region, count: r.count })),
      subregions: subregions.map((s) => ({
        country: s._id.country,
        region: s._id.region,
        value: s._id.subregion,
        count: s.count,
      })),
      wine_colors: [...Colours],
      vintages: vintages.map((v) => v._id),
      bottle_sizes: sizes.map((s) => s._id).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
    };
  });
}
