import type { Position } from '@wine/event-schemas';
import type { BidTopStatus } from './bidding.ts';

/** The `lots` read model: seeds 000 §3.1 field names, as the UI reads them. Money is integer cents. */
export type LotDocument = {
  _id: string;
  id: string;
  title: string;
  itemId: string;
  internalId: string;
  custitemlot_number: string | null;
  auction: 0 | 1;
  buynow: 0 | 1;
  market_status: 'open' | 'closed' | 'sold' | 'unsold';
  date_added: string;
  date_closed: string;
  auctionlot_date_closed: string;
  wprice: number;
  bprice: number | null;
  qty: number;
  sold: number;
  bid_count: number;
  next_bid: number;
  cbidtext: 'Sold Price' | 'Current Bid';
  allattachmentlist: { type: 1 | 2; file_name: string }[];
  desc_proc: string;
  metaTagHtml: { title: string; description: string; keywords: string };
  auctionid: string | null;
  /** The seller's user id: internal to the read side, never in a view (see LotView). */
  seller_id: string;
  minimumquantity: number;
  enforceminqtyinternally: 0 | 1;
  discount_buynow_records: { id: string; quantity: number; bprice: number }[];
  /** seeds 000 §4.6: the price a closed lot sold at, shown as 'Sold Price'; null until then. */
  buynowamount: number | null;
  custitem_gvo_invwebdisplay: string | null;
  custitem_gvo_color: string;
  custitem_gvo_bottlesize: string;
  custitem_gvo_producer: string;
  custitemctregion: string;
  custitemctsubregion: string;
  custitem_gvo_country: string;
  vintage: number | null;
  /** Highest numeric critic score, for the `rating` filter. */
  rating: number | null;
  custitem_gvo_ws?: string;
  custitem_gvo_ratingtextbhscore?: string;
  custitem_gvo_ratingtextiwcscore?: string;
  custitem_gvo_ratingtextjsscore?: string;
  custitem_gvo_ratingtextvmrating?: string;
  custitem_gvo_wa?: string;
  custitem2?: string;
  custitem3?: string;
  custitemdm?: string;
  custitemtwi?: string;
  /** Last log position applied to this document (idempotent projection). */
  _position: Position;
};

/** The caller's own standing on a lot (seeds 000 §3.1); empty for visitors and lots they never bid on. */
export interface ViewerFields {
  /** seeds 000 §4.2: winner, outbid, won, lost; null when the user has not bid. */
  bidtopstatus: BidTopStatus | null;
  /** The number of the user's own bids on the lot. */
  bid_or_not: number;
  /** 1 when on the user's watchlist. */
  watchlistid: 0 | 1;
  /** The user's own maximum (proxy bidding): shown to that user only. */
  my_max_bid: number | null;
  /** 1 when the user is the lot's seller, who may neither bid on it nor buy it. */
  own_lot: 0 | 1;
}

/**
 * What the query API answers: the document with `future_active` computed against the server clock,
 * and the caller's own standing on the lot. Never who the seller is: a user id is not public, so a
 * seller learns only that a lot is theirs (`own_lot`).
 */
export type LotView = Omit<LotDocument, '_id' | '_position' | 'seller_id'> & {
  future_active: boolean;
} & ViewerFields;

/** seeds 000 §2.7 score badges: label and read-model field. */
export const scoreBadges = [
  ['WS', 'custitem_gvo_ws'],
  ['BH', 'custitem_gvo_ratingtextbhscore'],
  ['IWC', 'custitem_gvo_ratingtextiwcscore'],
  ['JS', 'custitem_gvo_ratingtextjsscore'],
  ['VM', 'custitem_gvo_ratingtextvmrating'],
  ['WA', 'custitem_gvo_wa'],
  ['JD', 'custitem2'],
  ['JR', 'custitem3'],
  ['DM', 'custitemdm'],
  ['TWI', 'custitemtwi'],
] as const satisfies readonly (readonly [string, keyof LotDocument])[];
