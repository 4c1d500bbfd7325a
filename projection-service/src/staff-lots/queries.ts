import {
  actions,
  HOUSE_SELLER_ID,
  type LotDocument,
  type StaffLotDetail,
  type StaffLotRow,
  type StaffLotStatus,
  type StaffLotsInput,
  USERS,
  type UserDocument,
} from '@wine/contracts';
import { AppError, type DocumentStore, type Filter, registerAction } from '@wine/platform';
import { literally, type QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { listedFieldsOf, STAFF_LOTS, type StaffLotDocument } from './project.ts';

/**
 * The filter of a staff list. `upcoming` is an open lot whose start is after `now`, `open` one whose
 * start has come; the text is matched in the lot number, SKU, title and producer, in any case.
 */
export function staffLotsFilter(input: Omit<StaffLotsInput, 'page' | 'limit'>, now: Date): Filter {
  const filter: Filter = {};
  const at = now.toISOString();
  if (input.status === 'upcoming') Object.assign(filter, { status: 'open', startsAt: { $gt: at } });
  else if (input.status === 'open') Object.assign(filter, { status: 'open', startsAt: { $lte: at } });
  else if (input.status && input.status !== 'all') filter.status = input.status;
  if (input.auctionId) filter.auctionId = input.auctionId;
  if (input.sellerId) filter.seller_id = input.sellerId;
  const text = input.text?.trim();
  if (text) {
    const $regex = literally(text);
    filter.$or = ['lotNumber', 'sku', 'title', 'producer'].map((field) => ({
      [field]: { $regex, $options: 'i' },
    }));
  }
  return filter;
}

const statusAt = (doc: StaffLotDocument, now: Date): StaffLotStatus =>
  doc.status === 'open' && Date.parse(doc.startsAt) > now.getTime() ? 'upcoming' : doc.status;

/**
 * Names of users by id: the merchant's for the house's lots, 'System' for the scheduler, the id itself
 * for someone unknown to the read side.
 */
export async function namesOf(
  docs: DocumentStore,
  ids: Iterable<string>,
  house: string,
): Promise<(id: string) => string> {
  const users = await docs.collection<UserDocument>(USERS).find({ _id: { $in: [...new Set(ids)] } });
  const byId = new Map(users.map((u) => [u._id, `${u.first_name} ${u.last_name}`.trim()]));
  return (id) => byId.get(id) ?? (id === HOUSE_SELLER_ID ? house : id === 'system' ? 'System' : id);
}

/** A staff row: the staff copy's fields, with the price, bids and bottles sold from the `lots` model. */
export function staffRow(
  doc: StaffLotDocument,
  live: LotDocument | undefined,
  now: Date,
  name: (id: string) => string,
): StaffLotRow {
  return {
    id: doc._id,
    lotNumber: doc.lotNumber,
    sku: doc.sku,
    title: doc.title,
    producer: doc.producer,
    vintage: doc.vintage,
    status: statusAt(doc, now),
    auction: doc.auction,
    buyNow: doc.buyNow,
    auctionId: doc.auctionId,
    seller: { id: doc.seller_id, name: name(doc.seller_id) },
    price: live?.wprice ?? doc.openingBid,
    bidCount: live?.bid_count ?? 0,
    quantity: doc.quantity,
    sold: live?.sold ?? 0,
    openingBid: doc.openingBid,
    reserve: doc.reserve,
    buyNowPrice: doc.buyNowPrice,
    startsAt: doc.startsAt,
    closesAt: live?.date_closed ?? doc.closesAt,
    changedAt: doc.changed_at,
    changedBy: { id: doc.changed_by, name: name(doc.changed_by) },
    // Issue 36 §5: the staff see private sales, marked as such.
    privateSale: doc.privateSale === true,
  };
}

/** A lot for an editor (the staff's, or its seller's own): its row's standing and every listed field. */
export const staffDetail = (doc: StaffLotDocument, row: StaffLotRow): StaffLotDetail => ({
  id: row.id,
  status: row.status,
  seller: row.seller,
  bidCount: row.bidCount,
  sold: row.sold,
  changedAt: row.changedAt,
  changedBy: row.changedBy,
  withdrawnReason: doc.withdrawn_reason,
  relistedAs: doc.relisted_as ?? null,
  fields: { ...listedFieldsOf(doc), closesAt: row.closesAt },
});

/** The staff's lists and the editor's lot (issue 33), admins only: the reserve is in every answer. */
export const staffLotQueries: QueryPlugin = async (app, { docs, clock, auth, settings }) => {
  // The merchant's name, as the contact pages show it (contracts' defaults when the deployment gives none).
  // The merchant's name as the settings read now (issue 34).
  const house = async () => (await settings()).merchant.name;
  const staffLots = docs.collection<StaffLotDocument>(STAFF_LOTS);
  const lots = docs.collection<LotDocument>(LOTS);

  registerAction(app, actions.staffLots, auth.authorize, async ({ page, limit, ...narrowed }) => {
    const now = clock.now();
    const filter = staffLotsFilter(narrowed, now);
    const [found, totalRecords] = await Promise.all([
      staffLots.find(filter, { sort: { changed_at: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
      staffLots.countDocuments(filter),
    ]);
    const [live, name] = await Promise.all([
      lots.find({ _id: { $in: found.map((doc) => doc._id) } }),
      namesOf(
        docs,
        found.flatMap((doc) => [doc.seller_id, doc.changed_by]),
        await house(),
      ),
    ]);
    const liveById = new Map(live.map((doc) => [doc._id, doc]));
    return {
      records: found.map((doc) => staffRow(doc, liveById.get(doc._id), now, name)),
      totalRecords,
    };
  });

  registerAction(app, actions.staffLot, auth.authorize, async ({ id }): Promise<StaffLotDetail> => {
    const doc = await staffLots.findOne({ _id: id });
    if (!doc) throw new AppError('LOT_NOT_FOUND');
    const [live, name] = await Promise.all([
      lots.findOne({ _id: id }),
      namesOf(docs, [doc.seller_id, doc.changed_by], await house()),
    ]);
    return staffDetail(doc, staffRow(doc, live ?? undefined, clock.now(), name));
  });
};
