import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type {
  LiveRoomChangedNotice,
  LiveRoomMessage,
  LotChangedNotice,
  LotMessage,
  ServerMessage,
  UserChangedNotice,
} from '@wine/contracts';
import type { Bus, Clock, Logger } from '@wine/platform';
import type { WebSocket } from 'ws';

// What the realtime server is made of: its dependencies and limits, a client, a relayed change, and
// the lot message a client gets (server.ts does the relaying).

export interface RealtimeDeps {
  bus: Bus;
  clock: Clock;
  logger: Logger;
  /** URL path of the socket endpoint. */
  path?: string;
  /** seeds 000 §9: countdown tick 1 second; servertime goes out at this interval. */
  serverTimeIntervalMs?: number;
  replayCapacity?: number;
  /** The user id a bearer token stands for, or null (bad, expired, logged out); none: sockets stay anonymous. */
  authenticate?: (token: string) => Promise<string | null>;
  /** Channels one socket may hold; a subscribe beyond is refused. The UI holds 'lots' and a lot or two. */
  maxChannelsPerSocket?: number;
  /**
   * The most changes a resume replays (a lot change is about 2 KB); a client further behind is told
   * to resync, and reloads what it shows, which costs less than the replay.
   */
  resumeWindow?: number;
  /** Bytes queued for a socket that it has not read; beyond, the socket is dropped as a slow consumer. */
  maxBufferedBytes?: number;
  /** Client messages per socket: a token bucket; a socket beyond it is closed (1008). */
  messageRate?: { perSecond: number; burst: number };
  /** The largest client frame; a larger one closes the socket (1009). */
  maxPayloadBytes?: number;
  /** How often the sessions of signed-in sockets are checked again (logout, deactivation, forced out). */
  sessionCheckIntervalMs?: number;
  /** A private message waits for a session check when the last one is older than this. */
  sessionMaxAgeMs?: number;
}

/**
 * Defaults of the socket limits. Client frames are small: the largest the server accepts is an auth
 * with a 4,096-character token or a subscribe to 100 channels of 71 bytes, both under 8 KiB. A
 * replay of 500 changes is about 1 MB, so a resuming socket fits in 2 MiB with live changes beside.
 */
export const realtimeLimits = {
  maxChannelsPerSocket: 100,
  resumeWindow: 500,
  maxBufferedBytes: 2 * 1024 * 1024,
  messageRate: { perSecond: 20, burst: 40 },
  maxPayloadBytes: 8 * 1024,
  sessionCheckIntervalMs: 5_000,
  sessionMaxAgeMs: 1_000,
} as const;

/** Close codes: the standard ones, and ours (4000-4999) for a session that ended. */
export const POLICY_VIOLATION = 1008;
export const SESSION_ENDED = 4401;
/** Changes held for one socket while its session is checked; more means the check hangs. */
export const MAX_HELD = 1_000;

export interface RealtimeServer {
  /** Attach to an HTTP server's upgrade event (the gateway or the embedded process). */
  attach(server: Server): void;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  clientCount(): number;
  /** Sockets connected, frames sent since start, and frames sent per second over the last ten seconds. */
  stats(): RealtimeStats;
  close(): Promise<void>;
}

export interface RealtimeStats {
  socketsConnected: number;
  messagesSent: number;
  messagesPerSecond: number;
}

export interface Client {
  socket: WebSocket;
  channels: Set<string>;
  /** The signed-in user this socket speaks for (their own channel), or null. */
  userId: string | null;
  /** The token it signed in with, checked again while the socket stays signed in. */
  token: string | null;
  /** When the session was last found valid (performance.now()). */
  checkedAt: number;
  /** A session check under way. */
  checking: Promise<void> | null;
  /** Changes waiting, in order, for that check: a private one and everything after it. */
  held: Relayed[] | null;
  /** The messages from this socket, handled one after another. */
  inbox: Promise<void>;
  /** Token bucket of the socket's messages. */
  allowance: number;
  lastMessageAt: number;
  /** A resume is answered once per connection (it follows a reconnect). */
  resumed: boolean;
}

/**
 * A message shared by many sockets, serialized and UTF-8 encoded once: each socket is then sent the same
 * bytes (as a text frame, `sendRaw`), not a string that its write would encode again.
 */
export const encoded = (message: ServerMessage): Buffer => Buffer.from(JSON.stringify(message));

/**
 * A live room's frame as relayed: the notice and its shared frame, serialized and encoded once. A frame is the whole
 * room, so a later one of the same room supersedes it: `frame` is then let go (null), and a replay or a
 * socket waiting for its session check skips it (the later one follows it there), so the replay buffer
 * keeps one room, not thousands, per sale.
 */
export interface LiveRelayed {
  kind: 'live';
  position: string;
  auctionId: string;
  /** The room's channel, `live:<auction>` (made once per frame, not once per socket). */
  channel: string;
  frame: { notice: LiveRoomChangedNotice; shared: Buffer } | null;
}

/** A committed change as relayed and kept for resuming clients. */
export type Relayed =
  /** `channel`: the lot's own, `lot:<id>` (made once per change, not once per socket). */
  | { kind: 'lot'; position: string; notice: LotChangedNotice; shared: Buffer; channel: string }
  | { kind: 'user'; position: string; notice: UserChangedNotice }
  | LiveRelayed;

/**
 * The live room frame a socket gets: the room as a visitor sees it, with the user's own standing and
 * bids when the change touched them (Issue 37: no one else's id ever reaches a socket).
 */
export function liveRoomMessage(notice: LiveRoomChangedNotice, userId: string | null): LiveRoomMessage {
  const patch = userId !== null && Object.hasOwn(notice.users, userId) ? notice.users[userId] : undefined;
  const lot = notice.room.current_lot;
  if (!patch || !lot) return { type: 'liveRoom', position: notice.position, room: notice.room };
  const mine = new Set(patch.mine);
  return {
    type: 'liveRoom',
    position: notice.position,
    room: {
      ...notice.room,
      current_lot: {
        ...lot,
        standing: patch.standing,
        bids: lot.bids.map((bid, i) => (mine.has(i) ? { ...bid, mine: true } : bid)),
      },
    },
  };
}

/** The lot message a client gets: the public view, plus the user's own standing when the change touched it. */
export function lotMessage(notice: LotChangedNotice, userId: string | null): LotMessage {
  const mine = userId ? notice.users[userId] : undefined;
  const base = {
    position: notice.position,
    events: notice.events,
    event: notice.events[notice.events.length - 1] ?? '',
    lot: notice.lot,
    ...(mine && {
      status: { bidtopstatus: mine.bidtopstatus, bid_or_not: mine.bid_or_not, my_max_bid: mine.my_max_bid },
    }),
  };
  switch (notice.kind) {
    case 'bidAddtime':
      return {
        type: 'bidAddtime',
        ...base,
        below_five: notice.below_five,
        date_closed: notice.lot.date_closed,
        ...(mine?.outbid && { outbid: true as const }),
      };
    case 'realclosedupdates':
      return { type: 'realclosedupdates', ...base };
    case 'lotChanged':
      return { type: 'lotChanged', ...base };
    default: {
      const _exhaustive: never = notice.kind;
      return _exhaustive;
    }
  }
}
