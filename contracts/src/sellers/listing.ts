import { z } from 'zod';
import { action } from '../action.ts';
import { StaffLotDetail, StaffLotRow } from '../staff-lots/actions.ts';
import { multilineText } from '../text.ts';

const Id = z.string().min(1).max(64);
const isoDate = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });

/** A seller hands their draft to the house for approval (issue 33 "Sellers"). */
export const SubmitLotInput = z.strictObject({ id: Id });

/** An admin sends a submitted listing back to its seller, saying what to change. */
export const SendBackLotInput = z.strictObject({
  id: Id,
  note: multilineText('Note').min(1, 'Required!').max(1000),
});

/**
 * An admin approves a submitted listing: it goes live with the seller's fields and the terms of the
 * day. A new opening or close may be given (the draft's may have passed while it waited).
 */
export const ApproveLotInput = z
  .strictObject({ id: Id, startsAt: isoDate.optional(), closesAt: isoDate.optional() })
  .refine(
    (input) => !input.startsAt || !input.closesAt || Date.parse(input.startsAt) < Date.parse(input.closesAt),
    { message: 'closesAt must be after startsAt', path: ['closesAt'] },
  );

/** Where a listing stands for its seller: a draft, with the house, sent back, or one of a lot's states. */
export const SellerListingStatus = StaffLotRow.shape.status;

/** How the seller's listings are narrowed: by where they stand, and the page. */
export const SellerListingsInput = z.strictObject({
  status: z.enum(['all', 'drafts', 'live', 'ended']).default('all'),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.literal([25, 50, 100]).default(25),
});
export type SellerListingsInput = z.input<typeof SellerListingsInput>;

/** What a seller sees of each of their lots: where it stands, its price, bids, watchers and views. */
export const SellerListing = StaffLotRow.pick({
  id: true,
  title: true,
  producer: true,
  vintage: true,
  status: true,
  price: true,
  bidCount: true,
  quantity: true,
  sold: true,
  startsAt: true,
  closesAt: true,
  changedAt: true,
  privateSale: true,
}).extend({
  /** The admin's note when the listing was sent back (null otherwise). */
  reviewNote: z.string().nullable(),
  watchers: z.number(),
  views: z.number(),
});
export type SellerListing = z.infer<typeof SellerListing>;

export const SellerListingPage = z.object({ records: z.array(SellerListing), totalRecords: z.number() });

/** One bid as its seller sees it: the amount and when, the bidder as a number on this lot only. */
export const SellerBidRow = z.object({
  bidder: z.number().int().min(1),
  amount: z.number(),
  at: z.string(),
  leads: z.boolean(),
});

/** The seller's own lot for their editor: its fields, the review, and how it is doing. */
export const SellerLotDetail = StaffLotDetail.extend({
  reviewNote: z.string().nullable(),
  watchers: z.number(),
  views: z.number(),
  bids: z.array(SellerBidRow),
});
export type SellerLotDetail = z.infer<typeof SellerLotDetail>;

/**
 * Issue 33 "Sellers": a seller's listing is a draft until an admin approves it (DOMAIN.md). The seller
 * calls take the seller from the session, never from the body; an admin never reviews their own listing.
 */
export const sellerListingActions = {
  sellerSubmitLot: action({
    path: '/api/seller/product/submit',
    side: 'command',
    auth: 'seller',
    input: SubmitLotInput,
    output: z.object({ id: z.string() }),
  }),
  sellerListings: action({
    path: '/api/seller/product/listings',
    side: 'query',
    auth: 'seller',
    input: SellerListingsInput,
    output: SellerListingPage,
  }),
  sellerLot: action({
    path: '/api/seller/product/lot',
    side: 'query',
    auth: 'seller',
    input: z.strictObject({ id: Id }),
    output: SellerLotDetail,
  }),
  approveLot: action({
    path: '/api/admin/product/approve',
    side: 'command',
    auth: 'admin',
    input: ApproveLotInput,
    output: z.object({ id: z.string(), position: z.string() }),
  }),
  sendBackLot: action({
    path: '/api/admin/product/sendBack',
    side: 'command',
    auth: 'admin',
    input: SendBackLotInput,
    output: z.object({ id: z.string() }),
  }),
} as const;
