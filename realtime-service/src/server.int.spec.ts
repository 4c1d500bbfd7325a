import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerMessage, subjects, type UserChangedNotice } from '@wine/contracts';
import { createInProcessBus, createLogger, systemClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RealtimeServer } from './realtime-model.ts';
import { createRealtimeServer } from './server.ts';

const bus = createInProcessBus();
let http: Server;
let realtime: RealtimeServer;
let url: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  // A token names its user ('t-ann' is ann): the session check is not what these specs are about.
  const authenticate = async (token: string) => (token.startsWith('t-') ? token.slice(2) : null);
  realtime = await createRealtimeServer({
    bus,
    clock: systemClock,
    logger: createLogger('silent'),
    authenticate,
  });
  http = createServer();
  realtime.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await realtime.close();
  await new Promise((resolve) => http.close(resolve));
});

/** A socket signed in as `userId`, with every message it received. */
async function signedIn(userId: string) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const received: ServerMessage[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw)) as ServerMessage));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'auth', token: `t-${userId}` }));
  await eventually(() => received.some((m) => m.type === 'authenticated'), Boolean);
  return { socket, received, mine: () => received.filter((m) => m.type === 'cartChanged') };
}

const cartChanged = (userId: string, position: string): UserChangedNotice => ({
  position,
  eventId: `e-${position}`,
  userId,
  message: { type: 'cartChanged', position },
});

describe('cartChanged', () => {
  it("reaches its user's sockets only, and again after a reconnect from an earlier position", async () => {
    const ann = await signedIn('ann');
    const bob = await signedIn('bob');
    await bus.publish(subjects.userChanged('ann'), cartChanged('ann', '00000000000000000101'), {
      msgId: 'e-101',
    });
    await bus.publish(subjects.userChanged('bob'), cartChanged('bob', '00000000000000000102'), {
      msgId: 'e-102',
    });
    await bus.publish(subjects.userChanged('ann'), cartChanged('ann', '00000000000000000103'), {
      msgId: 'e-103',
    });
    await eventually(() => ann.mine().length === 2 && bob.mine().length === 1, Boolean);
    expect(ann.mine()).toEqual([
      { type: 'cartChanged', position: '00000000000000000101' },
      { type: 'cartChanged', position: '00000000000000000103' },
    ]);
    expect(bob.mine()).toEqual([{ type: 'cartChanged', position: '00000000000000000102' }]);

    const again = await signedIn('ann');
    again.socket.send(JSON.stringify({ type: 'resume', after: '00000000000000000101' }));
    await eventually(() => again.mine().length === 1, Boolean);
    // A ping through the server: anything else it had to replay would have come before its answer.
    again.socket.send(JSON.stringify({ type: 'auth', token: 't-ann' }));
    await eventually(() => again.received.filter((m) => m.type === 'authenticated').length === 2, Boolean);
    expect(again.mine()).toEqual([{ type: 'cartChanged', position: '00000000000000000103' }]);
  });
});
