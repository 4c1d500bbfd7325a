import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  accountMessages,
  ClientMessage,
  type LotChangedNotice,
  type LotMessage,
  type ServerMessage,
  subjects,
  type UserChangedNotice,
} from '@wine/contracts';
import type { Bus, BusSubscription, Clock, Logger } from '@wine/platform';
import { WebSocket, WebSocketServer } from 'ws';
import { ReplayBuffer } from './replay-buffer.ts';

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
}

export interface RealtimeServer {
  /** Attach to an HTTP server's upgrade event (the gateway or the embedded process). */
  attach(server: Server): void;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  clientCount(): number;
  close(): Promise<void>;
}

interface Client {
  socket: WebSocket;
  channels: Set<string>;
  /** The signed-in user this socket speaks for (their own channel), or null. */
  userId: string | null;
  /** The messages from this socket, handled one after another. */
  inbox: Promise<void>;
}

/** A committed change as relayed and kept for resuming clients. */
type Relayed =
  | { kind: 'lot'; position: string; notice: LotChangedNotice; shared: string }
  | { kind: 'user'; position: string; notice: UserChangedNotice };

/** The lot message a client gets: the public view, plus the user's own standing when the change touched it. */
function lotMessage(notice: LotChangedNotice, userId: string | null): LotMessage {
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

/**
 * Relays committed read-model changes from the bus to subscribed browsers, sends the server clock,
 * and replays what a reconnecting client missed (ARCHITECTURE.md "realtime-service").
 */
export async function createRealtimeServer(deps: RealtimeDeps): Promise<RealtimeServer> {
  const path = deps.path ?? '/ws';
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const clients = new Set<Client>();
  const buffer = new ReplayBuffer<Relayed>(deps.replayCapacity ?? 10_000);

  const send = (client: Client, message: ServerMessage) => {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify(message));
  };
  const wants = (client: Client, lotId: string) =>
    client.channels.has('lots') || client.channels.has(`lot:${lotId}`);
  const serverTime = (): ServerMessage => ({ type: 'servertime', dTime: deps.clock.now().toISOString() });

  /** Sends a change to a client that should see it: the lot's watchers, and the users it touched. */
  const deliver = (client: Client, item: Relayed) => {
    if (client.socket.readyState !== WebSocket.OPEN) return;
    if (item.kind === 'user') {
      if (client.userId === item.notice.userId) client.socket.send(JSON.stringify(item.notice.message));
      return;
    }
    const touched = client.userId !== null && Object.hasOwn(item.notice.users, client.userId);
    if (touched) client.socket.send(JSON.stringify(lotMessage(item.notice, client.userId)));
    else if (wants(client, item.notice.lot.id)) client.socket.send(item.shared);
  };
  const relay = (item: Relayed) => {
    buffer.add(item);
    for (const client of clients) deliver(client, item);
  };

  const subscriptions: BusSubscription[] = [
    await deps.bus.subscribe<LotChangedNotice>(subjects.anyLotChanged, ({ data }) =>
      relay({
        kind: 'lot',
        position: data.position,
        notice: data,
        shared: JSON.stringify(lotMessage(data, null)),
      }),
    ),
    await deps.bus.subscribe<UserChangedNotice>(subjects.anyUserChanged, ({ data }) =>
      relay({ kind: 'user', position: data.position, notice: data }),
    ),
  ];

  const ticker = setInterval(() => {
    const message = JSON.stringify(serverTime());
    for (const client of clients)
      if (client.socket.readyState === WebSocket.OPEN) client.socket.send(message);
  }, deps.serverTimeIntervalMs ?? 1000);
  ticker.unref();

  async function authenticate(client: Client, token: string | null) {
    if (token === null) {
      client.userId = null;
      return send(client, { type: 'authenticated', user_id: null });
    }
    const userId = deps.authenticate ? await deps.authenticate(token).catch(() => null) : null;
    if (userId === null) return send(client, { type: 'error', message: accountMessages.sessionExpired });
    client.userId = userId;
    send(client, { type: 'authenticated', user_id: userId });
  }

  async function handle(client: Client, raw: string): Promise<void> {
    let parsed: ReturnType<typeof ClientMessage.safeParse>;
    try {
      parsed = ClientMessage.safeParse(JSON.parse(raw));
    } catch {
      return send(client, { type: 'error', message: 'messages must be JSON' });
    }
    if (!parsed.success) {
      return send(client, { type: 'error', message: parsed.error.issues[0]?.message ?? 'invalid message' });
    }
    const message = parsed.data;
    switch (message.type) {
      case 'subscribe':
        for (const c of message.channels) client.channels.add(c);
        return;
      case 'unsubscribe':
        for (const c of message.channels) client.channels.delete(c);
        return;
      case 'resume': {
        const missed = buffer.after(message.after);
        if (missed === null) send(client, { type: 'resync', position: buffer.latest() ?? '' });
        else for (const item of missed) deliver(client, item);
        return;
      }
      case 'auth':
        return authenticate(client, message.token);
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }

  wss.on('connection', (socket) => {
    const client: Client = { socket, channels: new Set(), userId: null, inbox: Promise.resolve() };
    clients.add(client);
    send(client, serverTime());
    // One socket's messages are handled in the order sent: a resume right after an auth is served
    // to the signed-in user, not to the anonymous socket the auth is still turning into.
    socket.on('message', (raw) => {
      client.inbox = client.inbox.then(() => handle(client, String(raw)));
    });
    socket.on('close', () => clients.delete(client));
    socket.on('error', (error) => deps.logger.debug({ err: error }, 'socket error'));
  });

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== path) return false;
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    return true;
  };

  return {
    attach(server) {
      server.on('upgrade', (request, socket, head) => {
        if (!handleUpgrade(request, socket, head)) socket.destroy();
      });
    },
    handleUpgrade,
    clientCount: () => clients.size,
    async close() {
      clearInterval(ticker);
      await Promise.all(subscriptions.map((s) => s.close()));
      for (const client of clients) client.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
