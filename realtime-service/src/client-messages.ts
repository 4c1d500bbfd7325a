import { performance } from 'node:perf_hooks';
import { accountMessages, ClientMessage, type ServerMessage } from '@wine/contracts';
import type { Client, RealtimeDeps, Relayed } from './realtime-model.ts';
import type { ReplayBuffer } from './replay-buffer.ts';

/** What a browser may send on its socket: sign in or out, subscribe, unsubscribe, resume once. */
export function createClientMessages(
  deps: Pick<RealtimeDeps, 'authenticate'>,
  limits: { maxChannelsPerSocket: number; resumeWindow: number },
  buffer: ReplayBuffer<Relayed>,
  send: (client: Client, message: ServerMessage) => void,
  deliver: (client: Client, item: Relayed) => void,
) {
  async function authenticate(client: Client, token: string | null) {
    if (token === null) {
      client.userId = null;
      client.token = null;
      return send(client, { type: 'authenticated', user_id: null });
    }
    const userId = deps.authenticate ? await deps.authenticate(token).catch(() => null) : null;
    if (userId === null) return send(client, { type: 'error', message: accountMessages.sessionExpired });
    client.userId = userId;
    client.token = token;
    client.checkedAt = performance.now();
    send(client, { type: 'authenticated', user_id: userId });
  }

  async function handle(client: Client, raw: string): Promise<void> {
    let parsed: ReturnType<typeof ClientMessage.safeParse>;
    try {
      parsed = ClientMessage.safeParse(JSON.parse(raw));
    } catch {
      return send(client, { type: 'error', message: 'messages must be JSON' });
    }
    if (!parsed.success) {
      return send(client, { type: 'error', message: parsed.error.issues[0]?.message ?? 'invalid message' });
    }
    const message = parsed.data;
    switch (message.type) {
      case 'subscribe': {
        const added = new Set(message.channels.filter((c) => !client.channels.has(c)));
        if (client.channels.size + added.size > limits.maxChannelsPerSocket) {
          return send(client, {
            type: 'error',
            message: `at most ${limits.maxChannelsPerSocket} channels per socket`,
          });
        }
        for (const c of added) client.channels.add(c);
        return send(client, { type: 'subscribed', channels: message.channels });
      }
      case 'unsubscribe':
        for (const c of message.channels) client.channels.delete(c);
        return;
      case 'resume': {
        if (client.resumed) return send(client, { type: 'error', message: 'resume once per connection' });
        client.resumed = true;
        const missed = buffer.after(message.after, limits.resumeWindow);
        if (missed === null) send(client, { type: 'resync', position: buffer.latest() ?? '' });
        else for (const item of missed) deliver(client, item);
        return;
      }
      case 'auth':
        return authenticate(client, message.token);
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  }

  return handle;
}
