import { liveBidSources } from '@wine/event-schemas';
import { z } from 'zod';
import { action } from '../action.ts';

/**
 * Issue 37: the live room as its page and the auctioneer's console show it, read from the `live_rooms`
 * read model. A bidder sees the room's bids by where they came from and by paddle number, never another
 * bidder's id or name; the console adds who leads, the bids missed after the hammer and the paddles.
 * Money is integer cents. Texts ("paddle 101", "internet") are the UI's, composed from these fields.
 */
const Id = z.string().trim().min(1).max(64);
export const LiveRoomInput = z.strictObject({ auction_id: Id });

export const liveRoomStatuses = ['not_open', 'open', 'paused', 'closed'] as const;
/** The caller's standing on the lot the room is on. */
export const liveStandings = ['leading', 'outbid', 'won', 'lost', 'none'] as const;
export type LiveStanding = (typeof liveStandings)[number];

/**
 * One bid taken in the room: its amount, where it came from, the paddle (floor and phone), the caller's
 * own, and when the server took it (ISO; the clerk's warning before "Sold" reads it).
 */
export const LiveRoomBid = z.object({
  amount: z.number(),
  source: z.enum(liveBidSources),
  paddle: z.string().nullable(),
  mine: z.boolean(),
  at: z.string(),
});
export type LiveRoomBid = z.infer<typeof LiveRoomBid>;

/**
 * Issue 37 "a warning before 'sold' when an internet bid arrived in the last seconds": the console asks
 * the clerk to confirm Sold when the latest bid came from the internet less than this many seconds
 * before the server's time.
 */
export const LIVE_SOLD_WARNING_SECONDS = 3;

/** The hammer as it stands (it can be undone until the room moves on). */
export const LiveHammerView = z.object({
  outcome: z.enum(['sold', 'passed']),
  amount: z.number().nullable(),
});

/** A lot of the sale as the room lists it. */
const RoomLot = z.object({
  lot_id: z.string(),
  lot_number: z.string().nullable(),
  title: z.string(),
  image: z.string().nullable(),
});

export const LiveCurrentLot = RoomLot.extend({
  /** The amount a bid now answers. */
  ask: z.number().nullable(),
  /** The standing bid, null before the first. */
  price: z.number().nullable(),
  fair_warning: z.boolean(),
  hammer: LiveHammerView.nullable(),
  /** The latest bids, newest last (at most 20). */
  bids: z.array(LiveRoomBid),
  /** The caller's standing on this lot ('none' for a visitor). */
  standing: z.enum(liveStandings),
});

/** A lot called, with its result so far: null while it waits for the hammer. */
export const LiveResult = RoomLot.extend({
  outcome: z.enum(['sold', 'passed']).nullable(),
  amount: z.number().nullable(),
});

export const LiveRoomView = z.object({
  auction_id: z.string(),
  title: z.string(),
  status: z.enum(liveRoomStatuses),
  /** Why the auctioneer paused ('' when not paused or not said). */
  pause_reason: z.string(),
  current_lot: LiveCurrentLot.nullable(),
  /** The caller's paddle for the sale, null when not registered (or a visitor). */
  my_paddle: z.string().nullable(),
  paddle_count: z.number(),
  /** The lots called before the one the room is on, in the order called. */
  results: z.array(LiveResult),
  /** The next lots in catalogue order, not yet called (at most 5), and how many are still to come. */
  next_lots: z.array(RoomLot),
  lots_to_come: z.number(),
  /** The latest messages to the room, oldest first (at most 20). */
  messages: z.array(z.object({ text: z.string(), at: z.string() })),
});
export type LiveRoomView = z.infer<typeof LiveRoomView>;

/** The clerk's extras: who leads (paddle, or an internet bidder's first name), missed bids, every paddle. */
export const LiveConsoleView = LiveRoomView.extend({
  leader: z
    .object({
      source: z.enum(liveBidSources),
      paddle: z.string().nullable(),
      first_name: z.string(),
    })
    .nullable(),
  /**
   * The clerk's book: the absentee maximum the house bids for on the current lot, and whether the
   * price has gone past it (spent).
   */
  absentee: z.object({ first_name: z.string(), max: z.number(), spent: z.boolean() }).nullable(),
  /** Internet bids that reached the server after the hammer on the current lot, newest last. */
  missed: z.array(z.object({ first_name: z.string(), ask: z.number(), at: z.string() })),
  missed_count: z.number(),
  paddles: z.array(
    z.object({ paddle: z.string(), user_id: z.string(), first_name: z.string(), last_name: z.string() }),
  ),
});
export type LiveConsoleView = z.infer<typeof LiveConsoleView>;

export const liveRoomActions = {
  /** The room page: a signed-in caller also gets their paddle and standing. */
  liveRoom: action({
    path: '/api/live/room',
    side: 'query',
    auth: 'viewer',
    input: LiveRoomInput,
    output: LiveRoomView,
  }),
  /** The auctioneer's console: the room and the clerk's extras. */
  liveConsole: action({
    path: '/api/live/console',
    side: 'query',
    auth: 'auctioneer',
    input: LiveRoomInput,
    output: LiveConsoleView,
  }),
} as const;
