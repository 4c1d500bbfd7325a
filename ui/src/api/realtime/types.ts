import type {
  LiveComingUpMessage,
  LiveRoomMessage,
  LotMessage,
  WatchlistAddedMessage,
} from '@wine/contracts';

/** A change of a lot or of the watchlist that touched the signed-in user (their own messages but carts). */
export type UserChange = LotMessage | WatchlistAddedMessage;

/** What the header's live indicator shows. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'offline';

/** 'lots' (every lot) or 'lot:<id>' (one lot), as in @wine/contracts `Channel`. */
export type LotChannel = 'lots' | `lot:${string}`;
/** One live sale's room ('live:<auctionId>', issue 37), as in @wine/contracts `Channel`. */
export type LiveChannel = `live:${string}`;

export interface LotListener {
  channels: readonly LotChannel[];
  /** bidAddtime, realclosedupdates or lotChanged of a lot on the channels. */
  onLotChanged: (message: LotMessage) => void;
  /**
   * The client may have missed changes: the subscription the listener asked for took hold (what it
   * fetched before may predate a change never sent to it), the server said resync, or a reconnect
   * had nothing to resume from.
   */
  onResync?: () => void;
}

/**
 * Issue 37: one live sale's room, its channel subscribed while anyone listens: each committed change as
 * the whole room (`liveRoom`), and the signed-in user's `liveComingUp` of a lot of this sale.
 */
export interface LiveRoomListener {
  auctionId: string;
  onRoom: (message: LiveRoomMessage) => void;
  /** A lot of the sale on the user's watchlist comes up soon (their own channel). */
  onComingUp?: (message: LiveComingUpMessage) => void;
  /** As LotListener's: the room may have changed unseen; read it again. */
  onResync?: () => void;
}

/**
 * The signed-in user's own messages, whatever lot channels are open: a change that touched their
 * standing (with `status`, and `outbid` when someone else's bid displaced them) and watchlistAdded.
 */
export interface UserListener {
  onMessage: (message: UserChange) => void;
}

/**
 * The user's carts changed (a line added or removed, a checkout paid, a lot won): the message
 * `{ type: 'cartChanged', position }` the realtime service sends to that user alone.
 */
export interface CartListener {
  onCartChanged: () => void;
}

export interface ConnectionHandlers {
  onStatus?: (status: ConnectionStatus) => void;
  onServerTime?: (dTime: string) => void;
  onError?: (message: string) => void;
}

/** The part of the browser WebSocket the client uses, so tests can pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface RealtimeClientOptions {
  url: string | (() => string);
  createSocket?: (url: string) => SocketLike;
  /** Reconnect delay: initialMs * 2^attempt, capped at maxMs, with jitter. */
  backoff?: { initialMs: number; maxMs: number };
  /** The server sends servertime every second; silence this long means the connection is dead. */
  staleAfterMs?: number;
  random?: () => number;
}

export interface RealtimeClient {
  /** Opens the socket (and keeps it open) until the returned function is called. */
  start(handlers?: ConnectionHandlers): () => void;
  /** Receives the lot messages of the channels; subscribes on the socket while anyone listens. */
  listen(listener: LotListener): () => void;
  /** Receives one live sale's room (see LiveRoomListener); subscribes its channel while anyone listens. */
  listenLive(listener: LiveRoomListener): () => void;
  /** Receives the signed-in user's own messages (see UserListener). */
  listenUser(listener: UserListener): () => void;
  /** Is told when the signed-in user's carts changed, or may have changed unseen (a resync). */
  listenCarts(listener: CartListener): () => void;
  /** Signs the socket in as the token's user (null: anonymous); kept across reconnects. */
  setToken(token: string | null): void;
  /** The last log position seen, sent as `resume` after a reconnect. */
  readonly lastPosition: string | null;
  readonly status: ConnectionStatus;
}
