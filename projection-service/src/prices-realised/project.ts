import type { LotEvent, LotListedData } from '@wine/event-schemas';
import { streamIdOf as lotIdOf } from '@wine/platform';
import { guardedPipeline, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const PRICES_REALISED = 'prices_realised';

/**
 * A lot as the prices realised know it (issue 31): what it is, and once it closed sold at auction,
 * its hammer price and bottles as LotClosed recorded them. A lot still open, unsold, withdrawn or
 * sold out by buy now (no hammer) has `sold` false and is never shown.
 */
export interface RealisedPriceDocument {
  _id: string;
  [key: string]: unknown;
  title: string;
  producer: string;
  vintage: number | null;
  country: string;
  region: string;
  bottle_size: string;
  /** The lot's bottles while open; the bottles the auction sold once it closed sold. */
  qty: number;
  image: string | null;
  auctionid: string | null;
  sold: boolean;
  hammer_price: number | null;
  bid_count: number;
  closed_at: string | null;
  _position: string;
}

type Images = LotListedData['images'];

/** The lot's first picture, as the storefront shows it (lots/view.ts lotImage). */
const imageOf = (images: Images): string | null => {
  const [first] = images;
  if (!first) return null;
  return first.type === 2 ? first.fileName : `/uploads/product/${first.fileName}`;
};

const describedBy = (lot: Partial<LotListedData>): Record<string, unknown> => {
  const set: Record<string, unknown> = {};
  if (lot.title !== undefined) set.title = lot.title;
  if (lot.producer !== undefined) set.producer = lot.producer;
  if (lot.vintage !== undefined) set.vintage = lot.vintage;
  if (lot.country !== undefined) set.country = lot.country;
  if (lot.region !== undefined) set.region = lot.region;
  if (lot.bottleSize !== undefined) set.bottle_size = lot.bottleSize;
  if (lot.quantity !== undefined) set.qty = lot.quantity;
  if (lot.images !== undefined) set.image = imageOf(lot.images);
  return set;
};

/** The prices realised read model: fed by the lots' listings and their closes, from the log. */
export const pricesRealisedProjection = defineProjection<LotEvent>({
  name: 'prices-realised',
  collections: [PRICES_REALISED],
  handles: ['LotListed', 'LotUpdated', 'LotScheduled', 'LotClosed'],
  indexes: {
    [PRICES_REALISED]: [
      { key: { sold: 1, closed_at: -1 }, name: 'sold_closed' },
      { key: { sold: 1, producer: 1, closed_at: -1 }, name: 'sold_producer' },
      { key: { sold: 1, vintage: 1, closed_at: -1 }, name: 'sold_vintage' },
    ],
  },
  project(event): ProjectedOperation[] {
    const lotId = lotIdOf(event);
    switch (event.type) {
      case 'LotListed':
        // Issue 36 §5: a private sale is never realised at auction, nor shown to anyone but its guests:
        // it has no document here, so its later events change nothing.
        if (event.data.privateSale === true) return [];
        return [
          {
            collection: PRICES_REALISED,
            operation: {
              updateOne: {
                filter: { _id: lotId },
                update: {
                  $setOnInsert: {
                    ...describedBy(event.data),
                    auctionid: event.data.auctionId,
                    sold: false,
                    hammer_price: null,
                    bid_count: 0,
                    closed_at: null,
                    _position: event.position,
                  },
                },
                upsert: true,
              },
            },
          },
        ];
      case 'LotUpdated':
        return [guardedUpdate(PRICES_REALISED, lotId, event, { $set: describedBy(event.data) })];
      case 'LotScheduled':
        return [guardedUpdate(PRICES_REALISED, lotId, event, { $set: { auctionid: event.data.auctionId } })];
      case 'LotClosed': {
        const { data } = event;
        // Sold at auction: a hammer price. Sold out by buy now, or unsold: nothing realised at auction.
        const sold = data.outcome === 'sold' && data.endedBy !== 'sold_out' && data.hammerPrice !== null;
        return [
          guardedPipeline(PRICES_REALISED, lotId, event, [
            {
              $set: {
                sold: { $literal: sold },
                hammer_price: { $literal: sold ? data.hammerPrice : null },
                bid_count: { $literal: data.bidCount },
                closed_at: { $literal: data.closesAt },
                // Events before issue 30 carry no quantity: the auction then sold the whole lot.
                qty: sold && data.quantity !== undefined ? { $literal: data.quantity } : '$qty',
              },
            },
          ]),
        ];
      }
      default:
        return [];
    }
  },
});
