import { queryOptions } from '@tanstack/react-query';
import type { LiveConsoleView, LiveRoomMessage, LiveRoomView } from '@wine/contracts';
import { call } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';

/**
 * Issue 37: the room comes over the socket ('live:<auctionId>', a frame on each committed change); while
 * the socket is down the page reads it again every 5 seconds instead.
 */
export const LIVE_FALLBACK_POLL_MS = 5_000;

const running = (status: LiveRoomView['status'] | undefined) => status === 'open' || status === 'paused';

/**
 * The room as a bidder sees it (their paddle and standing when signed in), read again every `pollMs`
 * while the sale runs (false: never, the socket brings it).
 */
export const liveRoomQuery = (auctionId: string, pollMs: number | false = false) =>
  queryOptions({
    queryKey: actionKey('liveRoom', { auction_id: auctionId }),
    queryFn: ({ signal }) => call('liveRoom', { auction_id: auctionId }, { signal }),
    retry: false,
    refetchInterval: (query) => (pollMs !== false && running(query.state.data?.status) ? pollMs : false),
  });

/** The auctioneer's console: the room and the clerk's extras, read again every `pollMs` (false: never). */
export const liveConsoleQuery = (auctionId: string, pollMs: number | false = false) =>
  queryOptions({
    queryKey: actionKey('liveConsole', { auction_id: auctionId }),
    queryFn: ({ signal }) => call('liveConsole', { auction_id: auctionId }, { signal }),
    retry: false,
    refetchInterval: pollMs,
  });

/**
 * The room after a `liveRoom` frame: the frame whole (it is the room as committed), but the caller's
 * paddle, which a frame never carries (null), is kept from what the page read.
 */
export function applyLiveRoom(previous: LiveRoomView | undefined, message: LiveRoomMessage): LiveRoomView {
  return { ...message.room, my_paddle: message.room.my_paddle ?? previous?.my_paddle ?? null };
}

export type RoomBid = NonNullable<LiveRoomView['current_lot']>['bids'][number];
export type { LiveConsoleView, LiveRoomView };

/** What the bid box says and offers, from the room, the caller and the bid being sent. */
export type BidState =
  | { kind: 'signIn' }
  | { kind: 'closed' | 'notOpen' | 'paused' | 'waiting' | 'noAsk' | 'connectionLost' }
  | { kind: 'register' }
  | { kind: 'sending' }
  | { kind: 'leading'; amount: number }
  | { kind: 'won'; amount: number }
  | { kind: 'lost' | 'passed' }
  | { kind: 'bid'; lotId: string; ask: number; outbid: boolean };

export function bidStateOf(
  room: LiveRoomView,
  options: { signedIn: boolean; sending: boolean; connectionLost: boolean },
): BidState {
  if (options.connectionLost) return { kind: 'connectionLost' };
  const lot = room.current_lot;
  // The lot's outcome is told whatever the sale's status.
  if (lot?.hammer) {
    if (lot.hammer.outcome === 'passed') return { kind: 'passed' };
    if (lot.standing === 'won') return { kind: 'won', amount: lot.hammer.amount ?? lot.price ?? 0 };
    return { kind: 'lost' };
  }
  if (room.status === 'closed') return { kind: 'closed' };
  if (!options.signedIn) return { kind: 'signIn' };
  if (room.status === 'not_open') return { kind: 'notOpen' };
  if (room.my_paddle === null) return { kind: 'register' };
  if (room.status === 'paused') return { kind: 'paused' };
  if (!lot) return { kind: 'waiting' };
  if (options.sending) return { kind: 'sending' };
  if (lot.standing === 'won') return { kind: 'won', amount: lot.price ?? 0 };
  if (lot.standing === 'leading') return { kind: 'leading', amount: lot.price ?? 0 };
  if (lot.ask === null) return { kind: 'noAsk' };
  return { kind: 'bid', lotId: lot.lot_id, ask: lot.ask, outbid: lot.standing === 'outbid' };
}

/** The texts of the sale's statuses and of the bid box's plain states (keys the i18n spec can find). */
export const statusTexts = {
  not_open: 'ui.liveRoom.status.not_open',
  open: 'ui.liveRoom.status.open',
  paused: 'ui.liveRoom.status.paused',
  closed: 'ui.liveRoom.status.closed',
} as const;

export const waitTexts = {
  closed: 'ui.liveRoom.bid.closed',
  notOpen: 'ui.liveRoom.bid.notOpen',
  paused: 'ui.liveRoom.bid.paused',
  waiting: 'ui.liveRoom.bid.waiting',
  noAsk: 'ui.liveRoom.bid.noAsk',
} as const;

/** Where a bid came from; floor and phone bids name their paddle. */
export const sourceTexts = {
  internet: 'ui.liveRoom.source.internet',
  floor: 'ui.liveRoom.source.floor',
  phone: 'ui.liveRoom.source.phone',
  absentee: 'ui.liveRoom.source.absentee',
  consignor: 'ui.liveRoom.source.consignor',
} as const;
