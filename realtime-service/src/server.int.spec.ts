import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type LiveRoomChangedNotice,
  type LiveRoomMessage,
  type LiveRoomView,
  type ServerMessage,
  subjects,
  type UserChangedNotice,
} from '@wine/contracts';
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

/** A socket signed in as `userId` (a visitor's when null), with every message it received, raw too. */
async function connected(userId: string | null) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const received: ServerMessage[] = [];
  const raw: string[] = [];
  let binaryFrames = 0;
  socket.on('message', (data, isBinary) => {
    if (isBinary) binaryFrames += 1;
    raw.push(String(data));
    received.push(JSON.parse(String(data)) as ServerMessage);
  });
  await new Promise((resolve) => socket.once('open', resolve));
  if (userId !== null) {
    socket.send(JSON.stringify({ type: 'auth', token: `t-${userId}` }));
    await eventually(() => received.some((m) => m.type === 'authenticated'), Boolean);
  }
  return {
    socket,
    received,
    raw,
    /** Frames that came as binary: a browser would hand its page a Blob, not the JSON text. */
    binaryFrames: () => binaryFrames,
    mine: () => received.filter((m) => m.type === 'cartChanged'),
    rooms: () => received.filter((m): m is LiveRoomMessage => m.type === 'liveRoom'),
    /** Sends a message, and waits for the server to have handled it (its answer, or a ping's). */
    async ask(message: unknown, answer: ServerMessage['type']) {
      const before = received.filter((m) => m.type === answer).length;
      socket.send(JSON.stringify(message));
      await eventually(() => received.filter((m) => m.type === answer).length > before, Boolean);
    },
  };
}
const signedIn = (userId: string) => connected(userId);

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

/** Sale `aid` with lot 7 on the block: an internet bid, then a floor bid by paddle 101 leading. */
const room = (aid: string, over: Partial<LiveRoomView> = {}): LiveRoomView => ({
  auction_id: aid,
  title: 'Live: Great Growths',
  status: 'open',
  pause_reason: '',
  current_lot: {
    lot_id: `${aid}-l7`,
    lot_number: '7',
    title: '2010 Latour',
    image: null,
    ask: 12_000,
    price: 11_000,
    fair_warning: false,
    hammer: null,
    bids: [
      { amount: 10_000, source: 'internet', paddle: null, mine: false, at: '2026-11-28T19:00:00.000Z' },
      { amount: 11_000, source: 'floor', paddle: '101', mine: false, at: '2026-11-28T19:00:05.000Z' },
    ],
    standing: 'none',
  },
  my_paddle: null,
  paddle_count: 2,
  results: [],
  next_lots: [],
  lots_to_come: 3,
  messages: [],
  ...over,
});

/** The room's change at `position`: Ivy bid on the internet and is outbid, Flo leads from the floor. */
const roomChanged = (
  aid: string,
  position: string,
  over: Partial<LiveRoomView> = {},
): LiveRoomChangedNotice => ({
  position,
  eventId: `e-${position}`,
  auctionId: aid,
  room: room(aid, over),
  users: {
    'ivy-5c1e': { standing: 'outbid', mine: [0] },
    'flo-9a2b': { standing: 'leading', mine: [1] },
  },
});

const publishRoom = (notice: LiveRoomChangedNotice) =>
  bus.publish(subjects.liveRoomChanged(notice.auctionId), notice, { msgId: notice.eventId });

describe('live rooms (issue 37)', () => {
  it("sends a room's frames to the sockets in it only", async () => {
    const inRoom = await connected(null);
    const elsewhere = await connected(null);
    await inRoom.ask({ type: 'subscribe', channels: ['live:s-1'] }, 'subscribed');
    await elsewhere.ask({ type: 'subscribe', channels: ['live:s-2', 'lots'] }, 'subscribed');
    await publishRoom(roomChanged('s-1', '00000000000000000201'));
    await eventually(() => inRoom.rooms().length === 1, Boolean);
    expect(inRoom.rooms()[0]).toEqual({
      type: 'liveRoom',
      position: '00000000000000000201',
      room: room('s-1'),
    });
    // A ping through the server: a frame sent to it would have come before the answer.
    await elsewhere.ask({ type: 'subscribe', channels: ['lots'] }, 'subscribed');
    expect(elsewhere.rooms()).toEqual([]);
    // The shared frame is encoded once and sent to each socket as text, as every other message.
    expect(inRoom.binaryFrames()).toBe(0);
  });

  it('gives a bidder the change touched their own standing and bids, and everyone else the shared frame', async () => {
    const ivy = await signedIn('ivy-5c1e');
    const flo = await signedIn('flo-9a2b');
    const pat = await signedIn('pat-77d0');
    // Flo is touched but not in the room: a room's frame is never sent outside it.
    for (const bidder of [ivy, pat])
      await bidder.ask({ type: 'subscribe', channels: ['live:s-3'] }, 'subscribed');
    await publishRoom(roomChanged('s-3', '00000000000000000301'));
    await eventually(() => ivy.rooms().length === 1 && pat.rooms().length === 1, Boolean);
    const lotOf = (m: LiveRoomMessage | undefined) => m?.room.current_lot;
    expect(lotOf(ivy.rooms()[0])?.standing).toBe('outbid');
    expect(lotOf(ivy.rooms()[0])?.bids.map((b) => b.mine)).toEqual([true, false]);
    expect(lotOf(pat.rooms()[0])?.standing).toBe('none');
    expect(lotOf(pat.rooms()[0])?.bids.map((b) => b.mine)).toEqual([false, false]);
    await flo.ask({ type: 'subscribe', channels: ['live:s-3'] }, 'subscribed');
    await publishRoom(roomChanged('s-3', '00000000000000000302'));
    await eventually(() => flo.rooms().length === 1, Boolean);
    await flo.ask({ type: 'subscribe', channels: ['live:s-3'] }, 'subscribed');
    expect(flo.rooms().map((m) => m.position)).toEqual(['00000000000000000302']);
    expect(lotOf(flo.rooms()[0])).toMatchObject({ standing: 'leading' });
    expect(lotOf(flo.rooms()[0])?.bids.map((b) => b.mine)).toEqual([false, true]);
  });

  it('never shows a visitor (or another bidder) a bidder’s id', async () => {
    const visitor = await connected(null);
    const pat = await signedIn('pat-77d0');
    for (const socket of [visitor, pat])
      await socket.ask({ type: 'subscribe', channels: ['live:s-4'] }, 'subscribed');
    await publishRoom(roomChanged('s-4', '00000000000000000401'));
    await eventually(() => visitor.rooms().length === 1 && pat.rooms().length === 1, Boolean);
    for (const frame of [...visitor.raw, ...pat.raw]) {
      expect(frame).not.toContain('ivy-5c1e');
      expect(frame).not.toContain('flo-9a2b');
      expect(frame).not.toContain('users');
    }
  });

  it("resumes a reconnecting socket with the room's latest frame only", async () => {
    await publishRoom(roomChanged('s-5', '00000000000000000501', { paddle_count: 1 }));
    await publishRoom(roomChanged('s-5', '00000000000000000502', { paddle_count: 2 }));
    await publishRoom(roomChanged('s-5', '00000000000000000503', { paddle_count: 3 }));
    // An older frame delivered again (past the bus's duplicate window) does not take the room back.
    const late = roomChanged('s-5', '00000000000000000502', { paddle_count: 2 });
    await bus.publish(subjects.liveRoomChanged('s-5'), late, { msgId: 'e-502-again' });
    const again = await signedIn('ivy-5c1e');
    await again.ask({ type: 'subscribe', channels: ['live:s-5'] }, 'subscribed');
    again.socket.send(JSON.stringify({ type: 'resume', after: '00000000000000000501' }));
    await eventually(() => again.rooms().length === 1, Boolean);
    await again.ask({ type: 'auth', token: 't-ivy-5c1e' }, 'authenticated');
    expect(again.rooms().map((m) => [m.position, m.room.paddle_count, m.room.current_lot?.standing])).toEqual(
      [['00000000000000000503', 3, 'outbid']],
    );
  });

  it('refuses a live channel whose id is not one', async () => {
    const visitor = await connected(null);
    await visitor.ask({ type: 'subscribe', channels: ['live:no spaces'] }, 'error');
    expect(visitor.received.filter((m) => m.type === 'subscribed')).toEqual([]);
  });
});
