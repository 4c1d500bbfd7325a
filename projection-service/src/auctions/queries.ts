import {
  type AuctionDetail,
  type AuctionSummary,
  actions,
  type LotDocument,
  type StaffAuctionRow,
  type StaffAuctionStatus,
} from '@wine/contracts';
import { AppError, type Filter, httpErrors, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { literally } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { publicOnly } from '../lots/visibility.ts';
import { namesOf } from '../staff-lots/queries.ts';
import { AUCTIONS, type AuctionDocument, lastCloseOf } from './project.ts';

type Summed = Omit<AuctionDetail, 'auctionid' | keyof AuctionOwn> & { _id: string };
type AuctionOwn = Pick<
  AuctionSummary,
  'title' | 'kind' | 'starts_at' | 'description' | 'premium_text' | 'location_id'
>;

/**
 * Each auction's lots summed up: counts, the span of their closes, the soonest open close, countries.
 * The storefront's answers: a private sale is no one's to count (issue 36 §5).
 */
const summed = (match: Filter) => [
  { $match: { ...match, ...publicOnly } },
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

/** What the auction itself says; lots listed under an id no auction was created for have none of it. */
const ownOf = (doc: AuctionDocument | undefined): AuctionOwn => ({
  title: doc?.title ?? null,
  kind: doc?.kind ?? null,
  starts_at: doc?.startsAt ?? null,
  description: doc?.description ?? '',
  premium_text: doc?.premiumText ?? '',
  location_id: doc?.locationId ?? null,
});

const toDetail = ({ _id, ...r }: Summed, doc: AuctionDocument | undefined): AuctionDetail => ({
  ...r,
  ...ownOf(doc),
  auctionid: _id,
  next_close: r.next_close ?? null,
  countries: [...r.countries].sort(),
});

/** An auction without lots yet: its own planned closes. */
const emptySum = (doc: AuctionDocument): Summed => ({
  _id: doc._id,
  lot_count: 0,
  open_count: 0,
  first_close: doc.firstCloseAt,
  last_close: lastCloseOf(doc),
  next_close: null,
  countries: [],
});

/** Where an auction stands at `now`: before its opening, until its last lot closes, or after. */
function statusOf(doc: AuctionDocument, lots: readonly LotDocument[], now: Date): StaffAuctionStatus {
  if (Date.parse(doc.startsAt) > now.getTime()) return 'upcoming';
  const open = lots.some((l) => l.market_status === 'open');
  return open || (lots.length === 0 && Date.parse(lastCloseOf(doc)) > now.getTime()) ? 'open' : 'closed';
}

/** The auctions: the storefront's list and page, and the staff's (issue 33). */
export const auctionQueries: QueryPlugin = async (app, { docs, auth, clock, settings }) => {
  const lots = () => docs.collection<LotDocument>(LOTS);
  const auctions = () => docs.collection<AuctionDocument>(AUCTIONS);
  // The merchant's name as the settings read now (issue 34).
  const house = async () => (await settings()).merchant.name;

  // /auction: each auction with open lots, closing soonest first.
  registerAction(app, actions.auctions, auth.authorize, async () => {
    const records = await lots().aggregate<Summed>([
      ...summed({ auctionid: { $ne: null } }),
      { $match: { open_count: { $gt: 0 } } },
      { $sort: { first_close: 1 } },
    ]);
    const own = await auctions().find({ _id: { $in: records.map((r) => r._id) } });
    const byId = new Map(own.map((doc) => [doc._id, doc]));
    const summaries = records.map((r): AuctionSummary => {
      const { next_close: _, ...summary } = toDetail(r, byId.get(r._id));
      return summary;
    });
    return { records: summaries, totalRecords: summaries.length };
  });

  // seeds 000 §2.1 /liveAuction/:aid: one auction, open or closed; an id neither an auction nor a lot has is not found.
  registerAction(app, actions.auctionDetail, auth.authorize, async ({ auctionid }) => {
    const [[found], doc] = await Promise.all([
      lots().aggregate<Summed>(summed({ auctionid })),
      auctions().findOne({ _id: auctionid }),
    ]);
    if (!found && !doc) throw httpErrors.notFound('Auction');
    return toDetail(found ?? emptySum(doc as AuctionDocument), doc ?? undefined);
  });

  async function lotsOf(docsFound: readonly AuctionDocument[]) {
    const ids = docsFound.flatMap((d) => d.lots.map((l) => l.lotId));
    const found = ids.length ? await lots().find({ _id: { $in: ids } }) : [];
    return new Map(found.map((l) => [l._id, l]));
  }

  const rowOf = (
    doc: AuctionDocument,
    live: Map<string, LotDocument>,
    now: Date,
    name: (id: string) => string,
  ): StaffAuctionRow => {
    const itsLots = doc.lots.flatMap((l) => live.get(l.lotId) ?? []);
    return {
      id: doc._id,
      title: doc.title,
      kind: doc.kind,
      status: statusOf(doc, itsLots, now),
      startsAt: doc.startsAt,
      firstCloseAt: doc.firstCloseAt,
      lastCloseAt: lastCloseOf(doc),
      lotsPerMinute: doc.lotsPerMinute,
      lotCount: doc.lots.length,
      changedAt: doc.changed_at,
      changedBy: { id: doc.changed_by, name: name(doc.changed_by) },
    };
  };

  // The staff's auctions, newest opening first; an auction house runs tens a year, so all are read at once.
  registerAction(app, actions.staffAuctions, auth.authorize, async ({ status, text, page, limit }) => {
    const now = clock.now();
    const filter: Filter = text?.trim() ? { title: { $regex: literally(text.trim()), $options: 'i' } } : {};
    const found = await auctions().find(filter, { sort: { startsAt: -1, _id: 1 } });
    const [live, name] = await Promise.all([
      lotsOf(found),
      namesOf(
        docs,
        found.map((d) => d.changed_by),
        await house(),
      ),
    ]);
    const rows = found.map((doc) => rowOf(doc, live, now, name));
    const kept = status === 'all' ? rows : rows.filter((r) => r.status === status);
    return { records: kept.slice((page - 1) * limit, page * limit), totalRecords: kept.length };
  });

  registerAction(app, actions.staffAuction, auth.authorize, async ({ id }) => {
    const doc = await auctions().findOne({ _id: id });
    if (!doc) throw new AppError('AUCTION_NOT_FOUND');
    const [live, name] = await Promise.all([lotsOf([doc]), namesOf(docs, [doc.changed_by], await house())]);
    const { _id, lots: placed, changed_at, changed_by, _position, ...fields } = doc;
    return {
      ...rowOf(doc, live, clock.now(), name),
      fields,
      lots: placed.map((l) => {
        const lot = live.get(l.lotId);
        return {
          id: l.lotId,
          lotNumber: lot?.custitemlot_number ?? l.lotNumber,
          title: lot?.title ?? '',
          marketStatus: lot?.market_status ?? 'open',
          closesAt: lot?.date_closed ?? l.closesAt,
          bidCount: lot?.bid_count ?? 0,
          price: lot?.wprice ?? 0,
        };
      }),
    };
  });
};
