import type { ClientMessage, LotMessage } from '@wine/contracts';
import type { CartListener, LotChannel, LotListener, UserChange, UserListener } from './types.ts';

const MAX_CHANNELS_PER_MESSAGE = 200;

/** What the subscriptions need of the connection. */
export interface Link {
  isOpen(): boolean;
  send(message: ClientMessage): void;
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;

/**
 * Who listens to what: lot listeners by channel (a channel is subscribed on the socket while anyone
 * listens to it), the signed-in user's listeners and the carts' listeners; and the delivery to them.
 */
export function createSubscriptions(link: Link) {
  const listeners = new Set<LotListener>();
  const userListeners = new Set<UserListener>();
  const cartListeners = new Set<CartListener>();
  const channelCounts = new Map<LotChannel, number>();
  /** Listeners waiting for the server to confirm a channel they subscribed: they resync then. */
  const awaiting = new Map<LotChannel, Set<LotListener>>();

  const sendChannels = (type: 'subscribe' | 'unsubscribe', channels: LotChannel[]) => {
    if (!link.isOpen()) return;
    for (let i = 0; i < channels.length; i += MAX_CHANNELS_PER_MESSAGE) {
      link.send({ type, channels: channels.slice(i, i + MAX_CHANNELS_PER_MESSAGE) });
    }
    if (type === 'unsubscribe') return;
    for (const channel of channels) {
      awaiting.set(channel, new Set([...listeners].filter((l) => l.channels.includes(channel))));
    }
  };

  const listen = (listener: LotListener) => {
    listeners.add(listener);
    const added: LotChannel[] = [];
    for (const channel of new Set(listener.channels)) {
      const count = channelCounts.get(channel) ?? 0;
      channelCounts.set(channel, count + 1);
      if (count === 0) added.push(channel);
    }
    if (added.length) sendChannels('subscribe', added);
    return () => {
      if (!listeners.delete(listener)) return;
      const removed: LotChannel[] = [];
      for (const channel of new Set(listener.channels)) {
        const count = (channelCounts.get(channel) ?? 1) - 1;
        if (count <= 0) {
          channelCounts.delete(channel);
          removed.push(channel);
        } else channelCounts.set(channel, count);
      }
      if (removed.length) sendChannels('unsubscribe', removed);
    };
  };

  /** Adds to a set until the returned function is called. */
  const member =
    <T>(set: Set<T>) =>
    (item: T) => {
      set.add(item);
      return () => {
        set.delete(item);
      };
    };

  return {
    listen,
    listenUser: member(userListeners),
    listenCarts: member(cartListeners),
    /** Subscribes every channel anyone listens to (a socket just opened). */
    subscribeAll: () => sendChannels('subscribe', [...channelCounts.keys()]),
    /** No listener asks again on the server's answer (a resume or resync covers what was missed). */
    forgetAwaiting: () => awaiting.clear(),
    /** The server relays these channels now: their listeners ask again for what they show, once. */
    confirmed(channels: readonly string[]) {
      const due = new Set<LotListener>();
      for (const channel of channels) {
        for (const listener of awaiting.get(channel as LotChannel) ?? []) due.add(listener);
        awaiting.delete(channel as LotChannel);
      }
      for (const listener of due) if (listeners.has(listener)) listener.onResync?.();
    },
    /** Changes may have been missed: every listener asks again. */
    resyncAll() {
      for (const listener of [...listeners]) listener.onResync?.();
      for (const listener of [...cartListeners]) listener.onCartChanged();
    },
    deliverUser(message: UserChange) {
      for (const listener of [...userListeners]) listener.onMessage(message);
    },
    /** To the listeners of every lot and of this one. */
    deliverLot(message: LotMessage) {
      const own: LotChannel = `lot:${message.lot.id}`;
      for (const listener of [...listeners]) {
        if (listener.channels.includes('lots') || listener.channels.includes(own))
          listener.onLotChanged(message);
      }
    },
    deliverCart() {
      for (const listener of [...cartListeners]) listener.onCartChanged();
    },
  };
}
