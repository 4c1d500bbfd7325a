import type { ClientMessage, LotMessage, ServerMessage, WatchlistAddedMessage } from '@wine/contracts';

/** A change of a lot or of the watchlist that touched the signed-in user (their own messages but carts). */
export type UserChange = LotMessage | WatchlistAddedMessage;

/** What the header's live indicator shows. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'offline';

/** 'lots' (every lot) or 'lot:<id>' (one lot), as in @wine/contracts `Channel`. */
export type LotChannel = 'lots' | `lot:${string}`;

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

const OPEN = 1;
const MAX_CHANNELS_PER_MESSAGE = 200;
const SEEN_LIMIT = 1000;

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const backoff = options.backoff ?? { initialMs: 500, maxMs: 15_000 };
  const staleAfterMs = options.staleAfterMs ?? 10_000;
  const random = options.random ?? Math.random;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);

  const listeners = new Set<LotListener>();
  const userListeners = new Set<UserListener>();
  const cartListeners = new Set<CartListener>();
  let token: string | null = null;
  const channelCounts = new Map<LotChannel, number>();
  /** Listeners waiting for the server to confirm a channel they subscribed: they resync then. */
  const awaiting = new Map<LotChannel, Set<LotListener>>();
  const seen = new Set<string>();
  let handlers: ConnectionHandlers = {};
  let socket: SocketLike | null = null;
  let running = false;
  let everOpened = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let staleTimer: ReturnType<typeof setTimeout> | undefined;
  let lastPosition: string | null = null;
  let status: ConnectionStatus = 'offline';

  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return;
    status = next;
    handlers.onStatus?.(next);
  };

  const send = (message: ClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const sendChannels = (type: 'subscribe' | 'unsubscribe', channels: LotChannel[]) => {
    if (socket?.readyState !== OPEN) return;
    for (let i = 0; i < channels.length; i += MAX_CHANNELS_PER_MESSAGE) {
      send({ type, channels: channels.slice(i, i + MAX_CHANNELS_PER_MESSAGE) });
    }
    if (type === 'unsubscribe') return;
    for (const channel of channels) {
      awaiting.set(channel, new Set([...listeners].filter((l) => l.channels.includes(channel))));
    }
  };

  /** The server relays these channels now: their listeners ask again for what they show, once. */
  const confirmed = (channels: readonly string[]) => {
    const due = new Set<LotListener>();
    for (const channel of channels) {
      for (const listener of awaiting.get(channel as LotChannel) ?? []) due.add(listener);
      awaiting.delete(channel as LotChannel);
    }
    for (const listener of due) if (listeners.has(listener)) listener.onResync?.();
  };

  const resyncAll = () => {
    for (const listener of [...listeners]) listener.onResync?.();
    for (const listener of [...cartListeners]) listener.onCartChanged();
  };

  const watch = () => {
    clearTimeout(staleTimer);
    staleTimer = setTimeout(() => {
      // No servertime for a while: the connection is half-open. Drop it and reconnect.
      if (socket) drop(socket);
    }, staleAfterMs);
  };

  const scheduleReconnect = () => {
    if (!running) return;
    setStatus('reconnecting');
    const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt);
    attempt += 1;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(connect, base * (0.5 + random() / 2));
  };

  /** Forgets a socket: later events from it are ignored. */
  const detach = (s: SocketLike) => {
    s.onopen = null;
    s.onclose = null;
    s.onerror = null;
    s.onmessage = null;
    if (socket === s) socket = null;
    clearTimeout(staleTimer);
  };

  const drop = (s: SocketLike) => {
    detach(s);
    try {
      s.close();
    } catch {
      // already closed
    }
    scheduleReconnect();
  };

  const onMessage = (raw: unknown) => {
    watch();
    let message: ServerMessage;
    try {
      message = JSON.parse(String(raw)) as ServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'servertime':
        handlers.onServerTime?.(message.dTime);
        return;
      case 'bidAddtime':
      case 'realclosedupdates':
      case 'lotChanged':
      case 'watchlistAdded':
        deliver(message);
        return;
      case 'cartChanged':
        deliverCartChange(message.position);
        return;
      case 'authenticated':
        return;
      case 'subscribed':
        confirmed(message.channels);
        return;
      case 'resync':
        // The server could not replay: what we show may be stale. Continue from its current position.
        lastPosition = message.position;
        resyncAll();
        return;
      case 'error':
        handlers.onError?.(message.message);
        return;
      default: {
        const _exhaustive: never = message;
        void _exhaustive;
      }
    }
  };

  /** Keeps a key seen (a change delivered once), forgetting the oldest past the limit. */
  const firstSight = (key: string): boolean => {
    if (seen.has(key)) return false;
    seen.add(key);
    if (seen.size > SEEN_LIMIT) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    return true;
  };

  const deliverCartChange = (position: string) => {
    // A resume replay repeats it: once is enough.
    if (!firstSight(`${position}/cart`)) return;
    if (lastPosition === null || position > lastPosition) lastPosition = position;
    for (const listener of [...cartListeners]) listener.onCartChanged();
  };

  const deliver = (message: UserChange) => {
    // A lot can reach us on both 'lots' and 'lot:<id>', and again in a resume replay: deliver it once.
    const key =
      message.type === 'watchlistAdded'
        ? `${message.position}/watch/${message.lot_id}`
        : `${message.position}/${message.lot.id}`;
    if (!firstSight(key)) return;
    if (lastPosition === null || message.position > lastPosition) lastPosition = message.position;
    if (message.type === 'watchlistAdded' || message.status !== undefined) {
      for (const listener of [...userListeners]) listener.onMessage(message);
    }
    if (message.type === 'watchlistAdded') return;
    const own: LotChannel = `lot:${message.lot.id}`;
    for (const listener of [...listeners]) {
      if (listener.channels.includes('lots') || listener.channels.includes(own))
        listener.onLotChanged(message);
    }
  };

  function connect() {
    if (!running) return;
    setStatus(everOpened ? 'reconnecting' : 'connecting');
    let s: SocketLike;
    try {
      s = createSocket(typeof options.url === 'function' ? options.url() : options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = s;
    s.onopen = () => {
      const reconnected = everOpened;
      everOpened = true;
      attempt = 0;
      watch();
      // The server takes a socket's messages in order: signed in first, so a resume replays the
      // user's own messages too.
      if (token) send({ type: 'auth', token });
      sendChannels('subscribe', [...channelCounts.keys()]);
      if (reconnected) {
        // The resume below (or a resync) covers what was missed: no listener asks again on the answer.
        awaiting.clear();
        // seeds: the socket is the live source; after a gap ask for what was missed, or reload.
        if (lastPosition !== null) send({ type: 'resume', after: lastPosition });
        else resyncAll();
      }
      setStatus('open');
    };
    s.onmessage = (event) => onMessage(event.data);
    s.onerror = () => {
      // onclose follows and reconnects.
    };
    s.onclose = () => {
      detach(s);
      scheduleReconnect();
    };
  }

  return {
    get lastPosition() {
      return lastPosition;
    },
    get status() {
      return status;
    },
    start(next = {}) {
      handlers = next;
      running = true;
      if (socket) handlers.onStatus?.(status);
      else connect();
      return () => {
        running = false;
        clearTimeout(reconnectTimer);
        if (socket) {
          const s = socket;
          detach(s);
          s.close();
        }
        setStatus('offline');
        handlers = {};
      };
    },
    listenUser(listener) {
      userListeners.add(listener);
      return () => {
        userListeners.delete(listener);
      };
    },
    listenCarts(listener) {
      cartListeners.add(listener);
      return () => {
        cartListeners.delete(listener);
      };
    },
    setToken(next) {
      if (next === token) return;
      const signingOut = token !== null && next === null;
      token = next;
      if (next || signingOut) send({ type: 'auth', token: next });
    },
    listen(listener) {
      listeners.add(listener);
      const added: LotChannel[] = [];
      for (const channel of new Set(listener.channels)) {
        const count = channelCounts.get(channel) ?? 0;
        channelCounts.set(channel, count + 1);
        if (count === 0) added.push(channel);
      }
      if (added.length) sendChannels('subscribe', added);
      return () => {
        if (!listeners.delete(listener)) return;
        const removed: LotChannel[] = [];
        for (const channel of new Set(listener.channels)) {
          const count = (channelCounts.get(channel) ?? 1) - 1;
          if (count <= 0) {
            channelCounts.delete(channel);
            removed.push(channel);
          } else channelCounts.set(channel, count);
        }
        if (removed.length) sendChannels('unsubscribe', removed);
      };
    },
  };
}

/** The socket lives on the same host as the page (the dev server proxies /ws). */
export function defaultSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}
