import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import {
  type LiveRoomChangedNotice,
  type LotChangedNotice,
  type ServerMessage,
  subjects,
  type UserChangedNotice,
} from '@wine/contracts';
import type { BusSubscription } from '@wine/platform';
import { WebSocket, WebSocketServer } from 'ws';
import { createClientMessages } from './client-messages.ts';
import { createDelivery } from './delivery.ts';
import {
  type Client,
  encoded,
  type LiveRelayed,
  liveRoomMessage,
  lotMessage,
  POLICY_VIOLATION,
  type RealtimeDeps,
  type RealtimeServer,
  type Relayed,
  realtimeLimits,
} from './realtime-model.ts';
import { ReplayBuffer } from './replay-buffer.ts';
import { sentCounter } from './sent-counter.ts';

/** The slices the sockets are dealt into for the server's clock (see the ticker). */
const TIME_SLICES = 10;

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

  const { sendRaw, send, deliver, recheck } = createDelivery(deps, limits, sent);
  const handle = createClientMessages(deps, limits, buffer, send, deliver);
  const serverTime = (): ServerMessage => ({ type: 'servertime', dTime: deps.clock.now().toISOString() });

  const relay = (item: Relayed) => {
    buffer.add(item);
    for (const client of clients) deliver(client, item);
  };

  /** Each room's latest frame: the next one supersedes it (see LiveRelayed). */
  const latestFrames = new Map<string, LiveRelayed>();
  const relayLiveRoom = (notice: LiveRoomChangedNotice) => {
    const previous = latestFrames.get(notice.auctionId);
    // A republish, or a frame older than the one relayed (the bus redelivers): the room has moved on.
    if (previous && previous.position >= notice.position) return;
    const item: LiveRelayed = {
      kind: 'live',
      position: notice.position,
      auctionId: notice.auctionId,
      channel: `live:${notice.auctionId}`,
      frame: { notice, shared: encoded(liveRoomMessage(notice, null)) },
    };
    if (previous) previous.frame = null;
    latestFrames.set(notice.auctionId, item);
    relay(item);
  };

  const subscriptions: BusSubscription[] = [
    await deps.bus.subscribe<LotChangedNotice>(subjects.anyLotChanged, ({ data }) =>
      relay({
        kind: 'lot',
        position: data.position,
        notice: data,
        shared: encoded(lotMessage(data, null)),
        channel: `lot:${data.lot.id}`,
      }),
    ),
    await deps.bus.subscribe<UserChangedNotice>(subjects.anyUserChanged, ({ data }) =>
      relay({ kind: 'user', position: data.position, notice: data }),
    ),
    await deps.bus.subscribe<LiveRoomChangedNotice>(subjects.anyLiveRoomChanged, ({ data }) =>
      relayLiveRoom(data),
    ),
  ];

  // Each socket is sent the server's clock once per interval, at its own turn: the sockets are dealt
  // into TIME_SLICES slices and one slice is sent it every interval / TIME_SLICES, so a room of
  // thousands is not sent it all at once (one burst a second delayed whatever change came then).
  const timeSlices = Array.from({ length: TIME_SLICES }, () => new Set<Client>());
  let dealt = 0;
  let turn = 0;
  const ticker = setInterval(
    () => {
      const slice = timeSlices[turn++ % TIME_SLICES] as Set<Client>;
      if (slice.size === 0) return;
      const message = encoded(serverTime());
      for (const client of slice) sendRaw(client, message);
    },
    (deps.serverTimeIntervalMs ?? 1000) / TIME_SLICES,
  );
  ticker.unref();

  // A logout, a deactivation or a forced logout elsewhere ends the sockets signed in with that session.
  const sessionSweep = setInterval(() => {
    for (const client of clients) if (client.token !== null) void recheck(client);
  }, limits.sessionCheckIntervalMs);
  sessionSweep.unref();

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
    const timeSlice = timeSlices[dealt++ % TIME_SLICES] as Set<Client>;
    timeSlice.add(client);
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
    socket.on('close', () => {
      clients.delete(client);
      timeSlice.delete(client);
    });
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
