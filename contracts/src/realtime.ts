import type { Position } from '@wine/event-schemas';
import { z } from 'zod';
import type { LiveRoomView, LiveStanding } from './live/room-view.ts';
import type { LotView, ViewerFields } from './lots/lot-document.ts';

/**
 * Channels a socket can subscribe to: every lot ('lots'), one lot ('lot:<id>'), or one live sale's room
 * ('live:<auctionId>', issue 37).
 */
export const Channel = z.union([
  z.literal('lots'),
  z.string().regex(/^lot:[a-zA-Z0-9_-]{1,64}$/),
  z.string().regex(/^live:[a-zA-Z0-9_-]{1,64}$/),
]);

export const ClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), channels: z.array(Channel).min(1).max(200) }),
  z.strictObject({ type: z.literal('unsubscribe'), channels: z.array(Channel).min(1).max(200) }),
  /** After a reconnect: send me every change after this log position. */
  z.strictObject({ type: z.literal('resume'), after: z.string().max(64) }),
  /** Binds the socket to a signed-in user (their own channel); null unbinds it (logout). */
  z.strictObject({ type: z.literal('auth'), token: z.string().max(4096).nullable() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/**
 * The user's own standing after a change: ViewerFields without the watchlist flag (its own message)
 * and without `own_lot` (who sells a lot never changes).
 */
export type ViewerStatus = Omit<ViewerFields, 'watchlistid' | 'own_lot'>;

/** seeds 000 §7: the socket's servertime message with dTime, the authoritative clock. */
export interface ServerTimeMessage {
  type: 'servertime';
  dTime: string;
}

interface LotMessageBase {
  position: Position;
  /** The event types of this change, each once, in the order of its last event; `event` is the last. */
  events: string[];
  event: string;
  /** The lot as everyone sees it (no one's own fields). */
  lot: LotView;
  /** This socket's user's own standing, when the change touched it. */
  status?: ViewerStatus;
}

/**
 * seeds 000 §4.6 bidAddtime: a bid was placed. `below_five` is 1 when it came with less than the
 * soft-close window left, and `date_closed` is then the extended close. `outbid` is set for the user
 * the bid displaced: 'you have been outbid.' (never for the user's own bid).
 */
export interface BidAddtimeMessage extends LotMessageBase {
  type: 'bidAddtime';
  below_five: 0 | 1;
  date_closed: string;
  outbid?: true;
}

/** seeds 000 §4.6 realclosedupdates: the lot closed (sold / unsold); `status` is won or lost for its bidders. */
export interface RealClosedUpdatesMessage extends LotMessageBase {
  type: 'realclosedupdates';
}

/** Any other change of a lot: listed, updated, withdrawn. */
export interface LotChangedMessage extends LotMessageBase {
  type: 'lotChanged';
}

/** seeds 000 §4.6 watchlistAdded: the user's watchlist flag for a lot (sent to that user only). */
export interface WatchlistAddedMessage {
  type: 'watchlistAdded';
  position: Position;
  lot_id: string;
  status: 0 | 1;
}

/**
 * The user's carts changed (a buy-now line, an invoice issued, paid or voided, wallet credit): the
 * cart badge asks pendingCount again (sent to that user only).
 */
export interface CartChangedMessage {
  type: 'cartChanged';
  position: Position;
}

/**
 * Issue 36: an offer the user made, or one on a lot they sell, changed (made, countered, answered,
 * expired, its invoice paid): their offer lists and the temporary cart ask again (sent to the buyer
 * and to the lot's seller only).
 */
export interface OfferChangedMessage {
  type: 'offerChanged';
  position: Position;
  offer_id: string;
  lot_id: string;
}

/**
 * Issue 37: a lot on the user's watchlist comes up in the live room soon: `lots_before` lots (the one
 * just called among them) are sold before it (sent to each user watching it only).
 */
export interface LiveComingUpMessage {
  type: 'liveComingUp';
  position: Position;
  auction_id: string;
  lot_id: string;
  lots_before: number;
}

/** What a user's own channel carries. */
export type UserMessage =
  | WatchlistAddedMessage
  | CartChangedMessage
  | OfferChangedMessage
  | LiveComingUpMessage;

/**
 * Issue 37: the live room after a committed change, whole (a room is small, and a bidder who missed a
 * frame needs no other): as a visitor sees it, or with the socket's user's own standing and bids when
 * the change touched them. Sent on 'live:<auctionId>'. `my_paddle` is null in it: the page keeps the
 * paddle it read.
 */
export interface LiveRoomMessage {
  type: 'liveRoom';
  position: Position;
  room: LiveRoomView;
}

export interface AuthenticatedMessage {
  type: 'authenticated';
  user_id: string | null;
}
/** The server could not replay from the asked position (too old): reload what you show. */
export interface ResyncMessage {
  type: 'resync';
  position: Position;
}
/**
 * The socket now relays these channels (the answer to a subscribe). What a page fetched before is
 * asked again: a change committed before the subscription took hold was not sent to it.
 */
export interface SubscribedMessage {
  type: 'subscribed';
  channels: string[];
}
export interface ErrorMessage {
  type: 'error';
  message: string;
}

export type LotMessage = BidAddtimeMessage | RealClosedUpdatesMessage | LotChangedMessage;
/** Messages that carry a log position: what a client resumes after. */
export type ChangeMessage = LotMessage | UserMessage | LiveRoomMessage;
export type ServerMessage =
  | ServerTimeMessage
  | ChangeMessage
  | AuthenticatedMessage
  | ResyncMessage
  | SubscribedMessage
  | ErrorMessage;

/** Bus subjects the read side publishes on after a read model is committed. */
export const subjects = {
  lotChanged: (lotId: string) => `market.lot.${lotId}.changed`,
  anyLotChanged: 'market.lot.*.changed',
  userChanged: (userId: string) => `market.user.${userId}.changed`,
  anyUserChanged: 'market.user.*.changed',
  liveRoomChanged: (auctionId: string) => `market.live.${auctionId}.changed`,
  anyLiveRoomChanged: 'market.live.*.changed',
} as const;

/**
 * The bus message for one lot's committed changes in one batch: the public view, and the standing of
 * every user the change touched, which the realtime side hands to each of them alone.
 */
export interface LotChangedNotice {
  position: Position;
  eventId: string;
  kind: LotMessage['type'];
  events: string[];
  below_five: 0 | 1;
  lot: LotView;
  users: Record<string, ViewerStatus & { outbid: boolean }>;
}

/** The bus message for a change of one user's own data (their watchlist, their carts). */
export interface UserChangedNotice {
  position: Position;
  eventId: string;
  userId: string;
  message: UserMessage;
}

/**
 * One user's own part of a live room frame: their standing on the lot on the block, and which of the
 * bids shown are theirs (indices into `room.current_lot.bids`).
 */
export interface LiveRoomUserPatch {
  standing: LiveStanding;
  mine: number[];
}

/**
 * The bus message for one live room's committed changes in one batch (issue 37): the room as a visitor
 * sees it (no bidder named, `my_paddle` null, standing 'none'), and the patch of every user the lot on
 * the block concerns (its bidders, the hammer's winner), which the realtime side applies for each of
 * them alone.
 */
export interface LiveRoomChangedNotice {
  position: Position;
  eventId: string;
  auctionId: string;
  room: LiveRoomView;
  users: Record<string, LiveRoomUserPatch>;
}
