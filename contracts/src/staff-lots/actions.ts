import { LotListedV2 } from '@wine/event-schemas';
import { z } from 'zod';
import { action } from '../action.ts';
import { LotIdInput } from '../lots/lot-inputs.ts';
import { plainText } from '../text.ts';
import { staffLotStatuses } from './staff-lot-status.ts';

/** How a staff list of lots is narrowed: status, auction, seller, text (issue 33 "Lots"), and its page. */
export const StaffLotsInput = z.strictObject({
  status: z.enum(['all', ...staffLotStatuses]).default('all'),
  auctionId: plainText('Auction').max(64).optional(),
  sellerId: z.string().min(1).max(64).optional(),
  /** Matches the lot number, SKU, title or producer, in any case. */
  text: plainText('Search').max(100).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.literal([25, 50, 100]).default(25),
});
export type StaffLotsInput = z.input<typeof StaffLotsInput>;

const StaffLotStatus = z.enum(staffLotStatuses);
const Person = z.object({ id: z.string(), name: z.string() });

/** One row of the staff's list: what the lot is, where it stands, and its confidential reserve. */
export const StaffLotRow = z.object({
  id: z.string(),
  lotNumber: z.string().nullable(),
  sku: z.string(),
  title: z.string(),
  producer: z.string(),
  vintage: z.number().nullable(),
  status: StaffLotStatus,
  auction: z.boolean(),
  buyNow: z.boolean(),
  auctionId: z.string().nullable(),
  seller: Person,
  /** The current price (the opening bid before any bid), in cents. */
  price: z.number(),
  bidCount: z.number(),
  quantity: z.number(),
  sold: z.number(),
  openingBid: z.number(),
  reserve: z.number().nullable(),
  buyNowPrice: z.number().nullable(),
  startsAt: z.string(),
  closesAt: z.string(),
  /** The last change: when and by whom (the actor of its event). */
  changedAt: z.string(),
  changedBy: Person,
  /** Issue 36 §5: a private sale, seen by its invited buyers only (absent on older answers). */
  privateSale: z.boolean().optional(),
});
export type StaffLotRow = z.infer<typeof StaffLotRow>;

export const StaffLotPage = z.object({ records: z.array(StaffLotRow), totalRecords: z.number() });
export type StaffLotPage = z.infer<typeof StaffLotPage>;

/** Every listed field of a lot as the editor shows it (the listing event's fields, without its ids). */
export const StaffLotFields = LotListedV2.omit({ lotId: true, sellerId: true });
export type StaffLotFields = z.infer<typeof StaffLotFields>;

/** One lot for the editor: its fields, where it stands and why it was withdrawn. */
export const StaffLotDetail = StaffLotRow.pick({
  id: true,
  status: true,
  seller: true,
  bidCount: true,
  sold: true,
  changedAt: true,
  changedBy: true,
}).extend({
  fields: StaffLotFields,
  withdrawnReason: z.string().nullable(),
  /** The lot that offers this one again, once relisted (issue 33). */
  relistedAs: z.string().nullable(),
});
export type StaffLotDetail = z.infer<typeof StaffLotDetail>;

/** The staff's side of the catalogue (issue 33): admins list and open every lot, reserve included. */
export const staffLotActions = {
  staffLots: action({
    path: '/api/admin/product/search',
    side: 'query',
    auth: 'admin',
    input: StaffLotsInput,
    output: StaffLotPage,
  }),
  staffLot: action({
    path: '/api/admin/product/lot',
    side: 'query',
    auth: 'admin',
    input: LotIdInput,
    output: StaffLotDetail,
  }),
} as const;
