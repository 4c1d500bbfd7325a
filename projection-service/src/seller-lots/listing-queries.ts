import {
  actions,
  type LotDocument,
  type SellerListing,
  type SellerListingsInput,
  type SellerLotDetail,
} from '@wine/contracts';
import { AppError, type Filter, registerAction } from '@wine/platform';
import { BIDS, type BidDocument } from '../bids/project.ts';
import type { QueryPlugin } from '../core/queries.ts';
import { LOT_VIEWS, type LotViewsDocument } from '../lot-views/project.ts';
import { LOTS } from '../lots/project.ts';
import { STAFF_LOTS, type StaffLotDocument } from '../staff-lots/project.ts';
import { namesOf, staffDetail, staffRow } from '../staff-lots/queries.ts';
import { WATCHLISTS, type WatchlistDocument } from '../watchlists/project.ts';

/** Which of the seller's lots each narrowing shows (the statuses of the staff's copy). */
const statusesOf: Record<NonNullable<SellerListingsInput['status']>, StaffLotDocument['status'][] | null> = {
  all: null,
  drafts: ['draft', 'submitted', 'returned'],
  live: ['open'],
  ended: ['sold', 'unsold', 'withdrawn'],
};

/**
 * Issue 33 "Sellers": the seller's own listings and one listing for their editor, from the staff's copy
 * (drafts are there, the storefront never sees them), with the bids, watchers and views (`lot_views`,
 * shown here for the first time). The seller is the caller, from the session: another seller's lot is
 * "not found", never shown. Bidders are numbered per lot, never named.
 */
export const sellerListingQueries: QueryPlugin = async (app, { docs, clock, auth, settings }) => {
  // The merchant's name as the settings read now (issue 34).
  const house = async () => (await settings()).merchant.name;
  const staffLots = docs.collection<StaffLotDocument>(STAFF_LOTS);
  const lots = docs.collection<LotDocument>(LOTS);
  const views = docs.collection<LotViewsDocument>(LOT_VIEWS);
  const watchers = docs.collection<WatchlistDocument>(WATCHLISTS);

  /** Each lot's watchers and views, by lot id. */
  async function interest(ids: string[]) {
    const [viewed, watching] = await Promise.all([
      views.find({ _id: { $in: ids } }),
      watchers.find({ lot_id: { $in: ids } }, { projection: { lot_id: 1 } }),
    ]);
    const viewsOf = new Map(viewed.map((doc) => [doc._id, doc.views]));
    const watchersOf = new Map<string, number>();
    for (const { lot_id } of watching) watchersOf.set(lot_id, (watchersOf.get(lot_id) ?? 0) + 1);
    return { views: (id: string) => viewsOf.get(id) ?? 0, watchers: (id: string) => watchersOf.get(id) ?? 0 };
  }

  registerAction(
    app,
    actions.sellerListings,
    auth.authorize,
    async ({ status, page, limit }, { request }) => {
      const sellerId = auth.viewerOf(request) as string;
      const statuses = statusesOf[status];
      const filter: Filter = { seller_id: sellerId, ...(statuses && { status: { $in: statuses } }) };
      const [found, totalRecords] = await Promise.all([
        staffLots.find(filter, { sort: { changed_at: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
        staffLots.countDocuments(filter),
      ]);
      const ids = found.map((doc) => doc._id);
      const [live, counts, name] = await Promise.all([
        lots.find({ _id: { $in: ids } }),
        interest(ids),
        namesOf(docs, [sellerId], await house()),
      ]);
      const liveById = new Map(live.map((doc) => [doc._id, doc]));
      const now = clock.now();
      const records = found.map((doc): SellerListing => {
        const row = staffRow(doc, liveById.get(doc._id), now, name);
        return {
          id: row.id,
          title: row.title,
          producer: row.producer,
          vintage: row.vintage,
          status: row.status,
          price: row.price,
          bidCount: row.bidCount,
          quantity: row.quantity,
          sold: row.sold,
          startsAt: row.startsAt,
          closesAt: row.closesAt,
          changedAt: row.changedAt,
          privateSale: row.privateSale,
          reviewNote: doc.status === 'returned' ? (doc.review_note ?? null) : null,
          watchers: counts.watchers(doc._id),
          views: counts.views(doc._id),
        };
      });
      return { records, totalRecords };
    },
  );

  registerAction(
    app,
    actions.sellerLot,
    auth.authorize,
    async ({ id }, { request }): Promise<SellerLotDetail> => {
      const sellerId = auth.viewerOf(request) as string;
      const doc = await staffLots.findOne({ _id: id, seller_id: sellerId });
      if (!doc) throw new AppError('LOT_NOT_FOUND');
      const [live, counts, name, bids] = await Promise.all([
        lots.findOne({ _id: id }),
        interest([id]),
        namesOf(docs, [doc.seller_id, doc.changed_by], await house()),
        docs.collection<BidDocument>(BIDS).find({ lot_id: id, declined: 0 }, { sort: { _position: 1 } }),
      ]);
      const row = staffRow(doc, live ?? undefined, clock.now(), name);
      // Bidders by their first bid on this lot: "Bidder 1", "Bidder 2"; the last row leads.
      const numberOf = new Map<string, number>();
      for (const bid of bids) if (!numberOf.has(bid.user_id)) numberOf.set(bid.user_id, numberOf.size + 1);
      return {
        ...staffDetail(doc, row),
        reviewNote: doc.status === 'returned' ? (doc.review_note ?? null) : null,
        watchers: counts.watchers(id),
        views: counts.views(id),
        bids: bids
          .map((bid, index) => ({
            bidder: numberOf.get(bid.user_id) ?? 0,
            amount: bid.proposed_amount,
            at: bid.created_at,
            leads: index === bids.length - 1,
          }))
          .reverse(),
      };
    },
  );
};
