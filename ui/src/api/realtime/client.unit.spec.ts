import type { LiveRoomMessage, LiveRoomView, LotChangedMessage, LotView } from '@wine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test-utils/fake-socket.ts';
import { createRealtimeClient } from './client.ts';

const lotChanged = (id: string, position: string): LotChangedMessage => ({
  type: 'lotChanged',
  position,
  events: ['LotUpdated'],
  event: 'LotUpdated',
  lot: { id } as LotView,
});

const liveRoom = (auctionId: string, position: string): LiveRoomMessage => ({
  type: 'liveRoom',
  position,
  room: { auction_id: auctionId } as LiveRoomView,
});

function setup() {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient({
    url: 'ws://test/ws',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    backoff: { initialMs: 100, maxMs: 1000 },
    random: () => 1,
  });
  const statuses: string[] = [];
  const times: string[] = [];
  const stop = client.start({ onStatus: (s) => statuses.push(s), onServerTime: (t) => times.push(t) });
  const socket = (i: number) => {
    const s = sockets[i];
    if (!s) throw new Error(`no socket #${i}`);
    return s;
  };
  return { client, sockets, socket, statuses, times, stop };
}

describe('realtime client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('subscribes to the channels of its listeners once the socket is open and reports Live', () => {
    const { client, socket, statuses } = setup();
    client.listen({ channels: ['lots'], onLotChanged: () => {} });
    expect(statuses).toEqual(['connecting']);
    socket(0).open();
    expect(socket(0).sent).toEqual([{ type: 'subscribe', channels: ['lots'] }]);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('passes servertime on and delivers lot changes to the listeners of that lot, once', () => {
    const { client, socket, times } = setup();
    const all = vi.fn();
    const one = vi.fn();
    client.listen({ channels: ['lots'], onLotChanged: all });
    client.listen({ channels: ['lot:b'], onLotChanged: one });
    socket(0).open();
    socket(0).receive({ type: 'servertime', dTime: '2030-01-01T00:00:00.000Z' });
    socket(0).receive(lotChanged('a', '01'));
    socket(0).receive(lotChanged('b', '02'));
    socket(0).receive(lotChanged('b', '02'));
    expect(times).toEqual(['2030-01-01T00:00:00.000Z']);
    expect(all).toHaveBeenCalledTimes(2);
    expect(one).toHaveBeenCalledTimes(1);
    expect(one.mock.calls[0]?.[0].lot.id).toBe('b');
  });

  it('unsubscribes a channel when its last listener leaves', () => {
    const { client, socket } = setup();
    socket(0).open();
    const first = client.listen({ channels: ['lot:x'], onLotChanged: () => {} });
    const second = client.listen({ channels: ['lot:x'], onLotChanged: () => {} });
    first();
    second();
    expect(socket(0).sent).toEqual([
      { type: 'subscribe', channels: ['lot:x'] },
      { type: 'unsubscribe', channels: ['lot:x'] },
    ]);
  });

  it('reconnects with growing delays and resumes after the last position seen', () => {
    const { client, sockets, socket, statuses } = setup();
    client.listen({ channels: ['lots'], onLotChanged: () => {} });
    socket(0).open();
    socket(0).receive(lotChanged('a', '00000000000000000007'));
    socket(0).drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(99);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    socket(1).drop();
    vi.advanceTimersByTime(199);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    socket(2).open();
    expect(socket(2).sent).toEqual([
      { type: 'subscribe', channels: ['lots'] },
      { type: 'resume', after: '00000000000000000007' },
    ]);
    expect(statuses.at(-1)).toBe('open');
  });

  it('asks listeners to refetch after a reconnect with nothing to resume from, or on resync', () => {
    const { client, socket } = setup();
    const onResync = vi.fn();
    client.listen({ channels: ['lots'], onLotChanged: () => {}, onResync });
    socket(0).open();
    socket(0).drop();
    vi.advanceTimersByTime(100);
    socket(1).open();
    expect(onResync).toHaveBeenCalledTimes(1);
    socket(1).receive({ type: 'resync', position: '00000000000000000042' });
    expect(onResync).toHaveBeenCalledTimes(2);
    expect(client.lastPosition).toBe('00000000000000000042');
  });

  it('asks a listener to refetch once the server confirms the subscription it waited for, and no other', () => {
    const { client, socket } = setup();
    const early = vi.fn();
    const late = vi.fn();
    const joiner = vi.fn();
    // Subscribed as the socket opens, and while it is open: what each fetched before may predate a change.
    client.listen({ channels: ['lots'], onLotChanged: () => {}, onResync: early });
    socket(0).open();
    client.listen({ channels: ['lot:x'], onLotChanged: () => {}, onResync: late });
    expect([early, late].map((f) => f.mock.calls.length)).toEqual([0, 0]);
    socket(0).receive({ type: 'subscribed', channels: ['lots'] });
    expect([early, late].map((f) => f.mock.calls.length)).toEqual([1, 0]);
    // A second listener of a channel already relayed missed nothing.
    client.listen({ channels: ['lots'], onLotChanged: () => {}, onResync: joiner });
    socket(0).receive({ type: 'subscribed', channels: ['lot:x'] });
    socket(0).receive({ type: 'subscribed', channels: ['lot:x', 'lots'] });
    expect([early, late, joiner].map((f) => f.mock.calls.length)).toEqual([1, 1, 0]);
  });

  it('does not ask a listener that left before the answer, nor after a reconnect that resumes', () => {
    const { client, socket } = setup();
    const gone = vi.fn();
    const stays = vi.fn();
    socket(0).open();
    const leave = client.listen({ channels: ['lot:a'], onLotChanged: () => {}, onResync: gone });
    client.listen({ channels: ['lots'], onLotChanged: () => {}, onResync: stays });
    leave();
    socket(0).receive({ type: 'subscribed', channels: ['lot:a'] });
    socket(0).receive(lotChanged('b', '00000000000000000003'));
    socket(0).drop();
    vi.advanceTimersByTime(100);
    socket(1).open();
    socket(1).receive({ type: 'subscribed', channels: ['lots'] });
    expect(gone).not.toHaveBeenCalled();
    // The subscription made before the drop was never confirmed; the resume covers the gap.
    expect(stays).not.toHaveBeenCalled();
    expect(socket(1).sent.at(-1)).toEqual({ type: 'resume', after: '00000000000000000003' });
  });

  it("tells cart listeners of the user's cartChanged once, and resumes after it", () => {
    const { client, socket } = setup();
    const onCartChanged = vi.fn();
    const onMessage = vi.fn();
    const stopCarts = client.listenCarts({ onCartChanged });
    client.listenUser({ onMessage });
    socket(0).open();
    socket(0).receive({ type: 'cartChanged', position: '00000000000000000009' });
    socket(0).receive({ type: 'cartChanged', position: '00000000000000000009' });
    expect(onCartChanged).toHaveBeenCalledTimes(1);
    expect(onMessage).not.toHaveBeenCalled();
    expect(client.lastPosition).toBe('00000000000000000009');
    // Changes may have been missed: the carts load again too.
    socket(0).receive({ type: 'resync', position: '00000000000000000010' });
    expect(onCartChanged).toHaveBeenCalledTimes(2);
    stopCarts();
    socket(0).receive({ type: 'cartChanged', position: '00000000000000000011' });
    expect(onCartChanged).toHaveBeenCalledTimes(2);
  });

  it('drops a silent connection and reconnects', () => {
    const { sockets, socket } = setup();
    socket(0).open();
    vi.advanceTimersByTime(10_000);
    expect(socket(0).closed).toBe(true);
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(2);
  });

  it('stops for good when stopped', () => {
    const { sockets, socket, statuses, stop } = setup();
    socket(0).open();
    stop();
    expect(socket(0).closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('offline');
  });

  it('relays a live room on its channel: its frames once, its coming-up lots, a refetch once it holds', () => {
    const { client, socket } = setup();
    const frames = vi.fn();
    const comingUp = vi.fn();
    const onResync = vi.fn();
    const other = vi.fn();
    const leave = client.listenLive({ auctionId: 's-1', onRoom: frames, onComingUp: comingUp, onResync });
    client.listenLive({ auctionId: 's-2', onRoom: other });
    socket(0).open();
    expect(socket(0).sent).toEqual([{ type: 'subscribe', channels: ['live:s-1', 'live:s-2'] }]);
    socket(0).receive({ type: 'subscribed', channels: ['live:s-1', 'live:s-2'] });
    expect(onResync).toHaveBeenCalledTimes(1);
    socket(0).receive(liveRoom('s-1', '00000000000000000011'));
    // Again in a resume's replay: once is enough.
    socket(0).receive(liveRoom('s-1', '00000000000000000011'));
    const lot = { auction_id: 's-1', lot_id: 'l-4', lots_before: 3 };
    socket(0).receive({ type: 'liveComingUp', position: '00000000000000000012', ...lot });
    expect(frames.mock.calls.map(([m]) => m.position)).toEqual(['00000000000000000011']);
    expect(comingUp.mock.calls.map(([m]) => m.lot_id)).toEqual(['l-4']);
    expect(other).not.toHaveBeenCalled();
    expect(client.lastPosition).toBe('00000000000000000012');
    leave();
    expect(socket(0).sent.at(-1)).toEqual({ type: 'unsubscribe', channels: ['live:s-1'] });
    socket(0).receive(liveRoom('s-1', '00000000000000000013'));
    expect(frames).toHaveBeenCalledTimes(1);
  });
});
