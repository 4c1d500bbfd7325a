import { act } from '@testing-library/react';
import type { ServerMessage } from '@wine/contracts';
import { createStore } from 'jotai';
import { onTestFinished } from 'vitest';
import { createRealtimeClient } from '../../api/realtime/client.ts';
import { connectionStatusAtom, realtimeClientAtom } from '../../state/realtime.ts';
import { FakeSocket } from '../../test-utils/fake-socket.ts';

/**
 * A store whose realtime client talks to a fake socket, started as the header starts it (its status in
 * connectionStatusAtom): open it, push the server's messages, drop it (it reconnects at once, to a new
 * socket the test opens again).
 */
export function liveSocket() {
  const store = createStore();
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient({
    url: 'ws://test/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    backoff: { initialMs: 1, maxMs: 1 },
  });
  store.set(realtimeClientAtom, client);
  onTestFinished(client.start({ onStatus: (status) => store.set(connectionStatusAtom, status) }));
  const socket = () => {
    const last = sockets.at(-1);
    if (!last) throw new Error('no socket yet');
    return last;
  };
  return {
    store,
    /** What the client sent on the socket of the moment. */
    sent: () => socket().sent,
    open: () => act(() => socket().open()),
    receive: (message: ServerMessage) => act(() => socket().receive(message)),
    drop: () => act(() => socket().drop()),
    sockets: () => sockets.length,
  };
}
