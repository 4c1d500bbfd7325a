import { AuctionFieldsV1, AuctionKinds } from '@wine/event-schemas';
import { z } from 'zod';
import { action } from '../action.ts';
import { multilineText, plainText } from '../text.ts';

const isoDate = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });
const AuctionId = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'letters, digits, - and _ only');

const fields = {
  title: plainText('Title').min(1, 'Required!').max(200),
  kind: z.enum(AuctionKinds),
  description: multilineText('Description').max(5000),
  startsAt: isoDate,
  firstCloseAt: isoDate,
  lotsPerMinute: z.number().int().min(1).max(60),
  locationId: z.number().int().min(1).max(1_000_000).nullable(),
  premiumText: multilineText('Buyer’s premium').max(1000),
};

const opensBeforeFirstClose = (a: { startsAt?: string | undefined; firstCloseAt?: string | undefined }) =>
  !a.startsAt || !a.firstCloseAt || Date.parse(a.startsAt) < Date.parse(a.firstCloseAt);
const firstCloseIssue = { message: 'The first close must be after the opening', path: ['firstCloseAt'] };

/** Issue 33 "Auctions": a timed or live auction, its dates, where, and its premium as the catalogue says it. */
export const CreateAuctionInput = z
  .strictObject({
    id: AuctionId.optional(),
    ...fields,
    description: fields.description.default(''),
    /** Absent: the house's staggered-close default (issue 34 "Settings"). */
    lotsPerMinute: fields.lotsPerMinute.optional(),
    locationId: fields.locationId.default(null),
    premiumText: fields.premiumText.default(''),
  })
  .refine(opensBeforeFirstClose, firstCloseIssue);
export type CreateAuctionInput = z.input<typeof CreateAuctionInput>;

export const UpdateAuctionInput = z
  .strictObject({ id: AuctionId, ...fields })
  .partial()
  .required({ id: true })
  .refine((input) => Object.keys(input).length > 1, { message: 'nothing to change', path: ['id'] })
  .refine(opensBeforeFirstClose, firstCloseIssue);
export type UpdateAuctionInput = z.input<typeof UpdateAuctionInput>;

/** The auction's lots in catalogue order; lots left out leave it (before it opens). */
export const ArrangeAuctionInput = z.strictObject({
  id: AuctionId,
  lotIds: z
    .array(z.string().min(1).max(64))
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'a lot is in the list twice'),
});
export type ArrangeAuctionInput = z.input<typeof ArrangeAuctionInput>;

export const AuctionRef = z.strictObject({ id: AuctionId });

export const staffAuctionStatuses = ['upcoming', 'open', 'closed'] as const;
export type StaffAuctionStatus = (typeof staffAuctionStatuses)[number];

export const StaffAuctionsInput = z.strictObject({
  status: z.enum(['all', ...staffAuctionStatuses]).default('all'),
  text: plainText('Search').max(100).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.literal([25, 50, 100]).default(25),
});
export type StaffAuctionsInput = z.input<typeof StaffAuctionsInput>;

const Person = z.object({ id: z.string(), name: z.string() });

export const StaffAuctionRow = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(AuctionKinds),
  status: z.enum(staffAuctionStatuses),
  startsAt: z.string(),
  firstCloseAt: z.string(),
  /** The planned close of its last lot (soft close may extend a lot beyond it). */
  lastCloseAt: z.string(),
  lotsPerMinute: z.number(),
  lotCount: z.number(),
  changedAt: z.string(),
  changedBy: Person,
});
export type StaffAuctionRow = z.infer<typeof StaffAuctionRow>;

/** One of the auction's lots as the lots read model has it now (its close extended by bids, its status). */
export const StaffAuctionLot = z.object({
  id: z.string(),
  lotNumber: z.string().nullable(),
  title: z.string(),
  marketStatus: z.string(),
  closesAt: z.string(),
  bidCount: z.number(),
  price: z.number(),
});
export type StaffAuctionLot = z.infer<typeof StaffAuctionLot>;

export const StaffAuctionDetail = StaffAuctionRow.extend({
  fields: AuctionFieldsV1,
  lots: z.array(StaffAuctionLot),
});
export type StaffAuctionDetail = z.infer<typeof StaffAuctionDetail>;

const Changed = z.object({ id: z.string(), changed: z.array(z.string()) });

/** The staff's auctions (issue 33): create, change, arrange and schedule; admins only. */
export const staffAuctionActions = {
  createAuction: action({
    path: '/api/admin/auction/create',
    side: 'command',
    auth: 'admin',
    input: CreateAuctionInput,
    output: z.object({ id: z.string() }),
  }),
  updateAuction: action({
    path: '/api/admin/auction/update',
    side: 'command',
    auth: 'admin',
    input: UpdateAuctionInput,
    output: Changed,
  }),
  arrangeAuction: action({
    path: '/api/admin/auction/arrange',
    side: 'command',
    auth: 'admin',
    input: ArrangeAuctionInput,
    /** The lots whose number or close changed. */
    output: z.object({ id: z.string(), scheduled: z.number(), removed: z.number() }),
  }),
  staffAuctions: action({
    path: '/api/admin/auction/search',
    side: 'query',
    auth: 'admin',
    input: StaffAuctionsInput,
    output: z.object({ records: z.array(StaffAuctionRow), totalRecords: z.number() }),
  }),
  staffAuction: action({
    path: '/api/admin/auction/detail',
    side: 'query',
    auth: 'admin',
    input: AuctionRef,
    output: StaffAuctionDetail,
  }),
} as const;
