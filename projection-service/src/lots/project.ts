import { bestScore, type LotDocument } from '@wine/contracts';
import type { LotEvent, LotListedData } from '@wine/event-schemas';
import { streamIdOf as lotIdOf } from '@wine/platform';
import { guardedPipeline, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';
import { projectStock, stockEventTypes } from './stock.ts';

export const LOTS = 'lots';

/** seeds 000 §3.1 score fields, by the event's score keys. */
const scoreFields = {
  ws: 'custitem_gvo_ws',
  bh: 'custitem_gvo_ratingtextbhscore',
  iwc: 'custitem_gvo_ratingtextiwcscore',
  js: 'custitem_gvo_ratingtextjsscore',
  vm: 'custitem_gvo_ratingtextvmrating',
  wa: 'custitem_gvo_wa',
  jd: 'custitem2',
  jr: 'custitem3',
  dm: 'custitemdm',
  twi: 'custitemtwi',
} as const;

const scoreDocumentFields = (scores: LotListedData['scores']) =>
  Object.fromEntries(
    Object.entries(scores).map(([key, value]) => [scoreFields[key as keyof typeof scoreFields], value]),
  );

const discountRecords = (lotId: string, discounts: LotListedData['discounts']) =>
  discounts.map((d, i) => ({ id: `${lotId}-${i + 1}`, quantity: d.quantity, bprice: d.price }));

/** seeds 000 §3.2 attachments, with the caption's title when one was given (the photo's alternative text). */
const attachments = (images: LotListedData['images']) =>
  images.map((i) =>
    i.title
      ? { type: i.type, file_name: i.fileName, title: i.title }
      : { type: i.type, file_name: i.fileName },
  );

/** A reserve of nothing is no reserve (issue 31's 'no reserve' filter). */
const noReserve = (reserve: number | null): 0 | 1 => (reserve ? 0 : 1);

export function listedLotDocument(lot: LotListedData, position: string): LotDocument {
  const scores = scoreDocumentFields(lot.scores);
  return {
    _id: lot.lotId,
    id: lot.lotId,
    title: lot.title,
    itemId: lot.sku,
    internalId: lot.lotId,
    custitemlot_number: lot.lotNumber,
    auction: lot.auction ? 1 : 0,
    buynow: lot.buyNow ? 1 : 0,
    market_status: 'open',
    date_added: lot.startsAt,
    date_closed: lot.closesAt,
    auctionlot_date_closed: lot.closesAt,
    // DOMAIN.md "Bids": with no bids the price shown is the opening bid, and next_bid is the opening bid.
    wprice: lot.auction ? lot.openingBid : (lot.buyNowPrice ?? 0),
    bprice: lot.buyNow ? lot.buyNowPrice : null,
    qty: lot.quantity,
    sold: 0,
    bid_count: 0,
    next_bid: lot.openingBid,
    cbidtext: 'Current Bid',
    allattachmentlist: attachments(lot.images),
    desc_proc: lot.description,
    metaTagHtml: lot.meta,
    auctionid: lot.auctionId,
    seller_id: lot.sellerId,
    no_reserve: noReserve(lot.reserve),
    minimumquantity: lot.minimumQuantity,
    enforceminqtyinternally: lot.enforceMinimumQuantity ? 1 : 0,
    discount_buynow_records: discountRecords(lot.lotId, lot.discounts),
    buynowamount: null,
    custitem_gvo_invwebdisplay: lot.availability,
    custitem_gvo_color: lot.colour,
    custitem_gvo_bottlesize: lot.bottleSize,
    custitem_gvo_producer: lot.producer,
    custitemctregion: lot.region,
    custitemctsubregion: lot.subregion,
    custitem_gvo_country: lot.country,
    vintage: lot.vintage,
    rating: bestScore(lot.scores),
    ...scores,
    low_estimate: lot.lowEstimate ?? null,
    high_estimate: lot.highEstimate ?? null,
    condition: lot.condition ?? null,
    location_id: lot.locationId ?? null,
    title_es: lot.spanish?.title ?? '',
    desc_proc_es: lot.spanish?.description ?? '',
    // Issue 36 §5: fixed at listing (no update changes it); its guests come with their own events.
    private_sale: lot.privateSale === true ? 1 : 0,
    ...(lot.privateSale === true && { guests: [], guest_list: [], links_sent: 0 }),
    _position: position,
  };
}

type LotUpdatedData = Extract<LotEvent, { type: 'LotUpdated' }>['data'];

/** The read-model fields a LotUpdated changes (the same mapping as a listing). */
export function updatedLotFields(lotId: string, changes: LotUpdatedData): Partial<LotDocument> {
  const set: Record<string, unknown> = {};
  const c = changes;
  if (c.title !== undefined) set.title = c.title;
  if (c.producer !== undefined) set.custitem_gvo_producer = c.producer;
  if (c.vintage !== undefined) set.vintage = c.vintage;
  if (c.country !== undefined) set.custitem_gvo_country = c.country;
  if (c.region !== undefined) set.custitemctregion = c.region;
  if (c.subregion !== undefined) set.custitemctsubregion = c.subregion;
  if (c.colour !== undefined) set.custitem_gvo_color = c.colour;
  if (c.bottleSize !== undefined) set.custitem_gvo_bottlesize = c.bottleSize;
  if (c.description !== undefined) set.desc_proc = c.description;
  if (c.images !== undefined) set.allattachmentlist = attachments(c.images);
  if (c.availability !== undefined) set.custitem_gvo_invwebdisplay = c.availability;
  if (c.meta !== undefined) set.metaTagHtml = c.meta;
  if (c.quantity !== undefined) set.qty = c.quantity;
  if (c.minimumQuantity !== undefined) set.minimumquantity = c.minimumQuantity;
  if (c.enforceMinimumQuantity !== undefined) set.enforceminqtyinternally = c.enforceMinimumQuantity ? 1 : 0;
  // Updates of prices happen only before the first bid, so the opening bid is the price and the next bid.
  if (c.openingBid !== undefined) Object.assign(set, { wprice: c.openingBid, next_bid: c.openingBid });
  if (c.buyNowPrice !== undefined) set.bprice = c.buyNowPrice;
  if (c.reserve !== undefined) set.no_reserve = noReserve(c.reserve);
  if (c.discounts !== undefined) set.discount_buynow_records = discountRecords(lotId, c.discounts);
  if (c.closesAt !== undefined)
    Object.assign(set, { date_closed: c.closesAt, auctionlot_date_closed: c.closesAt });
  if (c.lowEstimate !== undefined) set.low_estimate = c.lowEstimate;
  if (c.highEstimate !== undefined) set.high_estimate = c.highEstimate;
  if (c.condition !== undefined) set.condition = c.condition;
  if (c.locationId !== undefined) set.location_id = c.locationId;
  if (c.spanish !== undefined) {
    set.title_es = c.spanish?.title ?? '';
    set.desc_proc_es = c.spanish?.description ?? '';
  }
  if (c.scores !== undefined) {
    for (const field of Object.values(scoreFields)) set[field] = undefined;
    Object.assign(set, scoreDocumentFields(c.scores), { rating: bestScore(c.scores) });
  }
  return set as Partial<LotDocument>;
}

/** The `lots` read model: every lot event, field by field as seeds 000 §3.1 names them. */
export const lotsProjection = defineProjection<LotEvent>({
  name: 'lots',
  collections: [LOTS],
  handles: [
    'LotListed',
    'LotUpdated',
    'LotWithdrawn',
    'BidPlaced',
    'ProxyBidPlaced',
    'LotExtended',
    'LotScheduled',
    'LotClosed',
    'BidsCancelled',
    'PrivateSaleInvited',
    'PrivateSaleJoined',
    'PrivateSaleLinkSent',
    ...stockEventTypes,
  ],
  indexes: {
    [LOTS]: [
      { key: { date_closed: 1 }, name: 'date_closed' },
      // The browse query (search/to-mongo.ts): the market status, then each sort the storefront offers,
      // so a page is a walk of one index; country, region, colour and bottle size narrow the filters
      // and count their lots (a count covered by an index's equality prefix is one lookup).
      { key: { market_status: 1, date_closed: 1 }, name: 'status_close' },
      { key: { market_status: 1, date_added: 1 }, name: 'status_added' },
      { key: { market_status: 1, bprice: 1 }, name: 'status_bprice' },
      { key: { market_status: 1, wprice: 1 }, name: 'status_wprice' },
      { key: { market_status: 1, title: 1 }, name: 'status_title' },
      { key: { market_status: 1, vintage: 1 }, name: 'status_vintage' },
      { key: { market_status: 1, bid_count: 1 }, name: 'status_bids' },
      { key: { market_status: 1, rating: 1 }, name: 'status_rating' },
      // The shown price last: a price band within a country and colour (or a colour) is counted, and
      // sorted by price, from the index alone.
      {
        key: { market_status: 1, custitem_gvo_country: 1, custitem_gvo_color: 1, wprice: 1 },
        name: 'status_country_colour_price',
      },
      { key: { market_status: 1, custitem_gvo_color: 1, wprice: 1 }, name: 'status_colour_price' },
      // A region's or a bottle size's lots by price walked in order, as a country's or a colour's are.
      { key: { market_status: 1, custitemctregion: 1, wprice: 1 }, name: 'status_region' },
      { key: { market_status: 1, custitem_gvo_bottlesize: 1, wprice: 1 }, name: 'status_bottlesize' },
      { key: { custitem_gvo_country: 1, custitemctregion: 1 }, name: 'country_region' },
      { key: { auctionid: 1, date_closed: 1 }, name: 'auction_close' },
    ],
  },
  project(event): ProjectedOperation[] {
    const lotId = lotIdOf(event);
    switch (event.type) {
      case 'LotListed': {
        const doc = listedLotDocument(event.data, event.position);
        return [
          {
            collection: LOTS,
            // The creating event inserts only when absent: a replay finds the document and does nothing.
            operation: {
              updateOne: { filter: { _id: doc._id }, update: { $setOnInsert: doc }, upsert: true },
            },
          },
        ];
      }
      case 'LotUpdated': {
        const fields = updatedLotFields(lotId, event.data);
        const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        const unset = Object.fromEntries(
          Object.entries(fields)
            .filter(([, v]) => v === undefined)
            .map(([k]) => [k, ''] as const),
        );
        return [
          guardedUpdate(
            LOTS,
            lotId,
            event,
            Object.keys(unset).length ? { $set: set, $unset: unset } : { $set: set },
          ),
        ];
      }
      case 'LotWithdrawn':
        return [guardedUpdate(LOTS, lotId, event, { $set: { market_status: 'closed' } })];
      case 'BidPlaced':
      case 'ProxyBidPlaced':
        return [
          guardedUpdate(LOTS, lotId, event, {
            $set: { wprice: event.data.amount, next_bid: event.data.nextBid },
            $inc: { bid_count: 1 },
          }),
        ];
      case 'LotExtended':
        return [
          guardedUpdate(LOTS, lotId, event, {
            $set: { date_closed: event.data.closesAt, auctionlot_date_closed: event.data.closesAt },
          }),
        ];
      case 'BidsCancelled': {
        const { after, rows, closesAt, reopened } = event.data;
        return [
          guardedUpdate(LOTS, lotId, event, {
            $set: {
              wprice: after.price,
              next_bid: after.nextBid,
              bid_count: rows.length,
              ...(closesAt && { date_closed: closesAt, auctionlot_date_closed: closesAt }),
              ...(reopened && { market_status: 'open', cbidtext: 'Current Bid' }),
            },
          }),
        ];
      }
      case 'LotScheduled': {
        const { auctionId, lotNumber, startsAt, closesAt } = event.data;
        return [
          guardedUpdate(LOTS, lotId, event, {
            $set: {
              auctionid: auctionId,
              custitemlot_number: lotNumber,
              date_added: startsAt,
              date_closed: closesAt,
              auctionlot_date_closed: closesAt,
            },
          }),
        ];
      }
      case 'LotClosed': {
        const sold = event.data.outcome === 'sold';
        // Sold out by buy now (no hammer): the sold price shown is the buy-now price, not the last bid.
        if (event.data.endedBy === 'sold_out')
          return [
            guardedPipeline(LOTS, lotId, event, [
              { $set: { market_status: 'sold', cbidtext: 'Sold Price', buynowamount: '$bprice' } },
            ]),
          ];
        return [
          guardedUpdate(LOTS, lotId, event, {
            $set: {
              market_status: event.data.outcome,
              // seeds 000 §3.1 / §4.6: a sold lot shows its price as 'Sold Price'.
              cbidtext: sold ? 'Sold Price' : 'Current Bid',
              buynowamount: event.data.hammerPrice,
            },
          }),
        ];
      }
      // Issue 36 §5: the buyers who may see and buy a private sale (the decider invites each once).
      case 'PrivateSaleInvited': {
        const at = event.metadata.occurredAt;
        const { userIds } = event.data;
        return [
          guardedUpdate(LOTS, lotId, event, {
            $addToSet: { guests: { $each: userIds } },
            $push: {
              guest_list: { $each: userIds.map((id) => ({ user_id: id, joined_by: 'invite', at })) },
            },
          }),
        ];
      }
      case 'PrivateSaleJoined': {
        const { userId } = event.data;
        const at = event.metadata.occurredAt;
        return [
          guardedUpdate(LOTS, lotId, event, {
            $addToSet: { guests: userId },
            $push: { guest_list: { user_id: userId, joined_by: 'link', at } },
          }),
        ];
      }
      case 'PrivateSaleLinkSent':
        return [guardedUpdate(LOTS, lotId, event, { $inc: { links_sent: 1 } })];
      case 'StockReserved':
      case 'ReservationReleased':
      case 'StockSold':
      case 'StockReturned':
        return projectStock(LOTS, lotId, event);
      default:
        return [];
    }
  },
});
