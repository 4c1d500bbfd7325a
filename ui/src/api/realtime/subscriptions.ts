import type { ClientMessage, LiveComingUpMessage, LiveRoomMessage, LotMessage } from '@wine/contracts';
import type {
  CartListener,
  LiveChannel,
  LiveRoomListener,
  LotChannel,
  LotListener,
  UserChange,
  UserListener,
} from './types.ts';

type Channel = LotChannel | LiveChannel;
/** A lot's or a live room's listener: asked to read again when it may have missed a change. */
type ChannelListener = Pick<LotListener, 'onResync'>;

const MAX_CHANNELS_PER_MESSAGE = 200;

/** What the subscriptions need of the connection. */
export interface Link {
  isOpen(): boolean;
  send(message: ClientMessage): void;
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;

/**
 * Who listens to what: lot listeners and live rooms' listeners by channel (a channel is subscribed on
 * the socket while anyone listens to it), the signed-in user's listeners and the carts' listeners; and
 * the delivery to them.
 */
export function createSubscriptions(link: Link) {
  const listeners = new Set<LotListener>();
  const liveListeners = new Set<LiveRoomListener>();
  /** Every lot's and live room's listener with its channels. */
  const listening = new Map<ChannelListener, readonly Channel[]>();
  const userListeners = new Set<UserListener>();
  const cartListeners = new Set<CartListener>();
  const channelCounts = new Map<Channel, number>();
  /** Listeners waiting for the server to confirm a channel they subscribed: they resync then. */
  const awaiting = new Map<Channel, Set<ChannelListener>>();

  const sendChannels = (type: 'subscribe' | 'unsubscribe', channels: Channel[]) => {
    if (!link.isOpen()) return;
    for (let i = 0; i < channels.length; i += MAX_CHANNELS_PER_MESSAGE) {
      link.send({ type, channels: channels.slice(i, i + MAX_CHANNELS_PER_MESSAGE) });
    }
    if (type === 'unsubscribe') return;
    for (const channel of channels) {
      const due = [...listening].filter(([, on]) => on.includes(channel)).map(([listener]) => listener);
      awaiting.set(channel, new Set(due));
    }
  };

  /** Counts the listener on its channels (subscribing the new ones) until the returned function is called. */
  const join = (listener: ChannelListener, channels: readonly Channel[]) => {
    listening.set(listener, channels);
    const added: Channel[] = [];
    for (const channel of new Set(channels)) {
      const count = channelCounts.get(channel) ?? 0;
      channelCounts.set(channel, count + 1);
      if (count === 0) added.push(channel);
    }
    if (added.length) sendChannels('subscribe', added);
    return () => {
      listening.delete(listener);
      const removed: Channel[] = [];
      for (const channel of new Set(channels)) {
        const count = (channelCounts.get(channel) ?? 1) - 1;
        if (count <= 0) {
          channelCounts.delete(channel);
          removed.push(channel);
        } else channelCounts.set(channel, count);
      }
      if (removed.length) sendChannels('unsubscribe', removed);
    };
  };

  const listen = (listener: LotListener) => {
    listeners.add(listener);
    const leave = join(listener, listener.channels);
    return () => {
      if (listeners.delete(listener)) leave();
    };
  };

  const listenLive = (listener: LiveRoomListener) => {
    liveListeners.add(listener);
    const leave = join(listener, [`live:${listener.auctionId}`]);
    return () => {
      if (liveListeners.delete(listener)) leave();
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
    listenLive,
    listenUser: member(userListeners),
    listenCarts: member(cartListeners),
    /** Subscribes every channel anyone listens to (a socket just opened). */
    subscribeAll: () => sendChannels('subscribe', [...channelCounts.keys()]),
    /** No listener asks again on the server's answer (a resume or resync covers what was missed). */
    forgetAwaiting: () => awaiting.clear(),
    /** The server relays these channels now: their listeners ask again for what they show, once. */
    confirmed(channels: readonly string[]) {
      const due = new Set<ChannelListener>();
      for (const channel of channels) {
        for (const listener of awaiting.get(channel as Channel) ?? []) due.add(listener);
        awaiting.delete(channel as Channel);
      }
      for (const listener of due) if (listening.has(listener)) listener.onResync?.();
    },
    /** Changes may have been missed: every listener asks again. */
    resyncAll() {
      for (const listener of [...listening.keys()]) listener.onResync?.();
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
    /** To the listeners of the room (issue 37). */
    deliverLiveRoom(message: LiveRoomMessage) {
      for (const listener of [...liveListeners]) {
        if (listener.auctionId === message.room.auction_id) listener.onRoom(message);
      }
    },
    /** To the listeners of the sale the lot coming up is in. */
    deliverComingUp(message: LiveComingUpMessage) {
      for (const listener of [...liveListeners]) {
        if (listener.auctionId === message.auction_id) listener.onComingUp?.(message);
      }
    },
    deliverCart() {
      for (const listener of [...cartListeners]) listener.onCartChanged();
    },
  };
}
