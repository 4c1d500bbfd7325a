import { z } from 'zod';
import { defineEvent } from './registry.ts';
import { streamName } from './streams.ts';

const Id = z.string().min(1).max(64);

/** Timed: lots close staggered at their own times; live: an auctioneer sells lot by lot (issue 37). */
export const AuctionKinds = ['timed', 'live'] as const;

/** An auction's own fields (issue 33 "Auctions"): what it is called, when it runs, where, on what terms. */
export const AuctionFieldsV1 = z.object({
  title: z.string().min(1).max(200),
  kind: z.enum(AuctionKinds),
  description: z.string().max(5000),
  /** When its lots open for bidding. */
  startsAt: z.iso.datetime(),
  /** When its first lot closes; the others follow, `lotsPerMinute` a minute in catalogue order. */
  firstCloseAt: z.iso.datetime(),
  lotsPerMinute: z.number().int().min(1).max(60),
  /** Where the wine is viewed and collected (the default data's locations). */
  locationId: z.number().int().min(1).nullable(),
  /** The buyer's premium as the catalogue states it (the rate itself is configuration). */
  premiumText: z.string().max(1000),
});
export type AuctionFields = z.infer<typeof AuctionFieldsV1>;

export const AuctionCreated = defineEvent({
  type: 'AuctionCreated',
  version: 1,
  schema: AuctionFieldsV1.extend({ auctionId: Id }),
});

/** Fields changed by an admin; the timing only before the auction opens. */
export const AuctionUpdated = defineEvent({
  type: 'AuctionUpdated',
  version: 1,
  schema: AuctionFieldsV1.partial().extend({ changed: z.array(z.string().max(40)).min(1).max(10) }),
});

/** One lot's place in the auction: its number and its close, staggered from the auction's first close. */
export const ScheduledLot = z.object({
  lotId: Id,
  lotNumber: z.string().min(1).max(32),
  closesAt: z.iso.datetime(),
});
export type ScheduledLot = z.infer<typeof ScheduledLot>;

/**
 * The auction's lots in catalogue order and the close each is given (the lots' own streams then record
 * it with LotScheduled). `removed` lots leave the auction.
 */
export const AuctionLotsArranged = defineEvent({
  type: 'AuctionLotsArranged',
  version: 1,
  schema: z.object({
    lots: z.array(ScheduledLot).max(2000),
    /** The lots given a new place or close by this arrangement (their streams are scheduled). */
    changed: z.array(Id).max(2000),
    removed: z.array(Id).max(2000),
  }),
});

/**
 * Issue 37: the live room on the auction's stream. The auctioneer opens the sale, calls its lots one
 * by one (the lot's own stream holds its bids and hammer), pauses and resumes, speaks to the room, and
 * closes the sale. Bidders take a paddle number for the sale.
 */
export const LiveSaleOpened = defineEvent({
  type: 'LiveSaleOpened',
  version: 1,
  schema: z.object({ auctioneerId: Id }),
});
/** The room moved to this lot (the one before, if any, was finished on its stream). */
export const LiveLotCalled = defineEvent({
  type: 'LiveLotCalled',
  version: 1,
  schema: z.object({ lotId: Id, previousLotId: Id.nullable() }),
});
export const LiveSalePaused = defineEvent({
  type: 'LiveSalePaused',
  version: 1,
  schema: z.object({ reason: z.string().max(500) }),
});
export const LiveSaleResumed = defineEvent({ type: 'LiveSaleResumed', version: 1, schema: z.object({}) });
/** A quick message to the room ("Last call", "The next lot is withdrawn"). */
export const LiveRoomMessage = defineEvent({
  type: 'LiveRoomMessage',
  version: 1,
  schema: z.object({ text: z.string().min(1).max(280) }),
});
export const LiveSaleClosed = defineEvent({ type: 'LiveSaleClosed', version: 1, schema: z.object({}) });
/** A bidder registered for the sale under this paddle number (one per bidder and sale). */
export const LivePaddleAssigned = defineEvent({
  type: 'LivePaddleAssigned',
  version: 1,
  schema: z.object({ paddle: z.string().min(1).max(16), userId: Id }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type LiveRoomEvent =
  | { type: 'LiveSaleOpened'; data: Data<typeof LiveSaleOpened> }
  | { type: 'LiveLotCalled'; data: Data<typeof LiveLotCalled> }
  | { type: 'LiveSalePaused'; data: Data<typeof LiveSalePaused> }
  | { type: 'LiveSaleResumed'; data: Data<typeof LiveSaleResumed> }
  | { type: 'LiveRoomMessage'; data: Data<typeof LiveRoomMessage> }
  | { type: 'LiveSaleClosed'; data: Data<typeof LiveSaleClosed> }
  | { type: 'LivePaddleAssigned'; data: Data<typeof LivePaddleAssigned> };

export type AuctionEvent =
  | { type: 'AuctionCreated'; data: z.infer<typeof AuctionCreated.schema> }
  | { type: 'AuctionUpdated'; data: z.infer<typeof AuctionUpdated.schema> }
  | { type: 'AuctionLotsArranged'; data: z.infer<typeof AuctionLotsArranged.schema> }
  | LiveRoomEvent;

export const auctionEventDefinitions = [
  AuctionCreated,
  AuctionUpdated,
  AuctionLotsArranged,
  LiveSaleOpened,
  LiveLotCalled,
  LiveSalePaused,
  LiveSaleResumed,
  LiveRoomMessage,
  LiveSaleClosed,
  LivePaddleAssigned,
] as const;

/** One auction: its fields and its lots' order (issue 33). */
export const auctionStream = (auctionId: string) => streamName('auction', auctionId);
