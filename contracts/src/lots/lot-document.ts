import { CapsuleConditions, FillLevels, LabelConditions, Packings, type Position } from '@wine/event-schemas';
import { z } from 'zod';

const zeroOne = z.union([z.literal(0), z.literal(1)]);
const optionalText = z.string().optional();

/** The condition record as read (the event's, without its length checks: the answer is written fast). */
const ConditionView = z.object({
  fillLevel: z.enum(FillLevels).nullable(),
  label: z.enum(LabelConditions).nullable(),
  capsule: z.enum(CapsuleConditions).nullable(),
  packing: z.enum(Packings).nullable(),
  notes: z.string(),
});

/** The public fields of the `lots` read model: seeds 000 §3.1 field names, as the UI reads them. Money is integer cents. */
export const LotFields = z.object({
  id: z.string(),
  title: z.string(),
  itemId: z.string(),
  internalId: z.string(),
  custitemlot_number: z.string().nullable(),
  auction: zeroOne,
  buynow: zeroOne,
  market_status: z.enum(['open', 'closed', 'sold', 'unsold']),
  date_added: z.string(),
  date_closed: z.string(),
  auctionlot_date_closed: z.string(),
  wprice: z.number(),
  bprice: z.number().nullable(),
  qty: z.number(),
  sold: z.number(),
  bid_count: z.number(),
  next_bid: z.number(),
  cbidtext: z.enum(['Sold Price', 'Current Bid']),
  allattachmentlist: z.array(
    z.object({
      type: z.union([z.literal(1), z.literal(2)]),
      file_name: z.string(),
      /** The photo's title from the caption modal (its alternative text), when given. */
      title: z.string().optional(),
    }),
  ),
  desc_proc: z.string(),
  metaTagHtml: z.object({ title: z.string(), description: z.string(), keywords: z.string() }),
  auctionid: z.string().nullable(),
  minimumquantity: z.number(),
  enforceminqtyinternally: zeroOne,
  discount_buynow_records: z.array(z.object({ id: z.string(), quantity: z.number(), bprice: z.number() })),
  /** seeds 000 §4.6: the price a closed lot sold at, shown as 'Sold Price'; null until then. */
  buynowamount: z.number().nullable(),
  custitem_gvo_invwebdisplay: z.string().nullable(),
  custitem_gvo_color: z.string(),
  custitem_gvo_bottlesize: z.string(),
  custitem_gvo_producer: z.string(),
  custitemctregion: z.string(),
  custitemctsubregion: z.string(),
  custitem_gvo_country: z.string(),
  vintage: z.number().nullable(),
  /** Highest numeric critic score, for the `rating` filter. */
  rating: z.number().nullable(),
  custitem_gvo_ws: optionalText,
  custitem_gvo_ratingtextbhscore: optionalText,
  custitem_gvo_ratingtextiwcscore: optionalText,
  custitem_gvo_ratingtextjsscore: optionalText,
  custitem_gvo_ratingtextvmrating: optionalText,
  custitem_gvo_wa: optionalText,
  custitem2: optionalText,
  custitem3: optionalText,
  custitemdm: optionalText,
  custitemtwi: optionalText,
  // Issue 33: absent on documents projected before they were kept.
  /** The low and high estimates in cents; null when the lot has none. */
  low_estimate: z.number().nullable().optional(),
  high_estimate: z.number().nullable().optional(),
  /** The wine's condition record (fill level, label, capsule, case), in the trade's codes. */
  condition: ConditionView.nullable().optional(),
  location_id: z.number().nullable().optional(),
  /** The title and description in Spanish, '' when not given (the English ones are shown). */
  title_es: optionalText,
  desc_proc_es: optionalText,
  /**
   * Issue 36 §5: 1 on a private sale, shown only to the buyers invited to it (the 'Private sale'
   * badge); 0 otherwise. Absent on documents projected before it was kept.
   */
  private_sale: zeroOne.optional(),
});

/** The `lots` read model: the public fields, and what only the read side keeps. */
export type LotDocument = z.infer<typeof LotFields> & {
  _id: string;
  /** The seller's user id: internal to the read side, never in a view (see LotView). */
  seller_id: string;
  /**
   * 1 when the lot has no reserve (the 'no reserve' filter, issue 31); whether there is one is public,
   * its amount never leaves the write side. Absent on documents built before it was kept.
   */
  no_reserve?: 0 | 1;
  /**
   * Issue 36 §5: a private sale's guests (invited, or joined by a link), the only buyers who may see
   * it; with how and when each came, and how many invitation links were mailed. Internal to the read
   * side: never in a view, and absent on a public lot.
   */
  guests?: string[];
  guest_list?: { user_id: string; joined_by: 'invite' | 'link'; at: string }[];
  links_sent?: number;
  /** Last log position applied to this document (idempotent projection). */
  _position: Position;
};

/** The caller's own standing on a lot (seeds 000 §3.1); empty for visitors and lots they never bid on. */
export const ViewerFields = z.object({
  /** seeds 000 §4.2: winner, outbid, won, lost; null when the user has not bid. */
  bidtopstatus: z.enum(['winner', 'outbid', 'won', 'lost']).nullable(),
  /** The number of the user's own bids on the lot. */
  bid_or_not: z.number(),
  /** 1 when on the user's watchlist. */
  watchlistid: zeroOne,
  /** The user's own maximum (proxy bidding): shown to that user only. */
  my_max_bid: z.number().nullable(),
  /** 1 when the user is the lot's seller, who may neither bid on it nor buy it. */
  own_lot: zeroOne,
});
export type ViewerFields = z.infer<typeof ViewerFields>;

/**
 * What the query API answers: the document with `future_active` computed against the server clock,
 * and the caller's own standing on the lot. Never who the seller is: a user id is not public, so a
 * seller learns only that a lot is theirs (`own_lot`).
 */
export const LotView = LotFields.extend({ future_active: z.boolean() }).extend(ViewerFields.shape);
export type LotView = z.infer<typeof LotView>;

/** A page of lots with the number that matched. */
export const LotPage = z.object({ records: z.array(LotView), totalRecords: z.number() });
