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

export type AuctionEvent =
  | { type: 'AuctionCreated'; data: z.infer<typeof AuctionCreated.schema> }
  | { type: 'AuctionUpdated'; data: z.infer<typeof AuctionUpdated.schema> }
  | { type: 'AuctionLotsArranged'; data: z.infer<typeof AuctionLotsArranged.schema> };

export const auctionEventDefinitions = [AuctionCreated, AuctionUpdated, AuctionLotsArranged] as const;

/** One auction: its fields and its lots' order (issue 33). */
export const auctionStream = (auctionId: string) => streamName('auction', auctionId);
