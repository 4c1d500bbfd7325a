import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import {
  accountMessages,
  ClientMessage,
  type LotChangedNotice,
  type ServerMessage,
  subjects,
  type UserChangedNotice,
} from '@wine/contracts';
import type { BusSubscription } from '@wine/platform';
import { WebSocket, WebSocketServer } from 'ws';
import {
  type Client,
  lotMessage,
  MAX_HELD,
  POLICY_VIOLATION,
  type RealtimeDeps,
  type RealtimeServer,
  type Relayed,
  realtimeLimits,
  SESSION_ENDED,
} from './realtime-model.ts';
import { ReplayBuffer } from './replay-buffer.ts';
import { sentCounter } from './sent-counter.ts';

/**
 * Relays committed read-model changes from the bus to subscribed browsers, sends the server clock,
 * and replays what a reconnecting client missed (ARCHITECTURE.md "realtime-service").
 */
export async function createRealtimeServer(deps: RealtimeDeps): Promise<RealtimeServer> {
  const path = deps.path ?? '/ws';
  const limits = {
    maxChannelsPerSocket: deps.maxChannelsPerSocket ?? realtimeLimits.maxChannelsPerSocket,
    resumeWindow: deps.resumeWindow ?? realtimeLimits.resumeWindow,
    maxBufferedBytes: deps.maxBufferedBytes ?? realtimeLimits.maxBufferedBytes,
    messageRate: deps.messageRate ?? realtimeLimits.messageRate,
    maxPayloadBytes: deps.maxPayloadBytes ?? realtimeLimits.maxPayloadBytes,
    sessionCheckIntervalMs: deps.sessionCheckIntervalMs ?? realtimeLimits.sessionCheckIntervalMs,
    sessionMaxAgeMs: deps.sessionMaxAgeMs ?? realtimeLimits.sessionMaxAgeMs,
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes });
  const clients = new Set<Client>();
  const buffer = new ReplayBuffer<Relayed>(deps.replayCapacity ?? 10_000);
  const sent = sentCounter();

  /**
   * Every frame to a socket goes through here. A socket that does not read keeps what it is sent in
   * this process's memory: past the limit it is dropped (it reconnects and resumes, or reloads).
   */
  const sendRaw = (client: Client, data: string) => {
    const { socket } = client;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > limits.maxBufferedBytes) {
      deps.logger.warn(
        { bufferedAmount: socket.bufferedAmount, limit: limits.maxBufferedBytes },
        'slow socket dropped',
      );
      client.held = null;
      socket.terminate();
      return;
    }
    socket.send(data);
    sent.add(performance.now());
  };
  const send = (client: Client, message: ServerMessage) => sendRaw(client, JSON.stringify(message));
  const wants = (client: Client, lotId: string) =>
    client.channels.has('lots') || client.channels.has(`lot:${lotId}`);
  const serverTime = (): ServerMessage => ({ type: 'servertime', dTime: deps.clock.now().toISOString() });

  /** The change carries the socket's user's own standing or data. */
  const isPrivate = (client: Client, item: Relayed) =>
    client.userId !== null &&
    (item.kind === 'user'
      ? item.notice.userId === client.userId
      : Object.hasOwn(item.notice.users, client.userId));

  /** Sends a change to a client that should see it: the lot's watchers, and the users it touched. */
  const sendChange = (client: Client, item: Relayed) => {
    if (item.kind === 'user') {
      if (isPrivate(client, item)) send(client, item.notice.message);
    } else if (isPrivate(client, item)) send(client, lotMessage(item.notice, client.userId));
    else if (wants(client, item.notice.lot.id)) sendRaw(client, item.shared);
  };

  /** Ends the socket's session: it is closed, and signs in again (or stays anonymous) on reconnect. */
  const endSession = (client: Client) => {
    client.userId = null;
    client.token = null;
    client.held = null;
    client.socket.close(SESSION_ENDED, 'session ended');
  };

  /** Asks again whom the socket's token stands for; a session that ended ends the socket's. */
  const recheck = (client: Client): Promise<void> => {
    if (client.checking) return client.checking;
    const token = client.token;
    if (token === null || !deps.authenticate) return Promise.resolve();
    const check = deps
      .authenticate(token)
      .catch(() => null)
      .then((userId) => {
        client.checking = null;
        // Signed in again or out meanwhile: that answer stands.
        if (client.token !== token) return;
        if (userId !== null && userId === client.userId) client.checkedAt = performance.now();
        else endSession(client);
      });
    client.checking = check;
    return check;
  };

  /**
   * Delivers a change in order. A private one is sent only on a session checked within
   * sessionMaxAgeMs: it, and what follows it, wait for a fresh check.
   */
  const deliver = (client: Client, item: Relayed) => {
    if (client.socket.readyState !== WebSocket.OPEN) return;
    if (client.held) {
      if (client.held.length >= MAX_HELD) client.socket.terminate();
      else client.held.push(item);
      return;
    }
    if (isPrivate(client, item) && performance.now() - client.checkedAt > limits.sessionMaxAgeMs) {
      client.held = [item];
      void recheck(client).then(() => {
        const held = client.held ?? [];
        client.held = null;
        for (const waiting of held) sendChange(client, waiting);
      });
      return;
    }
    sendChange(client, item);
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
    for (const client of clients) sendRaw(client, message);
  }, deps.serverTimeIntervalMs ?? 1000);
  ticker.unref();

  // A logout, a deactivation or a forced logout elsewhere ends the sockets signed in with that session.
  const sessionSweep = setInterval(() => {
    for (const client of clients) if (client.token !== null) void recheck(client);
  }, limits.sessionCheckIntervalMs);
  sessionSweep.unref();

  async function authenticate(client: Client, token: string | null) {
    if (token === null) {
      client.userId = null;
      client.token = null;
      return send(client, { type: 'authenticated', user_id: null });
    }
    const userId = deps.authenticate ? await deps.authenticate(token).catch(() => null) : null;
    if (userId === null) return send(client, { type: 'error', message: accountMessages.sessionExpired });
    client.userId = userId;
    client.token = token;
    client.checkedAt = performance.now();
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
      case 'subscribe': {
        const added = new Set(message.channels.filter((c) => !client.channels.has(c)));
        if (client.channels.size + added.size > limits.maxChannelsPerSocket) {
          return send(client, {
            type: 'error',
            message: `at most ${limits.maxChannelsPerSocket} channels per socket`,
          });
        }
        for (const c of added) client.channels.add(c);
        return send(client, { type: 'subscribed', channels: message.channels });
      }
      case 'unsubscribe':
        for (const c of message.channels) client.channels.delete(c);
        return;
      case 'resume': {
        if (client.resumed) return send(client, { type: 'error', message: 'resume once per connection' });
        client.resumed = true;
        const missed = buffer.after(message.after, limits.resumeWindow);
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
    const client: Client = {
      socket,
      channels: new Set(),
      userId: null,
      token: null,
      checkedAt: 0,
      checking: null,
      held: null,
      inbox: Promise.resolve(),
      allowance: limits.messageRate.burst,
      lastMessageAt: performance.now(),
      resumed: false,
    };
    clients.add(client);
    send(client, serverTime());
    socket.on('message', (raw) => {
      if (socket.readyState !== WebSocket.OPEN) return;
      const now = performance.now();
      const { perSecond, burst } = limits.messageRate;
      client.allowance = Math.min(
        burst,
        client.allowance + ((now - client.lastMessageAt) * perSecond) / 1000,
      );
      client.lastMessageAt = now;
      if (client.allowance < 1) {
        deps.logger.info({ perSecond, burst }, 'socket over its message rate closed');
        return socket.close(POLICY_VIOLATION, 'too many messages');
      }
      client.allowance -= 1;
      // One socket's messages are handled in the order sent: a resume right after an auth is served
      // to the signed-in user, not to the anonymous socket the auth is still turning into.
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
    stats: () => ({
      socketsConnected: clients.size,
      messagesSent: sent.total(),
      messagesPerSecond: sent.perSecond(performance.now()),
    }),
    async close() {
      clearInterval(ticker);
      clearInterval(sessionSweep);
      await Promise.all(subscriptions.map((s) => s.close()));
      for (const client of clients) client.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
