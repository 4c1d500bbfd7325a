import type { LotDocument, LotView, ViewerFields } from '@wine/contracts';
import type { Clock, DocumentStore } from '@wine/platform';
import { LOT_BIDDERS, type LotBidderDocument, lotBidderId } from '../bids/project.ts';
import { WATCHLISTS, type WatchlistDocument, watchlistId } from '../watchlists/project.ts';
import { LOTS } from './project.ts';
import type { LotStock } from './stock.ts';
import { canSee } from './visibility.ts';

/**
 * A lot's picture for a cart or an invoice: its first attachment, an uploaded file (type 1) under
 * `/uploads/product/`, a URL (type 2) as it is; null with none.
 */
export function lotImage(lot: Pick<LotDocument, 'allattachmentlist'> | undefined): string | null {
  const first = lot?.allattachmentlist[0];
  if (!first) return null;
  return first.type === 2 ? first.file_name : `/uploads/product/${first.file_name}`;
}

/** What a visitor sees, and a user on a lot they never bid on, watched or listed. */
export const noViewer: ViewerFields = {
  bidtopstatus: null,
  bid_or_not: 0,
  watchlistid: 0,
  my_max_bid: null,
  own_lot: 0,
};

/**
 * The answer's shape as `viewer` sees it (null: a visitor, or everyone, as on the bus): the public
 * fields (contracts' LotFields) one by one, so nothing else is ever copied (not the internal fields,
 * the seller's user id and the checkouts' holds among them, nor a stray the contract does not
 * declare); `future_active` against the server clock (DOMAIN.md); and whether the lot is the viewer's
 * own. `personalise` adds the viewer's standing. The nested values (pictures, discounts) are the
 * document's own: a view is read, never changed. One object literal (not a loop of keyed stores): V8
 * keeps it a fast object, which the output check and JSON then walk quickly.
 */
export function lotView(d: LotDocument & LotStock, now: Date, viewer: string | null): LotView {
  return {
    id: d.id,
    title: d.title,
    itemId: d.itemId,
    internalId: d.internalId,
    custitemlot_number: d.custitemlot_number,
    auction: d.auction,
    buynow: d.buynow,
    market_status: d.market_status,
    date_added: d.date_added,
    date_closed: d.date_closed,
    auctionlot_date_closed: d.auctionlot_date_closed,
    wprice: d.wprice,
    bprice: d.bprice,
    qty: d.qty,
    sold: d.sold,
    bid_count: d.bid_count,
    next_bid: d.next_bid,
    cbidtext: d.cbidtext,
    allattachmentlist: d.allattachmentlist,
    desc_proc: d.desc_proc,
    metaTagHtml: d.metaTagHtml,
    auctionid: d.auctionid,
    minimumquantity: d.minimumquantity,
    enforceminqtyinternally: d.enforceminqtyinternally,
    discount_buynow_records: d.discount_buynow_records,
    buynowamount: d.buynowamount,
    custitem_gvo_invwebdisplay: d.custitem_gvo_invwebdisplay,
    custitem_gvo_color: d.custitem_gvo_color,
    custitem_gvo_bottlesize: d.custitem_gvo_bottlesize,
    custitem_gvo_producer: d.custitem_gvo_producer,
    custitemctregion: d.custitemctregion,
    custitemctsubregion: d.custitemctsubregion,
    custitem_gvo_country: d.custitem_gvo_country,
    vintage: d.vintage,
    rating: d.rating,
    custitem_gvo_ws: d.custitem_gvo_ws,
    custitem_gvo_ratingtextbhscore: d.custitem_gvo_ratingtextbhscore,
    custitem_gvo_ratingtextiwcscore: d.custitem_gvo_ratingtextiwcscore,
    custitem_gvo_ratingtextjsscore: d.custitem_gvo_ratingtextjsscore,
    custitem_gvo_ratingtextvmrating: d.custitem_gvo_ratingtextvmrating,
    custitem_gvo_wa: d.custitem_gvo_wa,
    custitem2: d.custitem2,
    custitem3: d.custitem3,
    custitemdm: d.custitemdm,
    custitemtwi: d.custitemtwi,
    low_estimate: d.low_estimate ?? null,
    high_estimate: d.high_estimate ?? null,
    condition: d.condition ?? null,
    location_id: d.location_id ?? null,
    title_es: d.title_es ?? '',
    desc_proc_es: d.desc_proc_es ?? '',
    // Issue 36 §5: the 'Private sale' badge; who the guests are never leaves the read side.
    private_sale: d.private_sale === 1 ? 1 : 0,
    future_active: futureActive(d, now),
    ...noViewer,
    own_lot: isSeller(d, viewer) ? 1 : 0,
  };
}

/** Whether the viewer listed the lot (`own_lot`). */
const isSeller = (d: LotDocument, viewer: string | null) => viewer !== null && d.seller_id === viewer;

/** An open lot whose listing date is still ahead (DOMAIN.md). */
const futureActive = (d: LotDocument, now: Date) =>
  d.market_status === 'open' && Date.parse(d.date_added) > now.getTime();

/** Each stored lot's view for those who did not list it (a visitor's), made once per version of the lot. */
const publicViews = new WeakMap<LotDocument, LotView>();

/**
 * `lotView` for the read side's answers: one frozen view per version of the stored lot for everyone
 * but its seller, made again only when `future_active` turns, so the answer's writer keeps its JSON
 * (platform's action-route-output.ts). It stands as it is: the embedded store never changes a document
 * it holds (a write puts a new version in its place), and a document read from MongoDB is read afresh
 * each time (no view is kept for long: the views go with the documents).
 */
export function readView(d: LotDocument & LotStock, now: Date, viewer: string | null): LotView {
  if (isSeller(d, viewer)) return lotView(d, now, viewer);
  const kept = publicViews.get(d);
  const future = futureActive(d, now);
  if (kept && kept.future_active === future) return kept;
  const view = Object.freeze(lotView(d, now, null));
  publicViews.set(d, view);
  return view;
}

/** The caller's own standing on each lot: their bid status and count, maximum, and watchlist flag. */
export async function personalise(
  docs: DocumentStore,
  views: LotView[],
  userId: string | null,
): Promise<LotView[]> {
  if (!userId || views.length === 0) return views;
  const [standings, watched] = await Promise.all([
    docs
      .collection<LotBidderDocument>(LOT_BIDDERS)
      .find({ _id: { $in: views.map((v) => lotBidderId(v.id, userId)) } }),
    docs
      .collection<WatchlistDocument>(WATCHLISTS)
      .find({ _id: { $in: views.map((v) => watchlistId(userId, v.id)) } }),
  ]);
  const byLot = new Map(standings.map((s) => [s.lot_id, s]));
  const watching = new Set(watched.map((w) => w.lot_id));
  return views.map((view) => {
    const standing = byLot.get(view.id);
    return {
      ...view,
      bidtopstatus: standing?.bidtopstatus ?? null,
      bid_or_not: standing?.bid_or_not ?? 0,
      my_max_bid: standing ? standing.max_bid : null,
      watchlistid: watching.has(view.id) ? 1 : 0,
    };
  });
}

/**
 * Lots by id in the order given, as `userId` sees them: a lot no longer there, or a private sale they
 * are no guest of (issue 36 §5), is left out.
 */
export async function lotViewsOf(
  docs: DocumentStore,
  clock: Clock,
  ids: string[],
  userId: string | null,
): Promise<LotView[]> {
  const found = await docs.collection<LotDocument>(LOTS).find({ _id: { $in: ids } }, { readonly: true });
  const byId = new Map(found.map((d) => [d._id, d]));
  const now = clock.now();
  const views = ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc && canSee(doc, userId) ? [readView(doc, now, userId)] : [];
  });
  return personalise(docs, views, userId);
}
