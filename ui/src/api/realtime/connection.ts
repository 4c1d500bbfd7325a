import type { ClientMessage } from '@wine/contracts';
import type { ConnectionHandlers, ConnectionStatus, RealtimeClientOptions, SocketLike } from './types.ts';

const OPEN = 1;

export interface ConnectionEvents {
  /** The socket opened (`reconnected`: not the first time): sign in, subscribe, catch up. */
  onOpen: (reconnected: boolean) => void;
  /** A message's raw data, as the socket received it. */
  onMessage: (data: unknown) => void;
}

export type Connection = ReturnType<typeof createConnection>;

/**
 * The socket's life: opened while started, kept open (a silent one is dropped), reopened after a
 * drop with backoff (initialMs * 2^attempt, capped at maxMs, with jitter), with its status told.
 */
export function createConnection(options: RealtimeClientOptions, events: ConnectionEvents) {
  const backoff = options.backoff ?? { initialMs: 500, maxMs: 15_000 };
  const staleAfterMs = options.staleAfterMs ?? 10_000;
  const random = options.random ?? Math.random;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);

  let handlers: ConnectionHandlers = {};
  let socket: SocketLike | null = null;
  let running = false;
  let everOpened = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let staleTimer: ReturnType<typeof setTimeout> | undefined;
  let status: ConnectionStatus = 'offline';

  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return;
    status = next;
    handlers.onStatus?.(next);
  };

  const isOpen = () => socket?.readyState === OPEN;

  const send = (message: ClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
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
      events.onOpen(reconnected);
      setStatus('open');
    };
    s.onmessage = (event) => {
      watch();
      events.onMessage(event.data);
    };
    s.onerror = () => {
      // onclose follows and reconnects.
    };
    s.onclose = () => {
      detach(s);
      scheduleReconnect();
    };
  }

  return {
    isOpen,
    send,
    get status() {
      return status;
    },
    /** The handlers of the current start (none while stopped). */
    get handlers() {
      return handlers;
    },
    /** Opens the socket (and keeps it open) until the returned function is called. */
    start(next: ConnectionHandlers = {}) {
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
  };
}
