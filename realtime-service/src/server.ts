import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ClientMessage,
  type LotChangedMessage,
  type LotChangedNotice,
  type ServerMessage,
  subjects,
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
}

/**
 * Relays committed read-model changes from the bus to subscribed browsers, sends the server clock,
 * and replays what a reconnecting client missed (ARCHITECTURE.md "realtime-service").
 */
export async function createRealtimeServer(deps: RealtimeDeps): Promise<RealtimeServer> {
  const path = deps.path ?? '/ws';
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const clients = new Set<Client>();
  const buffer = new ReplayBuffer<LotChangedMessage>(deps.replayCapacity ?? 10_000);

  const send = (client: Client, message: ServerMessage) => {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify(message));
  };
  const wants = (client: Client, lotId: string) =>
    client.channels.has('lots') || client.channels.has(`lot:${lotId}`);
  const serverTime = (): ServerMessage => ({ type: 'servertime', dTime: deps.clock.now().toISOString() });

  const subscription: BusSubscription = await deps.bus.subscribe<LotChangedNotice>(
    subjects.anyLotChanged,
    (message) => {
      const out: LotChangedMessage = {
        type: 'lotChanged',
        position: message.data.position,
        event: message.data.event,
        lot: message.data.lot,
      };
      buffer.add(out);
      for (const client of clients) if (wants(client, out.lot.id)) send(client, out);
    },
  );

  const ticker = setInterval(() => {
    const message = JSON.stringify(serverTime());
    for (const client of clients)
      if (client.socket.readyState === WebSocket.OPEN) client.socket.send(message);
  }, deps.serverTimeIntervalMs ?? 1000);
  ticker.unref();

  wss.on('connection', (socket) => {
    const client: Client = { socket, channels: new Set() };
    clients.add(client);
    send(client, serverTime());
    socket.on('message', (raw) => {
      let parsed: ReturnType<typeof ClientMessage.safeParse>;
      try {
        parsed = ClientMessage.safeParse(JSON.parse(String(raw)));
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
          break;
        case 'unsubscribe':
          for (const c of message.channels) client.channels.delete(c);
          break;
        case 'resume': {
          const missed = buffer.after(message.after);
          if (missed === null) send(client, { type: 'resync', position: buffer.latest() ?? '' });
          else for (const m of missed) if (wants(client, m.lot.id)) send(client, m);
          break;
        }
        default: {
          const _exhaustive: never = message;
          return _exhaustive;
        }
      }
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
      await subscription.close();
      for (const client of clients) client.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
