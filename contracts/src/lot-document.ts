import type { Position } from '@wine/event-schemas';

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
  seller_id: string;
  minimumquantity: number;
  enforceminqtyinternally: 0 | 1;
  discount_buynow_records: { id: string; quantity: number; bprice: number }[];
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

/** What the query API answers: the document with `future_active` computed against the server clock. */
export type LotView = Omit<LotDocument, '_id' | '_position'> & { future_active: boolean };

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
