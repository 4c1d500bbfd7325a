import { z } from 'zod';
import { Cents } from './lot-events.ts';
import { defineEvent } from './registry.ts';

const Id = z.string().min(1).max(64);

/**
 * Issue 37: a lot sold in the live room, on the lot's own stream, so the room, the auditor's history
 * and the lot's stock agree: the auctioneer opens it at an ask, bids are taken at the ask (from the
 * internet, the floor, the phone, the house executing an absentee maximum, or the auctioneer bidding for
 * the consignor below the reserve), fair warning is given,
 * the hammer falls (sold or passed), and a call may be undone until the next lot opens. The sale is
 * written as LotClosed when the room moves on, as a timed lot's close is.
 */

/**
 * Where a bid in the room came from. `consignor`: the auctioneer bids on the consignor's behalf, only
 * below the reserve (a lot whose last bid is the consignor's is passed, never sold).
 */
export const liveBidSources = ['internet', 'floor', 'phone', 'absentee', 'consignor'] as const;

/**
 * The auctioneer opened the lot at `ask`; `price` and `leaderId` are what the advance bids reached, and
 * `absenteeMax` the leader's maximum the house bids for (the clerk's book; absent on events written
 * before it was recorded).
 */
export const LiveLotOpened = defineEvent({
  type: 'LiveLotOpened',
  version: 1,
  schema: z.object({
    auctionId: Id,
    ask: Cents,
    price: Cents.nullable(),
    leaderId: Id.nullable(),
    absenteeMax: Cents.optional(),
  }),
});

/** The auctioneer changed the ask (the increment table's by default). */
export const LiveAskChanged = defineEvent({
  type: 'LiveAskChanged',
  version: 1,
  schema: z.object({ ask: Cents }),
});

/**
 * A bid taken at `amount` (the ask it answered): the lot's leader is now `bidderId` (a paddle's user
 * on the floor or phone; the lot's seller for a consignor's bid). An absentee's bid names the bid it
 * answered.
 */
export const LiveBidTaken = defineEvent({
  type: 'LiveBidTaken',
  version: 1,
  schema: z.object({
    bidId: Id,
    source: z.enum(liveBidSources),
    bidderId: Id,
    paddle: z.string().max(16).nullable(),
    amount: Cents,
    /** The ask that follows (the increment table's). */
    nextAsk: Cents,
    answersBidId: Id.nullable(),
  }),
});

/** An internet bid that reached the server after the hammer: refused, and shown to the clerk as missed. */
export const LiveBidMissed = defineEvent({
  type: 'LiveBidMissed',
  version: 1,
  schema: z.object({ bidId: Id, bidderId: Id, ask: Cents }),
});

/** Fair warning: the auctioneer is about to sell. */
export const LiveFairWarning = defineEvent({
  type: 'LiveFairWarning',
  version: 1,
  schema: z.object({}),
});

/** The hammer: sold to the leader at the price, or passed (no bid, or the reserve not reached). */
export const LiveLotHammered = defineEvent({
  type: 'LiveLotHammered',
  version: 1,
  schema: z.object({
    outcome: z.enum(['sold', 'passed']),
    bidderId: Id.nullable(),
    amount: Cents.nullable(),
  }),
});

/** The last call (sold or passed) undone before the next lot opened, with why; bidding goes on. */
export const LiveCallUndone = defineEvent({
  type: 'LiveCallUndone',
  version: 1,
  schema: z.object({ call: z.enum(['sold', 'passed']), reason: z.string().min(1).max(500) }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type LiveLotEvent =
  | { type: 'LiveLotOpened'; data: Data<typeof LiveLotOpened> }
  | { type: 'LiveAskChanged'; data: Data<typeof LiveAskChanged> }
  | { type: 'LiveBidTaken'; data: Data<typeof LiveBidTaken> }
  | { type: 'LiveBidMissed'; data: Data<typeof LiveBidMissed> }
  | { type: 'LiveFairWarning'; data: Data<typeof LiveFairWarning> }
  | { type: 'LiveLotHammered'; data: Data<typeof LiveLotHammered> }
  | { type: 'LiveCallUndone'; data: Data<typeof LiveCallUndone> };

export const liveLotEventDefinitions = [
  LiveLotOpened,
  LiveAskChanged,
  LiveBidTaken,
  LiveBidMissed,
  LiveFairWarning,
  LiveLotHammered,
  LiveCallUndone,
] as const;
