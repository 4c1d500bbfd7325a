import {
  actions,
  type LotDocument,
  type OfferListInput,
  type OfferPage,
  type OfferView,
  USERS,
  type UserDocument,
} from '@wine/contracts';
import { type DocumentStore, type Filter, findByIds, registerAction, type Sort } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { lotImage } from '../lots/view.ts';
import { OFFERS, type OfferDocument } from './project.ts';

type ListInput = Required<OfferListInput>;

/** The accepted offers the temporary cart shows at most (the newest). */
const TEMP_CART_SHOWN = 100;

/** The list's filter: `open` waits for the seller's side, `countered` for the buyer; the rest by outcome. */
const statusFilter = (status: ListInput['status']): Filter => (status === 'all' ? {} : { status });

/** Pending first (the staff's: waiting for the seller's side; the buyer's: waiting for them), newest change first. */
const staffOrder: Sort = { staff_rank: 1, updated_position: -1, _id: 1 };
const buyerOrder: Sort = { buyer_rank: 1, updated_position: -1, _id: 1 };

/** The caller's accepted offers whose invoice is neither paid nor voided (the temporary cart). */
const toPay = (buyerId: string): Filter => ({
  buyer_id: buyerId,
  status: 'accepted',
  paid: false,
  invoice_voided: false,
});

type LotFields = Pick<LotDocument, '_id' | 'title' | 'allattachmentlist' | 'bprice' | 'seller_id'>;
type UserFields = Pick<UserDocument, '_id' | 'first_name' | 'last_name' | 'email'>;

interface ViewContext {
  lots: Map<string, LotFields>;
  /** The buyers, for the staff's lists; absent on the buyer's own (no one else's name or email). */
  buyers: Map<string, UserFields> | null;
  maxCounters: number;
}

/** An offer as its lists show it (contracts' OfferView), with its lot's title, picture and asking price. */
export function offerView(doc: OfferDocument, { lots, buyers, maxCounters }: ViewContext): OfferView {
  const lot = lots.get(doc.lot_id);
  const buyer = buyers?.get(doc.buyer_id);
  const asking = doc.kind === 'second_chance' ? doc.offered_price : (lot?.bprice ?? null);
  return {
    id: doc.id,
    product_id: doc.lot_id,
    title: lot?.title ?? '',
    image: lotImage(lot),
    kind: doc.kind,
    status: doc.status,
    turn: doc.turn,
    qty: doc.qty,
    price: doc.price,
    offered_price: doc.offered_price,
    asking_price: asking,
    counters: doc.counters,
    max_counters: maxCounters,
    made_at: doc.made_at,
    updated_at: doc.updated_at,
    expires_at: doc.expires_at,
    reason: doc.reason,
    invoice_id: doc.invoice_id,
    paid: doc.paid,
    history: doc.history,
    buyer_name: buyers ? `${buyer?.first_name ?? ''} ${buyer?.last_name ?? ''}`.trim() || null : null,
    buyer_email: buyers ? (buyer?.email ?? null) : null,
    seller_id: buyers ? (lot?.seller_id ?? null) : null,
  };
}

async function lotsOf(docs: DocumentStore, ids: Iterable<string>): Promise<Map<string, LotFields>> {
  const found = await findByIds(docs.collection<LotDocument>(LOTS), ids, {
    projection: { title: 1, allattachmentlist: 1, bprice: 1, seller_id: 1 },
  });
  return new Map(found.map((lot) => [lot._id, lot as LotFields]));
}

async function buyersOf(docs: DocumentStore, ids: Iterable<string>): Promise<Map<string, UserFields>> {
  const found = await findByIds(docs.collection<UserDocument>(USERS), ids, {
    projection: { first_name: 1, last_name: 1, email: 1 },
  });
  return new Map(found.map((user) => [user._id, user as UserFields]));
}

/** The offers read model's queries (issue 36): the buyer's offers and temporary cart, the staff's lists. */
export const offerQueries: QueryPlugin = async (app, { docs, auth, settings }) => {
  const { authorize, viewerOf } = auth;
  const offers = () => docs.collection<OfferDocument>(OFFERS);

  /** One page of the offers `filter` selects, in `sort` order, as `staff` or the buyer sees them. */
  async function page(
    filter: Filter,
    sort: Sort,
    { page, limit }: { page: number; limit: number },
    staff: boolean,
  ): Promise<OfferPage> {
    const [found, totalRecords, { money }] = await Promise.all([
      offers().find(filter, { sort, skip: (page - 1) * limit, limit }),
      offers().countDocuments(filter),
      settings(),
    ]);
    return { records: await views(found, staff, money.offerCounters), totalRecords, setDisp: found.length };
  }

  async function views(found: OfferDocument[], staff: boolean, maxCounters: number): Promise<OfferView[]> {
    const [lots, buyers] = await Promise.all([
      lotsOf(
        docs,
        found.map((o) => o.lot_id),
      ),
      staff
        ? buyersOf(
            docs,
            found.map((o) => o.buyer_id),
          )
        : Promise.resolve(null),
    ]);
    return found.map((doc) => offerView(doc, { lots, buyers, maxCounters }));
  }

  // seeds 001 §7 makeoffer/search: the caller's own offers, those waiting for their answer first.
  registerAction(app, actions.myOffers, authorize, async (input, { request }) => {
    const buyerId = viewerOf(request) as string;
    return page({ ...statusFilter(input.status), buyer_id: buyerId }, buyerOrder, input, false);
  });

  // seeds 001 §7 buynowtemp/searchTemp: the caller's accepted offers still to pay, newest first.
  registerAction(app, actions.tempCart, authorize, async (_input, { request }) => {
    const buyerId = viewerOf(request) as string;
    return page(toPay(buyerId), { updated_position: -1, _id: 1 }, { page: 1, limit: TEMP_CART_SHOWN }, false);
  });

  // seeds 001 §7 carttemp/pendingCountTemp: how many accepted offers wait to be paid.
  registerAction(app, actions.pendingCountTemp, authorize, async (_input, { request }) => ({
    totalRecords: await offers().countDocuments(toPay(viewerOf(request) as string)),
  }));

  // seeds 001 §6 seller/offer: the offers on the caller's own lots (never an id from the body).
  registerAction(app, actions.sellerOffers, authorize, async (input, { request }) => {
    const sellerId = viewerOf(request) as string;
    const own = await docs
      .collection<LotDocument>(LOTS)
      .find({ seller_id: sellerId }, { projection: { _id: 1 } });
    if (own.length === 0) return { records: [], totalRecords: 0, setDisp: 0 };
    const lotIds = own.map((lot) => lot._id);
    return page({ ...statusFilter(input.status), lot_id: { $in: lotIds } }, staffOrder, input, true);
  });

  // seeds 001 §6, §7 adminoffers: every offer.
  registerAction(app, actions.adminOffers, authorize, async (input) =>
    page(statusFilter(input.status), staffOrder, input, true),
  );
};
