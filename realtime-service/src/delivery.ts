import { performance } from 'node:perf_hooks';
import type { ServerMessage } from '@wine/contracts';
import { WebSocket } from 'ws';
import {
  type Client,
  type LiveRelayed,
  liveRoomMessage,
  lotMessage,
  MAX_HELD,
  type RealtimeDeps,
  type Relayed,
  SESSION_ENDED,
} from './realtime-model.ts';
import type { sentCounter } from './sent-counter.ts';

/** Every frame is text, an encoded one (`encoded`) as well as a string. */
const TEXT = { binary: false } as const;

/**
 * Sending to sockets: every frame, the choice of who sees a change, and the private changes held until
 * the socket's session is checked again.
 */
export function createDelivery(
  deps: Pick<RealtimeDeps, 'logger' | 'authenticate'>,
  limits: { maxBufferedBytes: number; sessionMaxAgeMs: number },
  sent: ReturnType<typeof sentCounter>,
) {
  /**
   * Every frame to a socket goes through here. A socket that does not read keeps what it is sent in
   * this process's memory: past the limit it is dropped (it reconnects and resumes, or reloads).
   */
  const sendRaw = (client: Client, data: string | Buffer) => {
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
    socket.send(data, TEXT);
    sent.add(performance.now());
  };
  const send = (client: Client, message: ServerMessage) => sendRaw(client, JSON.stringify(message));
  /** `channel`: the lot's own (`lot:<id>`). */
  const wants = (client: Client, channel: string) =>
    client.channels.has('lots') || client.channels.has(channel);
  /** A live room is sent only to the sockets in it (its `live:<auctionId>` channel), its bidders' included. */
  const inRoom = (client: Client, item: LiveRelayed) => client.channels.has(item.channel);

  /** The change carries the socket's user's own standing or data. */
  const isPrivate = (client: Client, item: Relayed): boolean => {
    const userId = client.userId;
    if (userId === null) return false;
    switch (item.kind) {
      case 'user':
        return item.notice.userId === userId;
      case 'lot':
        return Object.hasOwn(item.notice.users, userId);
      case 'live':
        return item.frame !== null && inRoom(client, item) && Object.hasOwn(item.frame.notice.users, userId);
      default: {
        const _exhaustive: never = item;
        return _exhaustive;
      }
    }
  };

  /**
   * Sends a change to a client that should see it: the lot's watchers, and the users it touched; a live
   * room's frame to the sockets in the room, patched for a user it touched (serialized for them), the
   * shared frame (serialized once) for everyone else.
   */
  const sendChange = (client: Client, item: Relayed) => {
    switch (item.kind) {
      case 'user':
        if (isPrivate(client, item)) send(client, item.notice.message);
        return;
      case 'lot':
        if (isPrivate(client, item)) send(client, lotMessage(item.notice, client.userId));
        else if (wants(client, item.channel)) sendRaw(client, item.shared);
        return;
      case 'live':
        // Superseded by a later frame of the room, which follows.
        if (item.frame === null || !inRoom(client, item)) return;
        if (isPrivate(client, item)) send(client, liveRoomMessage(item.frame.notice, client.userId));
        else sendRaw(client, item.frame.shared);
        return;
      default: {
        const _exhaustive: never = item;
        return _exhaustive;
      }
    }
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
  return { sendRaw, send, deliver, recheck };
}
