import type { LotDocument } from '@wine/contracts';
import type { LotListedData, RecordedEvent } from '@wine/event-schemas';
import type { ProjectedOperation, Projection } from '../core/projection.ts';

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

/** The highest critic score on the 100-point scale ('94-96' counts as 96), for the rating filter. */
export function bestScore(scores: LotListedData['scores']): number | null {
  let best: number | null = null;
  for (const text of Object.values(scores)) {
    for (const n of (text ?? '').match(/\d+(\.\d+)?/g) ?? []) {
      const value = Number(n);
      if (value <= 100 && (best === null || value > best)) best = value;
    }
  }
  return best;
}

export function listedLotDocument(lot: LotListedData, position: string): LotDocument {
  const scores = Object.fromEntries(
    Object.entries(lot.scores).map(([key, value]) => [scoreFields[key as keyof typeof scoreFields], value]),
  );
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
    allattachmentlist: lot.images.map((i) => ({ type: i.type, file_name: i.fileName })),
    desc_proc: lot.description,
    metaTagHtml: lot.meta,
    auctionid: lot.auctionId,
    seller_id: lot.sellerId,
    minimumquantity: lot.minimumQuantity,
    enforceminqtyinternally: lot.enforceMinimumQuantity ? 1 : 0,
    discount_buynow_records: lot.discounts.map((d, i) => ({
      id: `${lot.lotId}-${i + 1}`,
      quantity: d.quantity,
      bprice: d.price,
    })),
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
    _position: position,
  };
}

/** The `lots` read model. */
export const lotsProjection: Projection = {
  name: 'lots',
  collections: [LOTS],
  handles: new Set(['LotListed']),
  indexes: {
    [LOTS]: [
      { key: { date_closed: 1 }, name: 'date_closed' },
      { key: { market_status: 1, date_closed: 1 }, name: 'status_close' },
      { key: { custitem_gvo_country: 1, custitemctregion: 1 }, name: 'country_region' },
    ],
  },
  project(event: RecordedEvent): ProjectedOperation[] {
    switch (event.type) {
      case 'LotListed': {
        const doc = listedLotDocument(event.data as LotListedData, event.position);
        return [
          {
            collection: LOTS,
            // The creating event inserts only when absent: a replay finds the document and does nothing.
            operation: {
              updateOne: { filter: { _id: doc._id }, update: { $setOnInsert: doc }, upsert: true },
            },
            changed: { kind: 'lot', id: doc.id },
          },
        ];
      }
      default:
        return [];
    }
  },
};
