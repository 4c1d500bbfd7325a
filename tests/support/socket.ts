import { WebSocket } from 'ws';

export interface TestSocket {
  socket: WebSocket;
  /** Every message received, parsed, in order. */
  messages: Record<string, unknown>[];
  send(message: unknown): void;
  /** Messages of one type received so far. */
  of<T = Record<string, unknown>>(type: string): T[];
}

/** A browser-like socket to the marketplace's /ws endpoint. */
export const openSocket = (url: string) =>
  new Promise<TestSocket>((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    socket.once('open', () =>
      resolve({
        socket,
        messages,
        send: (message) => socket.send(JSON.stringify(message)),
        of: <T>(type: string) => messages.filter((m) => m.type === type) as T[],
      }),
    );
    socket.once('error', reject);
  });
