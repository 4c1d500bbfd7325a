import { z } from 'zod';
import type { LiveLotEvent } from './live-events.ts';
import type { OfferEvent } from './offer-events.ts';
import { defineEvent } from './registry.ts';
import type { StockEvent } from './stock-events.ts';

/** Integer cents (DOMAIN.md "Money"); the per-lot ceiling is $999,999.99 for bids, 1e9 cents for prices. */
export const Cents = z.number().int().min(0).max(1_000_000_000);

export const ScoreKeys = ['ws', 'bh', 'iwc', 'js', 'vm', 'wa', 'jd', 'jr', 'dm', 'twi'] as const;
export const Scores = z.partialRecord(z.enum(ScoreKeys), z.string().min(1).max(20));

export const Attachment = z.object({
  /** seeds 000 §3.2: type 2 = external URL (http/https only); 1 = a file under /uploads/product/. */
  type: z.union([z.literal(1), z.literal(2)]),
  fileName: z.string().min(1).max(500),
  /** Issue 33, the caption modal (seeds 001 §5): the photo's file name, title and description as given. */
  name: z.string().max(200).optional(),
  title: z.string().max(200).optional(),
  description: z.string().max(1000).optional(),
});

export const DiscountRow = z.object({ quantity: z.number().int().min(1), price: Cents });

export const Colours = ['Red', 'White', 'Rosé', 'Sparkling', 'Dessert', 'Fortified'] as const;

/**
 * A wine's condition record, in the trade's terms (issue 33). Fill level for Bordeaux-shaped bottles:
 * hf high fill, in into neck, ts top shoulder, hs high shoulder, ms mid shoulder, lms low-mid shoulder,
 * ls low shoulder. Label, capsule and the case it comes in, each from a list; a free note beside them.
 */
export const FillLevels = ['hf', 'in', 'ts', 'hs', 'ms', 'lms', 'ls'] as const;
export const LabelConditions = [
  'clean',
  'lightly_soiled',
  'soiled',
  'stained',
  'scuffed',
  'torn',
  'missing',
] as const;
export const CapsuleConditions = ['intact', 'nicked', 'corroded', 'cut', 'missing'] as const;
export const Packings = ['owc', 'oc', 'none'] as const;
export const ConditionRecord = z.object({
  fillLevel: z.enum(FillLevels).nullable(),
  label: z.enum(LabelConditions).nullable(),
  capsule: z.enum(CapsuleConditions).nullable(),
  packing: z.enum(Packings).nullable(),
  notes: z.string().max(1000),
});
export type ConditionRecord = z.infer<typeof ConditionRecord>;

/** A lot's title and description in Spanish, shown to visitors who read Spanish. */
export const SpanishText = z.object({ title: z.string().max(300), description: z.string().max(20_000) });

/** Where an imported change came from: the import, the sheet's file name and its row. */
export const ImportSource = z.object({
  importId: z.string().min(1).max(64),
  fileName: z.string().min(1).max(200),
  row: z.number().int().min(2),
});

export const LotListedV2 = z.object({
  lotId: z.string().min(1).max(64),
  sku: z.string().min(1).max(64),
  lotNumber: z.string().max(32).nullable(),
  auctionId: z.string().max(64).nullable(),
  sellerId: z.string().min(1).max(64),
  title: z.string().min(1).max(300),
  producer: z.string().min(1).max(200),
  vintage: z.number().int().min(1800).max(2100).nullable(),
  country: z.string().min(1).max(100),
  region: z.string().max(100),
  subregion: z.string().max(100),
  colour: z.enum(Colours),
  bottleSize: z.string().min(1).max(40),
  scores: Scores,
  description: z.string().max(20_000),
  images: z.array(Attachment).max(50),
  quantity: z.number().int().min(1).max(100_000),
  minimumQuantity: z.number().int().min(1),
  enforceMinimumQuantity: z.boolean(),
  availability: z.string().max(40).nullable(),
  auction: z.boolean(),
  buyNow: z.boolean(),
  openingBid: Cents,
  reserve: Cents.nullable(),
  buyNowPrice: Cents.nullable(),
  discounts: z.array(DiscountRow).max(20),
  startsAt: z.iso.datetime(),
  closesAt: z.iso.datetime(),
  meta: z.object({
    title: z.string().max(300),
    description: z.string().max(1000),
    keywords: z.string().max(1000),
  }),
  // Issue 33: absent on lots listed before they were kept (no estimate, no record, the one location).
  lowEstimate: Cents.nullable().optional(),
  highEstimate: Cents.nullable().optional(),
  /** An admin confirmed a reserve above the low estimate (DOMAIN.md "Sellers"). */
  reserveConfirmed: z.boolean().optional(),
  condition: ConditionRecord.nullable().optional(),
  /** Where the bottles are (the default data's locations, seeds 000 §3.1 location_id). */
  locationId: z.number().int().min(1).nullable().optional(),
  spanish: SpanishText.nullable().optional(),
  /** The withdrawn or unsold lot this one offers again (its stream holds LotRelisted naming this one). */
  relistedFrom: z.string().min(1).max(64).optional(),
  /** The spreadsheet import that listed it: the import, the file's name and the row (issue 33). */
  source: ImportSource.optional(),
  /**
   * Issue 36: offers at or above `autoAccept` (cents a bottle) are accepted at once, below
   * `autoDecline` declined at once; hidden from buyers. Absent: every offer waits for the seller.
   */
  offerRules: z.object({ autoAccept: Cents.nullable(), autoDecline: Cents.nullable() }).nullable().optional(),
  /**
   * Issue 36 §5: a private sale, seen and bought only by the buyers an admin invited (by offer or at
   * the fixed price, never at auction). Absent: a lot anyone may see.
   */
  privateSale: z.boolean().optional(),
});
export type LotListedData = z.infer<typeof LotListedV2>;

/**
 * Version 1 carried prices as decimal dollars (`openingBid: 12.5`); version 2 stores integer cents
 * (DOMAIN.md "Money"). Older events are lifted when read, never rewritten.
 */
const dollarsToCents = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : v);

export const LotListed = defineEvent({
  type: 'LotListed',
  version: 2,
  schema: LotListedV2,
  upcasters: {
    1: (data) => {
      const d = data as Record<string, unknown>;
      return {
        ...d,
        openingBid: dollarsToCents(d.openingBid),
        reserve: d.reserve == null ? null : dollarsToCents(d.reserve),
        buyNowPrice: d.buyNowPrice == null ? null : dollarsToCents(d.buyNowPrice),
        discounts: Array.isArray(d.discounts)
          ? d.discounts.map((r: { quantity: number; price: number }) => ({
              ...r,
              price: dollarsToCents(r.price),
            }))
          : [],
      };
    },
  },
});

/** Fields an admin or the seller may change on an open lot; prices and quantity only before the first bid. */
export const LotUpdatedV1 = LotListedV2.pick({
  title: true,
  producer: true,
  vintage: true,
  country: true,
  region: true,
  subregion: true,
  colour: true,
  bottleSize: true,
  scores: true,
  description: true,
  images: true,
  availability: true,
  meta: true,
  quantity: true,
  minimumQuantity: true,
  enforceMinimumQuantity: true,
  openingBid: true,
  reserve: true,
  buyNowPrice: true,
  discounts: true,
  closesAt: true,
  lowEstimate: true,
  highEstimate: true,
  reserveConfirmed: true,
  condition: true,
  locationId: true,
  spanish: true,
  offerRules: true,
})
  .partial()
  .extend({ changed: z.array(z.string().max(40)).min(1).max(30), source: ImportSource.optional() });
export const LotUpdated = defineEvent({ type: 'LotUpdated', version: 1, schema: LotUpdatedV1 });

/**
 * Issue 33 "Sellers": a seller's listing is a draft until an admin approves it (DOMAIN.md). The draft
 * holds the listing's fields as LotListed would (the storefront, the scheduler and the bidding know
 * nothing of it); the seller changes it with LotUpdated, submits it, the admin sends it back with a note
 * or approves it: LotApproved records the terms of consignment of the day, and LotListed follows on the
 * same stream, the lot going live.
 */
export const LotDrafted = defineEvent({ type: 'LotDrafted', version: 1, schema: LotListedV2 });
export const LotSubmitted = defineEvent({ type: 'LotSubmitted', version: 1, schema: z.object({}) });
export const LotReturned = defineEvent({
  type: 'LotReturned',
  version: 1,
  schema: z.object({ note: z.string().min(1).max(1000) }),
});
/** The terms of consignment (contracts' SellerTerms): commission percent, fee per lot sold, payout days. */
export const LotApproved = defineEvent({
  type: 'LotApproved',
  version: 1,
  schema: z.object({
    terms: z.object({
      commissionPercent: z.number().min(0).max(100),
      lotFee: z.number().int().min(0),
      payoutDays: z.number().int().min(0).max(365),
    }),
  }),
});

/** Withdrawn by an admin or its seller: no more bids or purchases (market_status 'closed'). */
export const LotWithdrawn = defineEvent({
  type: 'LotWithdrawn',
  version: 1,
  schema: z.object({ reason: z.string().min(1).max(500) }),
});

const Id = z.string().min(1).max(64);

/** A withdrawn or unsold lot offered again as a new lot (its bids and sales stay with this one). */
export const LotRelisted = defineEvent({
  type: 'LotRelisted',
  version: 1,
  schema: z.object({ newLotId: Id, quantity: z.number().int().min(1).max(100_000) }),
});

/**
 * The lot placed in an auction by its schedule (issue 33 "Auctions"), or taken out of one (auction and
 * number null): its number, its opening and its staggered close. Only before its first bid when the
 * times change.
 */
export const LotScheduled = defineEvent({
  type: 'LotScheduled',
  version: 1,
  schema: z.object({
    auctionId: Id.nullable(),
    lotNumber: z.string().min(1).max(32).nullable(),
    startsAt: z.iso.datetime(),
    closesAt: z.iso.datetime(),
    /** Issue 37: the auction is a live sale: the lot ends by the auctioneer's call, never at its close. */
    live: z.boolean().optional(),
  }),
});

/**
 * What every bid row carries, so an auditor understands it without other sources: who, the amount the
 * row stands at (the lot's price after it), the bidder's maximum behind it (hidden from other users),
 * whether it leads, whom it displaced, and the next bid the table asked for after it.
 */
const BidRow = z.object({
  bidId: Id,
  bidderId: Id,
  /** The price this row stands at: the lot's current price once it is applied. */
  amount: Cents,
  /** The bidder's maximum (proxy) or the amount itself (hard). Never shown to other users. */
  maxAmount: Cents,
  leads: z.boolean(),
  /** The previous leader this row displaced, if any (gets 'you have been outbid.'). */
  outbidUserId: Id.nullable(),
  nextBid: Cents,
  /** The leader's maximum has reached the hidden reserve (always true without a reserve). */
  reserveMet: z.boolean(),
});

/** A bidder's own bid (seeds 000 §4.3 bid/confirm). */
export const BidPlaced = defineEvent({
  type: 'BidPlaced',
  version: 1,
  schema: BidRow.extend({ biddingType: z.enum(['proxy', 'hard']) }),
});

/**
 * DOMAIN.md "Bids": every price change caused automatically is its own event: the system bidding for
 * a maximum ('proxy', answering another bid) or lifting the leader to the reserve ('reserve').
 */
export const ProxyBidPlaced = defineEvent({
  type: 'ProxyBidPlaced',
  version: 1,
  schema: BidRow.extend({ reason: z.enum(['proxy', 'reserve']), answersBidId: Id }),
});

/** The leader raised their own maximum: the price stays (DOMAIN.md). */
export const MaxBidRaised = defineEvent({
  type: 'MaxBidRaised',
  version: 1,
  schema: z.object({ bidId: Id, bidderId: Id, maxAmount: Cents, previousMax: Cents }),
});

/** DOMAIN.md soft close: a bid with less than `windowMinutes` left moves the close to `extendMinutes` after it. */
export const LotExtended = defineEvent({
  type: 'LotExtended',
  version: 1,
  schema: z.object({
    previousClose: z.iso.datetime(),
    closesAt: z.iso.datetime(),
    bidId: Id,
    rule: z.literal('soft-close'),
    windowMinutes: z.number().positive(),
    extendMinutes: z.number().positive(),
  }),
});

/** Closed by the system at its (possibly extended) close: sold to the leader when the reserve is met. */
export const LotClosed = defineEvent({
  type: 'LotClosed',
  version: 1,
  schema: z.object({
    outcome: z.enum(['sold', 'unsold']),
    winnerId: Id.nullable(),
    /** The winning price in cents; null when unsold. */
    hammerPrice: Cents.nullable(),
    /** Bidders who did not win (for the 'lost' status), in the order they first bid. */
    losers: z.array(Id),
    bidCount: z.number().int().min(0),
    reserveMet: z.boolean(),
    /** When the auction ended: the (extended) close, or the moment buy now sold its last bottle. */
    closesAt: z.iso.datetime(),
    /**
     * DOMAIN.md "a lot's bottles are sold once": the bottles the auction sold (the lot's quantity less
     * what buy now sold or live checkouts held at the close); 0 when unsold. Absent on events written
     * before it was recorded (issue 30), when the auction sold the whole lot.
     */
    quantity: z.number().int().min(0).max(100_000).optional(),
    /**
     * Why the auction ended: its close, or a buy-now sale that took the last bottle ('sold_out': the
     * lot is sold, no one won it at auction, every bidder lost). Absent on older events: the close.
     */
    endedBy: z.enum(['close', 'sold_out', 'award']).optional(),
  }),
});

/** Where the lot stood: its price and its leader (null with no bids). */
const Standing = z.object({ price: Cents, leaderId: Id.nullable() });

/**
 * Issue 33 "Bid cancel": the house cancelled one bid, or every bid of one bidder, with a reason. The
 * proxy ladder was run again from the remaining bids in their order: `rows` are its visible rows (the
 * bid history from now on), `after` where it leaves the lot. The close moved when the admin extended it,
 * or reopened a lot that had closed unsold.
 */
export const BidsCancelled = defineEvent({
  type: 'BidsCancelled',
  version: 1,
  schema: z.object({
    bidIds: z.array(Id).min(1).max(1000),
    /** The bidder whose bids these were (every bid of one bidder, or the one bid's). */
    bidderId: Id,
    reason: z.string().min(1).max(500),
    before: Standing,
    after: Standing.extend({ leaderMax: Cents.nullable(), nextBid: Cents, reserveMet: z.boolean() }),
    rows: z
      .array(
        BidRow.pick({ bidId: true, bidderId: true, amount: true, maxAmount: true, leads: true }).extend({
          proxy: z.boolean(),
        }),
      )
      .max(5000),
    closesAt: z.iso.datetime().nullable(),
    reopened: z.boolean(),
  }),
});

/**
 * Issue 33 "Manual award": an admin (or the lot's seller) sold the open or unsold lot to a registered
 * buyer at a price; below the standing online maximum or the reserve only when confirmed with a reason.
 * LotClosed (endedBy 'award') follows, and the invoice is issued as at a close.
 */
export const LotAwarded = defineEvent({
  type: 'LotAwarded',
  version: 1,
  schema: z.object({
    buyerId: Id,
    price: Cents,
    reason: z.string().max(500),
    /** The price was below the leading online maximum (confirmed). */
    belowBid: z.boolean(),
    /** The price was below the reserve (confirmed). */
    belowReserve: z.boolean(),
  }),
});

export type LotEvent =
  | { type: 'LotListed'; data: LotListedData }
  | { type: 'LotDrafted'; data: LotListedData }
  | { type: 'LotSubmitted'; data: z.infer<typeof LotSubmitted.schema> }
  | { type: 'LotReturned'; data: z.infer<typeof LotReturned.schema> }
  | { type: 'LotApproved'; data: z.infer<typeof LotApproved.schema> }
  | { type: 'LotUpdated'; data: z.infer<typeof LotUpdatedV1> }
  | { type: 'LotWithdrawn'; data: z.infer<typeof LotWithdrawn.schema> }
  | { type: 'LotRelisted'; data: z.infer<typeof LotRelisted.schema> }
  | { type: 'LotScheduled'; data: z.infer<typeof LotScheduled.schema> }
  | { type: 'BidPlaced'; data: z.infer<typeof BidPlaced.schema> }
  | { type: 'ProxyBidPlaced'; data: z.infer<typeof ProxyBidPlaced.schema> }
  | { type: 'MaxBidRaised'; data: z.infer<typeof MaxBidRaised.schema> }
  | { type: 'LotExtended'; data: z.infer<typeof LotExtended.schema> }
  | { type: 'LotClosed'; data: z.infer<typeof LotClosed.schema> }
  | { type: 'BidsCancelled'; data: z.infer<typeof BidsCancelled.schema> }
  | { type: 'LotAwarded'; data: z.infer<typeof LotAwarded.schema> }
  | StockEvent
  | OfferEvent
  | LiveLotEvent;
export type BidPlacedData = z.infer<typeof BidPlaced.schema>;
export type ProxyBidPlacedData = z.infer<typeof ProxyBidPlaced.schema>;

export const lotEventDefinitions = [
  LotListed,
  LotDrafted,
  LotSubmitted,
  LotReturned,
  LotApproved,
  LotUpdated,
  LotWithdrawn,
  LotRelisted,
  LotScheduled,
  BidPlaced,
  ProxyBidPlaced,
  MaxBidRaised,
  LotExtended,
  LotClosed,
  BidsCancelled,
  LotAwarded,
] as const;
