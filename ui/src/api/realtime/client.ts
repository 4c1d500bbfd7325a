import { createConnection } from './connection.ts';
import { createMessageReader, type Position } from './messages.ts';
import { createSubscriptions } from './subscriptions.ts';
import type { RealtimeClient, RealtimeClientOptions } from './types.ts';

/**
 * The WebSocket client: one connection (connection.ts), the listeners and their channels
 * (subscriptions.ts), the server's messages read and delivered once (messages.ts).
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  let token: string | null = null;
  const position: Position = { last: null };
  const connection = createConnection(options, {
    onOpen: (reconnected) => {
      // The server takes a socket's messages in order: signed in first, so a resume replays the
      // user's own messages too.
      if (token) connection.send({ type: 'auth', token });
      subscriptions.subscribeAll();
      if (reconnected) {
        // The resume below (or a resync) covers what was missed: no listener asks again on the answer.
        subscriptions.forgetAwaiting();
        // seeds: the socket is the live source; after a gap ask for what was missed, or reload.
        if (position.last !== null) connection.send({ type: 'resume', after: position.last });
        else subscriptions.resyncAll();
      }
    },
    onMessage: (data) => read(data),
  });
  const subscriptions = createSubscriptions(connection);
  const read = createMessageReader({ subscriptions, handlers: () => connection.handlers, position });

  return {
    get lastPosition() {
      return position.last;
    },
    get status() {
      return connection.status;
    },
    start: connection.start,
    listen: subscriptions.listen,
    listenLive: subscriptions.listenLive,
    listenUser: subscriptions.listenUser,
    listenCarts: subscriptions.listenCarts,
    setToken(next) {
      if (next === token) return;
      const signingOut = token !== null && next === null;
      token = next;
      if (next || signingOut) connection.send({ type: 'auth', token: next });
    },
  };
}

/** The socket lives on the same host as the page (the dev server proxies /ws). */
export function defaultSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}
