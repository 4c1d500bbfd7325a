import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type LotChangedNotice, type LotView, subjects, type UserChangedNotice } from '@wine/contracts';
import { type Bus, createInProcessBus, createLogger, systemClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { createRealtimeServer, type RealtimeDeps, type RealtimeServer } from '@wine/realtime-service';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

/**
 * Hostile clients against the realtime server alone (in-process bus, no marketplace): each limit is
 * shown holding against a client that breaks it, beside a well-behaved one that keeps working.
 */

interface Harness {
  url: string;
  bus: Bus;
  realtime: RealtimeServer;
  /** Log lines the server wrote, parsed. */
  logs: Record<string, unknown>[];
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function start(
  options: Omit<Partial<RealtimeDeps>, 'bus' | 'clock' | 'logger'> = {},
): Promise<Harness> {
  const bus = createInProcessBus({ retain: 100 });
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger('info', 'realtime-hostile', {
    write: (line: string) => logs.push(JSON.parse(line)),
  });
  const realtime = await createRealtimeServer({ bus, clock: systemClock, logger, ...options });
  const http = createServer();
  realtime.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    await realtime.close();
    await new Promise((resolve) => http.close(resolve));
    await bus.close();
  });
  return { url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ws`, bus, realtime, logs };
}

interface Probe {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  /** Bytes received. */
  bytes: number;
  /** Resolves when the socket closes, with the code the server gave (1006: dropped without one). */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  of<T = Record<string, unknown>>(type: string): T[];
  /** Resolves when the server has handled everything this socket sent before (it answers in order). */
  settle(): Promise<void>;
}

/** How the socket closed, failing when it is still open after 5 s. */
const closeOf = (probe: Probe) =>
  Promise.race([
    probe.closed,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the server did not close the socket')), 5_000),
    ),
  ]);

const connect = (url: string) =>
  new Promise<Probe>((resolve, reject) => {
    const ws = new WebSocket(url);
    const probe: Probe = {
      ws,
      messages: [],
      bytes: 0,
      closed: new Promise((done) =>
        ws.once('close', (code, reason) => done({ code, reason: String(reason) })),
      ),
      send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
      of: <T>(type: string) => probe.messages.filter((m) => m.type === type) as T[],
      async settle() {
        const before = probe.of('authenticated').length;
        probe.send({ type: 'auth', token: null });
        await eventually(() => probe.of('authenticated').length > before, Boolean, 'the server to answer');
      },
    };
    ws.on('message', (raw: Buffer) => {
      probe.bytes += raw.length;
      probe.messages.push(JSON.parse(String(raw)));
    });
    ws.once('open', () => resolve(probe));
    ws.once('error', reject);
  });

let positions = 0;
/** The next log position (padded, so they order as strings do). */
const nextPosition = () => String(++positions).padStart(20, '0');
/** A committed change of one lot as the read side publishes it; `pad` makes it that much larger. */
function lotNotice(
  lotId: string,
  options: { users?: LotChangedNotice['users']; pad?: number } = {},
): LotChangedNotice {
  const position = nextPosition();
  return {
    position,
    eventId: `event-${position}`,
    kind: 'lotChanged',
    events: ['LotUpdated'],
    below_five: 0,
    lot: {
      id: lotId,
      date_closed: '2030-01-01T00:00:00.000Z',
      name: 'x'.repeat(options.pad ?? 0),
    } as unknown as LotView,
    users: options.users ?? {},
  };
}
const publish = (bus: Bus, notice: LotChangedNotice) =>
  bus.publish(subjects.lotChanged(notice.lot.id), notice);
const standing = {
  bidtopstatus: 'winner',
  bid_or_not: 1,
  my_max_bid: 90_000,
  outbid: false,
} as LotChangedNotice['users'][string];
const lotIds = (probe: Probe) => probe.of<{ lot: { id: string } }>('lotChanged').map((m) => m.lot.id);
const received = (probe: Probe, lotId: string) => () => lotIds(probe).includes(lotId);

describe('channels per socket', () => {
  it('refuses a subscribe that would take a socket past 100 channels, and relays nothing on the refused ones', async () => {
    const { url, bus } = await start();
    const s = await connect(url);
    const channels = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `lot:cap-${from + i}`);
    s.send({ type: 'subscribe', channels: channels(0, 60) });
    s.send({ type: 'subscribe', channels: channels(60, 120) });
    s.send({ type: 'subscribe', channels: channels(60, 100) });
    s.send({ type: 'subscribe', channels: ['lot:cap-100'] });
    // Channels it holds already cost nothing.
    s.send({ type: 'subscribe', channels: ['lot:cap-0', 'lot:cap-99'] });
    await s.settle();
    expect(s.of<{ message: string }>('error').map((m) => m.message)).toEqual([
      'at most 100 channels per socket',
      'at most 100 channels per socket',
    ]);

    for (const id of ['cap-110', 'cap-100', 'cap-0', 'cap-99']) await publish(bus, lotNotice(id));
    await eventually(received(s, 'cap-99'), Boolean, 'the last accepted channel');
    expect(lotIds(s)).toEqual(['cap-0', 'cap-99']);
  });

  it('keeps a socket that sends subscribe after subscribe of new channels to the cap', async () => {
    const { url } = await start({ messageRate: { perSecond: 1000, burst: 1000 } });
    const s = await connect(url);
    for (let n = 0; n < 300; n++) {
      s.send({ type: 'subscribe', channels: Array.from({ length: 200 }, (_, i) => `lot:f${n}-${i}`) });
    }
    await s.settle();
    // 200 channels in one message is beyond 100 already: every one is refused, none kept.
    expect(s.of('error')).toHaveLength(300);
    s.send({ type: 'subscribe', channels: Array.from({ length: 100 }, (_, i) => `lot:ok-${i}`) });
    s.send({ type: 'subscribe', channels: ['lot:one-more'] });
    await s.settle();
    expect(s.of('error')).toHaveLength(301);
  });
});

describe('resume window', () => {
  it('tells a client 600 changes behind to resync, with no replay, and replays to one 10 behind', async () => {
    const { url, bus } = await start();
    const published: LotChangedNotice[] = [];
    for (let n = 0; n < 600; n++) published.push(lotNotice('resume-far'));
    const last = lotNotice('resume-end');
    published.push(last);
    for (const notice of published) await publish(bus, notice);
    // The relay has taken everything when a socket resuming from the next to last gets the last.
    const near = await connect(url);
    near.send({ type: 'subscribe', channels: ['lots'] });
    near.send({ type: 'resume', after: published.at(-11)?.position });
    await eventually(received(near, 'resume-end'), Boolean, 'the replay');
    expect(lotIds(near)).toHaveLength(10);
    expect(near.of('resync')).toEqual([]);

    const far = await connect(url);
    far.send({ type: 'subscribe', channels: ['lots'] });
    far.send({ type: 'resume', after: published[0]?.position });
    await far.settle();
    expect(far.of('resync')).toEqual([{ type: 'resync', position: last.position }]);
    expect(far.of('lotChanged')).toEqual([]);
  });

  it('answers one resume per connection, not a hundred', async () => {
    const { url, bus } = await start();
    const published = Array.from({ length: 50 }, () => lotNotice('resume-again'));
    for (const notice of published) await publish(bus, notice);
    const s = await connect(url);
    s.send({ type: 'subscribe', channels: ['lots'] });
    for (let n = 0; n < 30; n++) s.send({ type: 'resume', after: published[0]?.position });
    await s.settle();
    expect(s.of('lotChanged')).toHaveLength(49);
    expect(s.of<{ message: string }>('error').map((m) => m.message)).toEqual(
      Array(29).fill('resume once per connection'),
    );
  });
});

describe('a socket that stops reading', () => {
  it('is dropped once what is queued for it passes the limit, and the others go on', async () => {
    const limit = 256 * 1024;
    const { url, bus, realtime, logs } = await start({ maxBufferedBytes: limit });
    const slow = await connect(url);
    slow.send({ type: 'subscribe', channels: ['lots'] });
    await slow.settle();
    (slow.ws as unknown as { _socket: Socket })._socket.pause();
    const watcher = await connect(url);
    watcher.send({ type: 'subscribe', channels: ['lot:slow-end'] });
    await watcher.settle();
    expect(realtime.clientCount()).toBe(2);

    // 64 KB changes until the slow socket is gone, or 96 MB (what the kernel buffers take is far less).
    const size = 64 * 1024;
    let sent = 0;
    while (realtime.clientCount() === 2 && sent < 96 * 1024 * 1024) {
      for (let n = 0; n < 16; n++) await publish(bus, lotNotice('slow-flood', { pad: size }));
      sent += 16 * size;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(realtime.clientCount()).toBe(1);
    const dropped = logs.filter((l) => l.msg === 'slow socket dropped');
    expect(dropped).toHaveLength(1);
    // The check before every send: never more than the limit and the one message it came on.
    expect(dropped[0]?.bufferedAmount).toBeGreaterThan(limit);
    expect(dropped[0]?.bufferedAmount).toBeLessThanOrEqual(limit + size + 1024);

    await publish(bus, lotNotice('slow-end'));
    await eventually(received(watcher, 'slow-end'), Boolean, 'the watcher to go on receiving');
    (slow.ws as unknown as { _socket: Socket })._socket.resume();
    expect((await closeOf(slow)).code).toBe(1006);
    expect(slow.bytes).toBeLessThan(sent);
  });
});

describe('message rate', () => {
  it('closes a socket that floods frames with 1008, and keeps one within the burst', async () => {
    const { url, realtime } = await start();
    const calm = await connect(url);
    for (let n = 0; n < 30; n++) calm.send({ type: 'subscribe', channels: ['lots'] });
    await calm.settle();

    const flood = await connect(url);
    for (let n = 0; n < 10_000; n++) flood.send({ type: 'subscribe', channels: [`lot:flood-${n % 200}`] });
    expect(await closeOf(flood)).toEqual({ code: 1008, reason: 'too many messages' });
    await eventually(() => realtime.clientCount() === 1, Boolean, 'the flood socket to be gone');
    await calm.settle();
    expect(calm.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('frame size', () => {
  it('closes a socket that sends a frame over 8 KiB with 1009, and takes the largest valid message', async () => {
    const { url } = await start();
    const fits = await connect(url);
    fits.send({ type: 'auth', token: 't'.repeat(4096) });
    await eventually(() => fits.of('error').length > 0, Boolean, 'the answer to a large token');
    expect(fits.ws.readyState).toBe(WebSocket.OPEN);

    const big = await connect(url);
    big.send({ type: 'auth', token: 't'.repeat(9000) });
    expect((await closeOf(big)).code).toBe(1009);
  });
});

describe('a socket whose session ends', () => {
  const tokens = new Map([
    ['ann-token', 'ann'],
    ['bob-token', 'bob'],
  ]);
  let checks = 0;
  const authenticate = async (token: string) => {
    checks += 1;
    return tokens.get(token) ?? null;
  };
  /** Waits for `n` more session checks (each socket's periodic check calls authenticate). */
  const moreChecks = async (n: number) => {
    const target = checks + n;
    await eventually(() => checks >= target, Boolean, `${n} more session checks`);
  };
  const signIn = async (url: string, token: string) => {
    const s = await connect(url);
    s.send({ type: 'auth', token });
    await eventually(() => s.of('authenticated').length > 0, Boolean, 'signed in');
    return s;
  };

  it('gets no private message after its token stops being valid: the socket is closed first', async () => {
    tokens.set('ann-token', 'ann');
    // The sweep is far off: the check before the private message is what ends it.
    const { url, bus } = await start({ authenticate, sessionCheckIntervalMs: 60_000, sessionMaxAgeMs: 0 });
    const [ann, bob] = [await signIn(url, 'ann-token'), await signIn(url, 'bob-token')];
    await publish(bus, lotNotice('session-1', { users: { ann: standing } }));
    await eventually(received(ann, 'session-1'), Boolean, 'ann standing');
    expect(ann.of<{ status?: unknown }>('lotChanged')[0]?.status).toMatchObject({ my_max_bid: 90_000 });

    tokens.delete('ann-token');
    await publish(bus, lotNotice('session-2', { users: { ann: standing, bob: standing } }));
    const position = nextPosition();
    const watch: UserChangedNotice = {
      position,
      eventId: `event-${position}`,
      userId: 'ann',
      message: { type: 'watchlistAdded', position, lot_id: 'session-2', status: 1 },
    };
    await bus.publish(subjects.userChanged('ann'), watch);
    expect(await closeOf(ann)).toEqual({ code: 4401, reason: 'session ended' });
    expect(lotIds(ann)).toEqual(['session-1']);
    expect(ann.of('watchlistAdded')).toEqual([]);
    // Bob's session holds: he gets his.
    await eventually(received(bob, 'session-2'), Boolean, 'bob standing');
    expect(bob.of<{ status?: unknown }>('lotChanged')[0]?.status).toMatchObject({ bidtopstatus: 'winner' });
  });

  it('is closed by the periodic check with nothing published', async () => {
    tokens.set('ann-token', 'ann');
    const { url, realtime } = await start({ authenticate, sessionCheckIntervalMs: 50 });
    const [ann, bob] = [await signIn(url, 'ann-token'), await signIn(url, 'bob-token')];
    const anonymous = await connect(url);
    await moreChecks(6);
    expect(realtime.clientCount()).toBe(3);

    tokens.delete('ann-token');
    expect(await closeOf(ann)).toEqual({ code: 4401, reason: 'session ended' });
    await moreChecks(4);
    expect([bob.ws.readyState, anonymous.ws.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]);
  });
});
